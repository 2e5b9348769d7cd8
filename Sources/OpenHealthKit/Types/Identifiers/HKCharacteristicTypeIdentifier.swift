import HealthCore

/// The identifier of a characteristic type: HealthKit's `HKCharacteristicTypeIdentifier`, an open set of identifier strings.
///
/// Every constant maps a name of HealthCore's catalog; unknown identifiers are kept verbatim.
///
/// ```swift
/// HKCharacteristicTypeIdentifier.dateOfBirth.rawValue   // "HKCharacteristicTypeIdentifierDateOfBirth"
/// ```
public struct HKCharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: CharacteristicTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: CharacteristicTypeIdentifier { CharacteristicTypeIdentifier(rawValue: rawValue) }

}

extension HKCharacteristicTypeIdentifier {
    /// `CharacteristicTypeIdentifier.biologicalSex`.
    public static let biologicalSex = HKCharacteristicTypeIdentifier(CharacteristicTypeIdentifier.biologicalSex)
    /// `CharacteristicTypeIdentifier.bloodType`.
    public static let bloodType = HKCharacteristicTypeIdentifier(CharacteristicTypeIdentifier.bloodType)
    /// `CharacteristicTypeIdentifier.dateOfBirth`.
    public static let dateOfBirth = HKCharacteristicTypeIdentifier(CharacteristicTypeIdentifier.dateOfBirth)
    /// `CharacteristicTypeIdentifier.fitzpatrickSkinType`.
    public static let fitzpatrickSkinType = HKCharacteristicTypeIdentifier(
        CharacteristicTypeIdentifier.fitzpatrickSkinType)
    /// `CharacteristicTypeIdentifier.wheelchairUse`.
    public static let wheelchairUse = HKCharacteristicTypeIdentifier(CharacteristicTypeIdentifier.wheelchairUse)
    /// `CharacteristicTypeIdentifier.activityMoveMode`.
    public static let activityMoveMode = HKCharacteristicTypeIdentifier(CharacteristicTypeIdentifier.activityMoveMode)
    /// `CharacteristicTypeIdentifier.cardioFitnessMedicationsUse`.
    public static let cardioFitnessMedicationsUse = HKCharacteristicTypeIdentifier(
        CharacteristicTypeIdentifier.cardioFitnessMedicationsUse)
}
