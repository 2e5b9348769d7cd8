/// The user's Fitzpatrick skin type (`HKFitzpatrickSkinType`), the value of
/// ``CharacteristicTypeIdentifier/fitzpatrickSkinType``. Case names follow HealthKit's Swift names (`.I` … `.VI`).
///
/// ```swift
/// FitzpatrickSkinType.VI.rawValue  // 6
/// FitzpatrickSkinType.VI.exportName
/// // "HKFitzpatrickSkinTypeVI"
/// ```
public enum FitzpatrickSkinType: Int, ExportNamedValue, Codable {
    /// Not set. Raw value 0; exported as `HKFitzpatrickSkinTypeNotSet`.
    case notSet = 0
    /// Type I: pale white skin, always burns, never tans. Raw value 1; exported as `HKFitzpatrickSkinTypeI`.
    case I = 1
    /// Type II: white skin, burns easily, tans minimally. Raw value 2; exported as `HKFitzpatrickSkinTypeII`.
    case II = 2
    /// Type III: white to light brown skin, burns moderately, tans uniformly. Raw value 3; exported as
    /// `HKFitzpatrickSkinTypeIII`.
    case III = 3
    /// Type IV: beige-olive skin, rarely burns, tans moderately. Raw value 4; exported as `HKFitzpatrickSkinTypeIV`.
    case IV = 4
    /// Type V: brown skin, very rarely burns, tans profusely. Raw value 5; exported as `HKFitzpatrickSkinTypeV`.
    case V = 5
    /// Type VI: black skin, never burns. Raw value 6; exported as `HKFitzpatrickSkinTypeVI`.
    case VI = 6

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .notSet: "HKFitzpatrickSkinTypeNotSet"
        case .I: "HKFitzpatrickSkinTypeI"
        case .II: "HKFitzpatrickSkinTypeII"
        case .III: "HKFitzpatrickSkinTypeIII"
        case .IV: "HKFitzpatrickSkinTypeIV"
        case .V: "HKFitzpatrickSkinTypeV"
        case .VI: "HKFitzpatrickSkinTypeVI"
        }
    }
}
