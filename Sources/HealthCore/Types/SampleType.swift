/// The type of a sample, as one value: HealthKit's identifier string with the kind of object it names
/// (quantity, category, correlation, workout, …).
///
/// An open set, like the identifiers: ``init(identifier:)`` classifies any string by its prefix, so every
/// identifier from an export round-trips, including the ones Apple adds after this catalog was written. Equality,
/// hashing and ordering use ``identifier`` only.
///
/// ```swift
/// SampleType(identifier: "HKQuantityTypeIdentifierStepCount") == .quantity(.stepCount)   // true
/// SampleType(identifier: "HKWorkoutTypeIdentifier") == .workout                          // true
/// SampleType(identifier: "HKDataTypeSleepDurationGoal").kind                             // .other
/// SampleType.category(.sleepAnalysis).identifier      // "HKCategoryTypeIdentifierSleepAnalysis"
/// SampleType.quantity(.stepCount).quantityIdentifier  // .stepCount
/// ```
///
/// ## Topics
///
/// ### Kinds
/// - ``quantity(_:)``
/// - ``category(_:)``
/// - ``correlation(_:)``
/// - ``clinical(_:)``
/// - ``workout``
/// - ``workoutRoute``
/// - ``heartbeatSeries``
/// - ``audiogram``
/// - ``electrocardiogram``
///
/// ### Other known identifiers
/// - ``cdaDocument``
/// - ``visionPrescription``
/// - ``stateOfMind``
/// - ``sleepDurationGoal``
public struct SampleType: Sendable {
    /// The kind of object a type identifier names: an open set of names, like the identifiers themselves.
    public struct Kind: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The kind's name.
        public let rawValue: String
        /// Creates a kind.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Quantity types (`HKQuantityTypeIdentifier…`).
        public static let quantity = Kind(rawValue: "quantity")
        /// Category types (`HKCategoryTypeIdentifier…`).
        public static let category = Kind(rawValue: "category")
        /// Correlation types (`HKCorrelationTypeIdentifier…`).
        public static let correlation = Kind(rawValue: "correlation")
        /// Workouts.
        public static let workout = Kind(rawValue: "workout")
        /// Workout routes.
        public static let workoutRoute = Kind(rawValue: "workoutRoute")
        /// Heartbeat series.
        public static let heartbeatSeries = Kind(rawValue: "heartbeatSeries")
        /// Audiograms.
        public static let audiogram = Kind(rawValue: "audiogram")
        /// Electrocardiograms.
        public static let electrocardiogram = Kind(rawValue: "electrocardiogram")
        /// Clinical records (`HKClinicalTypeIdentifier…`).
        public static let clinical = Kind(rawValue: "clinical")
        /// Any other identifier (documents, vision prescriptions, characteristics, future types).
        public static let other = Kind(rawValue: "other")

        /// The kind's name.
        public var description: String { rawValue }
    }

    /// HealthKit's identifier string of the type.
    public let identifier: String
    /// What kind of object the identifier names.
    public let kind: Kind

    private init(identifier: String, kind: Kind) {
        self.identifier = identifier
        self.kind = kind
    }

    /// The prefix of quantity type identifiers.
    static let quantityPrefix = "HKQuantityTypeIdentifier"
    /// The prefix of category type identifiers.
    static let categoryPrefix = "HKCategoryTypeIdentifier"
    /// The prefix of correlation type identifiers.
    static let correlationPrefix = "HKCorrelationTypeIdentifier"
    /// The prefix of clinical type identifiers.
    static let clinicalPrefix = "HKClinicalTypeIdentifier"

    /// The singleton types with a kind of their own, by identifier.
    private static let singletons: [String: Kind] = [
        "HKWorkoutTypeIdentifier": .workout,
        "HKWorkoutRouteTypeIdentifier": .workoutRoute,
        "HKDataTypeIdentifierHeartbeatSeries": .heartbeatSeries,
        "HKDataTypeIdentifierAudiogram": .audiogram,
        "HKDataTypeIdentifierElectrocardiogram": .electrocardiogram,
    ]

    /// Classifies an identifier string: by prefix for quantity, category and correlation types, by exact match for
    /// the singleton types, and ``Kind/other`` for everything else. Never fails.
    ///
    /// - Parameter identifier: HealthKit's identifier string.
    public init(identifier: String) {
        let kind: Kind
        if identifier.hasPrefix(Self.quantityPrefix) {
            kind = .quantity
        } else if identifier.hasPrefix(Self.categoryPrefix) {
            kind = .category
        } else if identifier.hasPrefix(Self.correlationPrefix) {
            kind = .correlation
        } else if identifier.hasPrefix(Self.clinicalPrefix) {
            kind = .clinical
        } else {
            kind = Self.singletons[identifier] ?? .other
        }
        self.init(identifier: identifier, kind: kind)
    }

    /// A quantity type, such as step count.
    public static func quantity(_ identifier: QuantityTypeIdentifier) -> SampleType {
        SampleType(identifier: identifier.rawValue, kind: .quantity)
    }

    /// A category type, such as sleep analysis.
    public static func category(_ identifier: CategoryTypeIdentifier) -> SampleType {
        SampleType(identifier: identifier.rawValue, kind: .category)
    }

    /// A correlation type: blood pressure or food.
    public static func correlation(_ identifier: CorrelationTypeIdentifier) -> SampleType {
        SampleType(identifier: identifier.rawValue, kind: .correlation)
    }

    /// A clinical record type, such as lab results.
    public static func clinical(_ identifier: ClinicalTypeIdentifier) -> SampleType {
        SampleType(identifier: identifier.rawValue, kind: .clinical)
    }

    /// Workouts (`HKWorkoutTypeIdentifier`).
    public static let workout = SampleType(identifier: "HKWorkoutTypeIdentifier", kind: .workout)
    /// Workout routes (`HKWorkoutRouteTypeIdentifier`).
    public static let workoutRoute = SampleType(identifier: "HKWorkoutRouteTypeIdentifier", kind: .workoutRoute)
    /// Heartbeat series (`HKDataTypeIdentifierHeartbeatSeries`).
    public static let heartbeatSeries = SampleType(
        identifier: "HKDataTypeIdentifierHeartbeatSeries", kind: .heartbeatSeries)
    /// Audiograms (`HKDataTypeIdentifierAudiogram`).
    public static let audiogram = SampleType(identifier: "HKDataTypeIdentifierAudiogram", kind: .audiogram)
    /// Electrocardiograms (`HKDataTypeIdentifierElectrocardiogram`).
    public static let electrocardiogram = SampleType(
        identifier: "HKDataTypeIdentifierElectrocardiogram", kind: .electrocardiogram)

    /// The quantity type identifier, when this is a quantity type.
    public var quantityIdentifier: QuantityTypeIdentifier? {
        kind == .quantity ? QuantityTypeIdentifier(rawValue: identifier) : nil
    }

    /// The category type identifier, when this is a category type.
    public var categoryIdentifier: CategoryTypeIdentifier? {
        kind == .category ? CategoryTypeIdentifier(rawValue: identifier) : nil
    }

    /// The correlation type identifier, when this is a correlation type.
    public var correlationIdentifier: CorrelationTypeIdentifier? {
        kind == .correlation ? CorrelationTypeIdentifier(rawValue: identifier) : nil
    }

    /// The clinical type identifier, when this is a clinical record type.
    public var clinicalIdentifier: ClinicalTypeIdentifier? {
        kind == .clinical ? ClinicalTypeIdentifier(rawValue: identifier) : nil
    }
}
