/// The values of ``CategoryTypeIdentifier/pregnancyTestResult`` (`HKCategoryValuePregnancyTestResult`).
///
/// ```swift
/// CategoryValuePregnancyTestResult.indeterminate.rawValue  // 3
/// CategoryValuePregnancyTestResult.indeterminate.exportName
/// // "HKCategoryValuePregnancyTestResultIndeterminate"
/// ```
public enum CategoryValuePregnancyTestResult: Int, ExportNamedValue, Codable {
    /// Negative. Raw value 1; exported as `HKCategoryValuePregnancyTestResultNegative`.
    case negative = 1
    /// Positive. Raw value 2; exported as `HKCategoryValuePregnancyTestResultPositive`.
    case positive = 2
    /// Indeterminate. Raw value 3; exported as `HKCategoryValuePregnancyTestResultIndeterminate`.
    case indeterminate = 3

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .negative: "HKCategoryValuePregnancyTestResultNegative"
        case .positive: "HKCategoryValuePregnancyTestResultPositive"
        case .indeterminate: "HKCategoryValuePregnancyTestResultIndeterminate"
        }
    }
}
