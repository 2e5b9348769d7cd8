/// The values of ``CategoryTypeIdentifier/appetiteChanges`` (`HKCategoryValueAppetiteChanges`).
///
/// ```swift
/// CategoryValueAppetiteChanges.increased.rawValue  // 3
/// CategoryValueAppetiteChanges.increased.exportName
/// // "HKCategoryValueAppetiteChangesIncreased"
/// ```
public enum CategoryValueAppetiteChanges: Int, ExportNamedValue, Codable {
    /// Changed, direction not given. Raw value 0; exported as `HKCategoryValueAppetiteChangesUnspecified`.
    case unspecified = 0
    /// No change. Raw value 1; exported as `HKCategoryValueAppetiteChangesNoChange`.
    case noChange = 1
    /// Decreased. Raw value 2; exported as `HKCategoryValueAppetiteChangesDecreased`.
    case decreased = 2
    /// Increased. Raw value 3; exported as `HKCategoryValueAppetiteChangesIncreased`.
    case increased = 3

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .unspecified: "HKCategoryValueAppetiteChangesUnspecified"
        case .noChange: "HKCategoryValueAppetiteChangesNoChange"
        case .decreased: "HKCategoryValueAppetiteChangesDecreased"
        case .increased: "HKCategoryValueAppetiteChangesIncreased"
        }
    }
}
