public import Foundation

/// What an in-memory evaluation needs to know beyond the sample itself: relations kept by the store.
public protocol SamplePredicateContext {
    /// Whether the sample is a member of some correlation.
    func isCorrelationMember(_ sample: UUID) -> Bool
    /// Whether the sample is associated with the workout.
    func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool
}

/// A context with no relations: no sample is a correlation member or associated with a workout.
public struct NoRelationsContext: SamplePredicateContext {
    /// Creates the empty context.
    public init() {}
    /// Always false.
    public func isCorrelationMember(_ sample: UUID) -> Bool { false }
    /// Always false.
    public func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool { false }
}

extension SamplePredicate {
    /// Whether the sample matches, with the same meaning as every storage backend's compiled form.
    /// - Parameters:
    ///   - sample: The sample (its `sourceRevision` is what source predicates test).
    ///   - context: The store's relations (correlation membership, workout association).
    public func evaluate(_ sample: AnySample, context: any SamplePredicateContext = NoRelationsContext()) -> Bool {
        Self.evaluate(node, sample, context)
    }

    private static func evaluate(_ node: Node, _ sample: AnySample, _ context: any SamplePredicateContext) -> Bool {
        switch node {
        case .all:
            return true
        case .none:
            return false
        case .date(let start, let end, let options):
            return matchesDate(sample, start: start, end: end, options: options)
        case .types(let types):
            return types.contains(sample.sampleType)
        case .uuids(let uuids):
            return uuids.contains(sample.uuid)
        case .sources(let bundles):
            return sample.sourceRevision.map { bundles.contains($0.source.bundleIdentifier) } ?? false
        case .sourceRevisions(let revisions):
            return sample.sourceRevision.map(revisions.contains) ?? false
        case .devices(let devices):
            return sample.device.map(devices.contains) ?? false
        case .deviceProperty(let key, let values):
            return sample.device?[key].map(values.contains) ?? false
        case .metadataExists(let key):
            return sample.metadata[key] != nil
        case .metadataAllowedValues(let key, let values):
            guard let value = sample.metadata[key] else { return false }
            return values.contains { MetadataComparison.compare(value, $0) == .orderedSame }
        case .metadataComparison(let key, let op, let expected):
            guard let value = sample.metadata[key], let order = MetadataComparison.compare(value, expected) else {
                return false
            }
            return op.holds(order)
        case .quantity(let op, let quantity):
            guard let sampleQuantity = sample.quantitySample?.quantity,
                let order = try? sampleQuantity.compare(quantity)
            else { return false }
            return op.holds(order)
        case .categoryValue(let op, let value):
            guard let category = sample.categorySample else { return false }
            return op.holds(category.value, value)
        case .workoutActivityType(let type):
            return sample.workout?.activityType == type
        case .workoutDuration(let op, let seconds):
            guard let workout = sample.workout else { return false }
            return op.holds(workout.duration, seconds)
        case .workoutStatistic(let type, let kind, let op, let quantity):
            guard let statistics = sample.workout?.statistics(for: type),
                let value = kind.value(in: statistics),
                let order = try? value.compare(quantity)
            else { return false }
            return op.holds(order)
        case .noCorrelation:
            return !context.isCorrelationMember(sample.uuid)
        case .associatedWithWorkout(let workout):
            return context.isSample(sample.uuid, associatedWithWorkout: workout)
        case .payload(let condition):
            return condition.holds(for: sample)
        case .and(let children):
            return children.allSatisfy { evaluate($0, sample, context) }
        case .or(let children):
            return children.contains { evaluate($0, sample, context) }
        case .not(let child):
            return !evaluate(child, sample, context)
        }
    }

    /// The date-window rule of reference §5.2.
    static func matchesDate(_ sample: AnySample, start: Date?, end: Date?, options: DateOptions) -> Bool {
        let strictStart = options.contains(.strictStartDate)
        let strictEnd = options.contains(.strictEndDate)
        let a = sample.startDate
        let e = sample.endDate
        switch (strictStart, strictEnd) {
        case (false, false):
            return (start.map { e >= $0 } ?? true) && (end.map { a < $0 } ?? true)
        case (true, false):
            return (start.map { a >= $0 } ?? true) && (end.map { a < $0 } ?? true)
        case (false, true):
            return (start.map { e >= $0 } ?? true) && (end.map { e < $0 } ?? true)
        case (true, true):
            return (start.map { a >= $0 } ?? true) && (end.map { e < $0 } ?? true)
        }
    }
}

extension WorkoutStatisticKind {
    /// The statistic's quantity, if present.
    public func value(in statistics: WorkoutStatistics) -> Quantity? {
        switch self {
        case .sum: statistics.sum
        case .minimum: statistics.minimum
        case .maximum: statistics.maximum
        case .average: statistics.average
        }
    }
}

/// Ordering of metadata values of the same kind.
enum MetadataComparison {
    /// The order of `lhs` against `rhs`, or nil when they cannot be compared (different kinds, incompatible
    /// units). Booleans compare as the numbers 0 and 1.
    static func compare(_ lhs: MetadataValue, _ rhs: MetadataValue) -> ComparisonResult? {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)):
            return order(a, b)
        case (.date(let a), .date(let b)):
            return order(a, b)
        case (.quantity(let a), .quantity(let b)):
            return try? a.compare(b)
        default:
            guard let a = lhs.doubleValue, let b = rhs.doubleValue else { return nil }
            return order(a, b)
        }
    }

    private static func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
}
