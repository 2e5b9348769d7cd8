/// The values of ``CategoryTypeIdentifier/cervicalMucusQuality`` (`HKCategoryValueCervicalMucusQuality`).
///
/// ```swift
/// CategoryValueCervicalMucusQuality.eggWhite.rawValue  // 5
/// CategoryValueCervicalMucusQuality.eggWhite.exportName
/// // "HKCategoryValueCervicalMucusQualityEggWhite"
/// ```
public enum CategoryValueCervicalMucusQuality: Int, ExportNamedValue, Codable {
    /// Dry. Raw value 1; exported as `HKCategoryValueCervicalMucusQualityDry`.
    case dry = 1
    /// Sticky. Raw value 2; exported as `HKCategoryValueCervicalMucusQualitySticky`.
    case sticky = 2
    /// Creamy. Raw value 3; exported as `HKCategoryValueCervicalMucusQualityCreamy`.
    case creamy = 3
    /// Watery. Raw value 4; exported as `HKCategoryValueCervicalMucusQualityWatery`.
    case watery = 4
    /// Egg white. Raw value 5; exported as `HKCategoryValueCervicalMucusQualityEggWhite`.
    case eggWhite = 5

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .dry: "HKCategoryValueCervicalMucusQualityDry"
        case .sticky: "HKCategoryValueCervicalMucusQualitySticky"
        case .creamy: "HKCategoryValueCervicalMucusQualityCreamy"
        case .watery: "HKCategoryValueCervicalMucusQualityWatery"
        case .eggWhite: "HKCategoryValueCervicalMucusQualityEggWhite"
        }
    }
}
