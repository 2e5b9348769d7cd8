/// The value of category types that carry no value (`HKCategoryValue`).
///
/// Used by the event, mindfulness, hygiene and several reproductive types, for example
/// ``CategoryTypeIdentifier/mindfulSession``.
///
/// ```swift
/// CategoryValue.notApplicable.rawValue  // 0
/// CategoryValue.notApplicable.exportName
/// // "HKCategoryValueNotApplicable"
/// ```
public enum CategoryValue: Int, ExportNamedValue, Codable {
    /// The sample has no value; HealthKit stores 0. Raw value 0; exported as `HKCategoryValueNotApplicable`.
    case notApplicable = 0

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .notApplicable: "HKCategoryValueNotApplicable"
        }
    }
}
