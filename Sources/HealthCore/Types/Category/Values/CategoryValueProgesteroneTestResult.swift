/// The values of ``CategoryTypeIdentifier/progesteroneTestResult`` (`HKCategoryValueProgesteroneTestResult`).
///
/// ```swift
/// CategoryValueProgesteroneTestResult.indeterminate.rawValue  // 3
/// CategoryValueProgesteroneTestResult.indeterminate.exportName
/// // "HKCategoryValueProgesteroneTestResultIndeterminate"
/// ```
public enum CategoryValueProgesteroneTestResult: Int, ExportNamedValue, Codable {
    /// Negative. Raw value 1; exported as `HKCategoryValueProgesteroneTestResultNegative`.
    case negative = 1
    /// Positive. Raw value 2; exported as `HKCategoryValueProgesteroneTestResultPositive`.
    case positive = 2
    /// Indeterminate. Raw value 3; exported as `HKCategoryValueProgesteroneTestResultIndeterminate`.
    case indeterminate = 3

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .negative: "HKCategoryValueProgesteroneTestResultNegative"
        case .positive: "HKCategoryValueProgesteroneTestResultPositive"
        case .indeterminate: "HKCategoryValueProgesteroneTestResultIndeterminate"
        }
    }
}
