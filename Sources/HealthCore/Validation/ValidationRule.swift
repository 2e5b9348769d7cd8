/// A validation rule a sample can break (reference §3.2). An open set: new rules may be added.
public struct ValidationRule: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The rule's name.
    public var rawValue: String
    /// Creates a rule from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The end date is before the start date.
    public static let dateOrder = ValidationRule(rawValue: "dateOrder")
    /// A date is earlier than the store's earliest permitted sample date.
    public static let earliestDate = ValidationRule(rawValue: "earliestDate")
    /// A value is NaN or infinite.
    public static let finiteValue = ValidationRule(rawValue: "finiteValue")
    /// A quantity's unit is not compatible with its type's canonical unit.
    public static let unitCompatibility = ValidationRule(rawValue: "unitCompatibility")
    /// A negative value for a type that does not allow one.
    public static let nonNegativeValue = ValidationRule(rawValue: "nonNegativeValue")
    /// A quantity summary (iOS 8–9 per-day aggregates) that does not hold together: minimum above the average or
    /// the average above the maximum, a count below 1, a summary of a cumulative type or with a series.
    public static let quantitySummary = ValidationRule(rawValue: "quantitySummary")
    /// The sample is longer than its type allows.
    public static let maximumDuration = ValidationRule(rawValue: "maximumDuration")
    /// A category value is not one of the type's values.
    public static let categoryValue = ValidationRule(rawValue: "categoryValue")
    /// A correlation member has the wrong type, or a required member is missing or repeated.
    public static let correlationMembers = ValidationRule(rawValue: "correlationMembers")
    /// Workout events are out of date order, outside the workout, or laps overlap.
    public static let workoutEventOrder = ValidationRule(rawValue: "workoutEventOrder")
    /// A workout's explicit duration is negative or longer than its span.
    public static let workoutDuration = ValidationRule(rawValue: "workoutDuration")
    /// A workout activity lies outside its workout or ends before it starts.
    public static let workoutActivity = ValidationRule(rawValue: "workoutActivity")
    /// A route location has coordinates out of range or is out of time order.
    public static let routeLocation = ValidationRule(rawValue: "routeLocation")
    /// A payload that does not fit its sample: a payload of another kind than the type, heartbeats out of order or
    /// outside the series, an electrocardiogram without a positive sampling frequency, with non-finite or too many
    /// voltages, or a clinical record with an empty name or an oversized resource.
    public static let payloadContent = ValidationRule(rawValue: "payloadContent")
    /// A reserved metadata key holds a value of the wrong kind or out of range.
    public static let metadataValue = ValidationRule(rawValue: "metadataValue")
    /// `HKMetadataKeySyncIdentifier` and `HKMetadataKeySyncVersion` must appear together.
    public static let syncKeys = ValidationRule(rawValue: "syncKeys")
    /// Metadata that the type requires is missing (insulin delivery reason, menstrual cycle start).
    public static let requiredMetadata = ValidationRule(rawValue: "requiredMetadata")

    /// The rule's name.
    public var description: String { rawValue }
}
