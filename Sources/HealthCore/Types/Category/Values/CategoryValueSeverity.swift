/// The values of the symptom types, such as ``CategoryTypeIdentifier/headache`` (`HKCategoryValueSeverity`).
///
/// ```swift
/// CategoryValueSeverity.severe.rawValue  // 4
/// CategoryValueSeverity.severe.exportName
/// // "HKCategoryValueSeveritySevere"
/// ```
public enum CategoryValueSeverity: Int, ExportNamedValue, Codable {
    /// Present, severity not given. Raw value 0; exported as `HKCategoryValueSeverityUnspecified`.
    case unspecified = 0
    /// Not present. Raw value 1; exported as `HKCategoryValueSeverityNotPresent`.
    case notPresent = 1
    /// Mild. Raw value 2; exported as `HKCategoryValueSeverityMild`.
    case mild = 2
    /// Moderate. Raw value 3; exported as `HKCategoryValueSeverityModerate`.
    case moderate = 3
    /// Severe. Raw value 4; exported as `HKCategoryValueSeveritySevere`.
    case severe = 4

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .unspecified: "HKCategoryValueSeverityUnspecified"
        case .notPresent: "HKCategoryValueSeverityNotPresent"
        case .mild: "HKCategoryValueSeverityMild"
        case .moderate: "HKCategoryValueSeverityModerate"
        case .severe: "HKCategoryValueSeveritySevere"
        }
    }
}
