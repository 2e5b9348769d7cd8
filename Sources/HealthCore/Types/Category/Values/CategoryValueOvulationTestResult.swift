/// The values of ``CategoryTypeIdentifier/ovulationTestResult`` (`HKCategoryValueOvulationTestResult`).
///
/// ```swift
/// CategoryValueOvulationTestResult.estrogenSurge.rawValue  // 4
/// CategoryValueOvulationTestResult.estrogenSurge.exportName
/// // "HKCategoryValueOvulationTestResultEstrogenSurge"
/// ```
public enum CategoryValueOvulationTestResult: Int, ExportNamedValue, Codable {
    /// Negative. Raw value 1; exported as `HKCategoryValueOvulationTestResultNegative`.
    case negative = 1
    /// Luteinizing hormone surge (formerly `positive`). Raw value 2; exported as
    /// `HKCategoryValueOvulationTestResultLuteinizingHormoneSurge`.
    case luteinizingHormoneSurge = 2
    /// Indeterminate. Raw value 3; exported as `HKCategoryValueOvulationTestResultIndeterminate`.
    case indeterminate = 3
    /// Estrogen surge. Raw value 4; exported as `HKCategoryValueOvulationTestResultEstrogenSurge`.
    case estrogenSurge = 4

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .negative: "HKCategoryValueOvulationTestResultNegative"
        case .luteinizingHormoneSurge: "HKCategoryValueOvulationTestResultLuteinizingHormoneSurge"
        case .indeterminate: "HKCategoryValueOvulationTestResultIndeterminate"
        case .estrogenSurge: "HKCategoryValueOvulationTestResultEstrogenSurge"
        }
    }

    /// Older or alternative export spellings.
    public static let exportAliases: [String: CategoryValueOvulationTestResult] = [
        "HKCategoryValueOvulationTestResultPositive": .luteinizingHormoneSurge
    ]
}
