/// The user's blood type (`HKBloodType`), the value of ``CharacteristicTypeIdentifier/bloodType``.
///
/// ```swift
/// BloodType.oNegative.rawValue  // 8
/// BloodType.oNegative.exportName
/// // "HKBloodTypeONegative"
/// ```
public enum BloodType: Int, ExportNamedValue, Codable {
    /// Not set. Raw value 0; exported as `HKBloodTypeNotSet`.
    case notSet = 0
    /// A+. Raw value 1; exported as `HKBloodTypeAPositive`.
    case aPositive = 1
    /// A-. Raw value 2; exported as `HKBloodTypeANegative`.
    case aNegative = 2
    /// B+. Raw value 3; exported as `HKBloodTypeBPositive`.
    case bPositive = 3
    /// B-. Raw value 4; exported as `HKBloodTypeBNegative`.
    case bNegative = 4
    /// AB+. Raw value 5; exported as `HKBloodTypeABPositive`.
    case abPositive = 5
    /// AB-. Raw value 6; exported as `HKBloodTypeABNegative`.
    case abNegative = 6
    /// O+. Raw value 7; exported as `HKBloodTypeOPositive`.
    case oPositive = 7
    /// O-. Raw value 8; exported as `HKBloodTypeONegative`.
    case oNegative = 8

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .notSet: "HKBloodTypeNotSet"
        case .aPositive: "HKBloodTypeAPositive"
        case .aNegative: "HKBloodTypeANegative"
        case .bPositive: "HKBloodTypeBPositive"
        case .bNegative: "HKBloodTypeBNegative"
        case .abPositive: "HKBloodTypeABPositive"
        case .abNegative: "HKBloodTypeABNegative"
        case .oPositive: "HKBloodTypeOPositive"
        case .oNegative: "HKBloodTypeONegative"
        }
    }
}
