public import Foundation

/// Which samples a query or a delete selects: the vocabulary of HealthKit's `HKQuery.predicateFor…` factories
/// (reference §5.2), as an opaque value that combines with `&&`, `||` and `!`.
///
/// Storage backends compile it (SQLite and PostgreSQL to SQL); ``evaluate(_:context:)`` evaluates it in memory
/// with the same meaning.
///
/// ```swift
/// let today = SamplePredicate.date(start: midnight, end: nextMidnight)
///     && .type(.quantity(.stepCount))
///     && !.source(bundleIdentifier: "com.example.app")
/// ```
public struct SamplePredicate: Sendable, Hashable {
    /// The predicate's syntax tree, for storage backends that compile it.
    package let node: Node

    package init(_ node: Node) { self.node = node }

    /// The nodes of a predicate.
    package indirect enum Node: Sendable, Hashable {
        case all
        case none
        case date(start: Date?, end: Date?, options: DateOptions)
        case types(Set<SampleType>)
        case uuids(Set<UUID>)
        case sources(Set<String>)
        case sourceRevisions(Set<SourceRevision>)
        case devices(Set<Device>)
        case deviceProperty(Device.PropertyKey, Set<String>)
        case metadataExists(MetadataKey)
        case metadataAllowedValues(MetadataKey, [MetadataValue])
        case metadataComparison(MetadataKey, ComparisonOperator, MetadataValue)
        case quantity(ComparisonOperator, Quantity)
        case categoryValue(ComparisonOperator, Int)
        case workoutActivityType(WorkoutActivityType)
        case workoutDuration(ComparisonOperator, TimeInterval)
        case workoutStatistic(QuantityTypeIdentifier, WorkoutStatisticKind, ComparisonOperator, Quantity)
        case noCorrelation
        case associatedWithWorkout(UUID)
        case payload(PayloadCondition)
        case and([Node])
        case or([Node])
        case not(Node)
    }
}

/// The date-window options of `HKQueryOptions` (reference §5.2).
public struct DateOptions: OptionSet, Sendable, Hashable, Codable {
    /// The raw bits (`HKQueryOptions`).
    public var rawValue: Int
    /// Creates options from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Overlap: `endDate >= start && startDate < end`.
    public static let none: DateOptions = []
    /// The sample must start inside the window: `start <= startDate < end`.
    public static let strictStartDate = DateOptions(rawValue: 1)
    /// The sample must end inside the window: `start <= endDate < end`.
    public static let strictEndDate = DateOptions(rawValue: 2)
}

/// A comparison in a predicate (`NSPredicate.Operator`'s comparisons).
public enum ComparisonOperator: String, Sendable, Hashable, Codable, CaseIterable {
    /// `<`
    case lessThan = "<"
    /// `<=`
    case lessThanOrEqualTo = "<="
    /// `==`
    case equalTo = "=="
    /// `!=`
    case notEqualTo = "!="
    /// `>=`
    case greaterThanOrEqualTo = ">="
    /// `>`
    case greaterThan = ">"

    /// Applies the comparison to an ordering result of `lhs` against `rhs`.
    public func holds(_ order: ComparisonResult) -> Bool {
        switch self {
        case .lessThan: order == .orderedAscending
        case .lessThanOrEqualTo: order != .orderedDescending
        case .equalTo: order == .orderedSame
        case .notEqualTo: order != .orderedSame
        case .greaterThanOrEqualTo: order != .orderedAscending
        case .greaterThan: order == .orderedDescending
        }
    }

    /// Compares two comparable values.
    public func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
        holds(lhs < rhs ? .orderedAscending : lhs > rhs ? .orderedDescending : .orderedSame)
    }
}

/// Which workout statistic a workout predicate compares (iOS 16's sum/min/max/average forms).
public enum WorkoutStatisticKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// The sum (cumulative types: energy, distance, strokes, flights).
    case sum
    /// The minimum.
    case minimum
    /// The maximum.
    case maximum
    /// The average.
    case average
}
