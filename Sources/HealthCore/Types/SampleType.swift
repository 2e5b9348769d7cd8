/// The type of a sample, as one value: a quantity, category or correlation type, one of the singleton types, or
/// an identifier this catalog does not classify.
///
/// ``identifier`` is HealthKit's identifier string, and ``init(identifier:)`` classifies a string by its prefix,
/// so every identifier from an export round-trips. Equality, hashing and ordering use ``identifier`` only:
/// `.other("HKWorkoutTypeIdentifier")` equals ``workout``.
///
/// ```swift
/// SampleType(identifier: "HKQuantityTypeIdentifierStepCount")      // .quantity(.stepCount)
/// SampleType(identifier: "HKWorkoutTypeIdentifier")                // .workout
/// SampleType(identifier: "HKDataTypeSleepDurationGoal")            // .other("HKDataTypeSleepDurationGoal")
/// SampleType.category(.sleepAnalysis).identifier                   // "HKCategoryTypeIdentifierSleepAnalysis"
/// ```
///
/// ## Topics
///
/// ### Other known identifiers
/// - ``cdaDocument``
/// - ``visionPrescription``
/// - ``stateOfMind``
/// - ``sleepDurationGoal``
public enum SampleType: Sendable {
    /// A quantity type, such as step count.
    case quantity(QuantityTypeIdentifier)
    /// A category type, such as sleep analysis.
    case category(CategoryTypeIdentifier)
    /// A correlation type: blood pressure or food.
    case correlation(CorrelationTypeIdentifier)
    /// Workouts (`HKWorkoutTypeIdentifier`).
    case workout
    /// Workout routes (`HKWorkoutRouteTypeIdentifier`).
    case workoutRoute
    /// Heartbeat series (`HKDataTypeIdentifierHeartbeatSeries`).
    case heartbeatSeries
    /// Audiograms (`HKDataTypeIdentifierAudiogram`).
    case audiogram
    /// Electrocardiograms (`HKDataTypeIdentifierElectrocardiogram`).
    case electrocardiogram
    /// Any other identifier, kept verbatim (documents, vision prescriptions, state of mind, future types).
    case other(String)

    /// The prefix of quantity type identifiers.
    static let quantityPrefix = "HKQuantityTypeIdentifier"
    /// The prefix of category type identifiers.
    static let categoryPrefix = "HKCategoryTypeIdentifier"
    /// The prefix of correlation type identifiers.
    static let correlationPrefix = "HKCorrelationTypeIdentifier"

    /// The singleton types with a case of their own, by identifier.
    private static let singletons: [String: SampleType] = [
        "HKWorkoutTypeIdentifier": .workout,
        "HKWorkoutRouteTypeIdentifier": .workoutRoute,
        "HKDataTypeIdentifierHeartbeatSeries": .heartbeatSeries,
        "HKDataTypeIdentifierAudiogram": .audiogram,
        "HKDataTypeIdentifierElectrocardiogram": .electrocardiogram,
    ]

    /// Classifies an identifier string: by prefix for quantity, category and correlation types, by exact match for
    /// the singleton types, and ``other(_:)`` for everything else. Never fails.
    ///
    /// - Parameter identifier: HealthKit's identifier string.
    public init(identifier: String) {
        if identifier.hasPrefix(Self.quantityPrefix) {
            self = .quantity(QuantityTypeIdentifier(rawValue: identifier))
        } else if identifier.hasPrefix(Self.categoryPrefix) {
            self = .category(CategoryTypeIdentifier(rawValue: identifier))
        } else if identifier.hasPrefix(Self.correlationPrefix) {
            self = .correlation(CorrelationTypeIdentifier(rawValue: identifier))
        } else if let singleton = Self.singletons[identifier] {
            self = singleton
        } else {
            self = .other(identifier)
        }
    }

    /// HealthKit's identifier string of the type.
    public var identifier: String {
        switch self {
        case .quantity(let identifier): identifier.rawValue
        case .category(let identifier): identifier.rawValue
        case .correlation(let identifier): identifier.rawValue
        case .workout: "HKWorkoutTypeIdentifier"
        case .workoutRoute: "HKWorkoutRouteTypeIdentifier"
        case .heartbeatSeries: "HKDataTypeIdentifierHeartbeatSeries"
        case .audiogram: "HKDataTypeIdentifierAudiogram"
        case .electrocardiogram: "HKDataTypeIdentifierElectrocardiogram"
        case .other(let identifier): identifier
        }
    }
}
