/// The kind of activity a workout records (`HKWorkoutActivityType`), with HealthKit's UInt raw values.
///
/// An open set: every case of the reference has a `static let`, and raw values this catalog does not know are
/// kept (they have no ``name`` or ``exportName``). The Health app export writes the
/// ``exportName``: `HKWorkoutActivityType` followed by the case name with its first letter capitalised.
///
/// ```swift
/// let strength = WorkoutActivityType.traditionalStrengthTraining
/// strength.rawValue        // 50
/// strength.name            // "traditionalStrengthTraining"
/// strength.exportName      // "HKWorkoutActivityTypeTraditionalStrengthTraining"
/// WorkoutActivityType(exportName: "HKWorkoutActivityTypeRunning") == .running   // true
/// WorkoutActivityType(rawValue: 81).name   // nil: raw 81 has no public case, but the value is kept
/// ```
public struct WorkoutActivityType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// HealthKit's raw value, for example 37 for running.
    public let rawValue: UInt

    /// Wraps a raw value. Unknown raw values are accepted and kept.
    ///
    /// - Parameter rawValue: HealthKit's raw value.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Every known activity type, in raw-value order.
    public static let allKnown: [WorkoutActivityType] = knownNames.map { WorkoutActivityType(rawValue: $0.rawValue) }

    private static let namesByRawValue: [UInt: String] = Dictionary(
        knownNames.map { ($0.rawValue, $0.name) },
        uniquingKeysWith: { first, _ in first }
    )

    private static let rawValuesByName: [String: UInt] = Dictionary(
        knownNames.map { ($0.name, $0.rawValue) },
        uniquingKeysWith: { first, _ in first }
    )

    private static let exportPrefix = "HKWorkoutActivityType"

    /// Finds a known activity type by its case name, for example `"running"`.
    ///
    /// - Parameter name: The case name.
    public init?(name: String) {
        guard let rawValue = Self.rawValuesByName[name] else { return nil }
        self.init(rawValue: rawValue)
    }

    /// Finds a known activity type by its export name, for example `"HKWorkoutActivityTypeRunning"`.
    ///
    /// - Parameter exportName: The export name.
    public init?(exportName: String) {
        guard exportName.hasPrefix(Self.exportPrefix) else { return nil }
        let capitalized = exportName.dropFirst(Self.exportPrefix.count)
        guard let first = capitalized.first, first.isUppercase else { return nil }
        self.init(name: first.lowercased() + capitalized.dropFirst())
    }

    /// Whether the raw value is one of the known cases.
    public var isKnown: Bool { Self.namesByRawValue[rawValue] != nil }

    /// The case name, for example `"traditionalStrengthTraining"`; `nil` for an unknown raw value.
    public var name: String? { Self.namesByRawValue[rawValue] }

    /// The export name, for example `"HKWorkoutActivityTypeTraditionalStrengthTraining"`; `nil` for an unknown
    /// raw value.
    public var exportName: String? {
        guard let name, let first = name.first else { return nil }
        return Self.exportPrefix + first.uppercased() + name.dropFirst()
    }

    /// The case name, or `WorkoutActivityType(rawValue: n)` for an unknown raw value.
    public var description: String { name ?? "WorkoutActivityType(rawValue: \(rawValue))" }
}
