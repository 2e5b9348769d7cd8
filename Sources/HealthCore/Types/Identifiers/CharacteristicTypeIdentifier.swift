/// The identifier of a characteristic type, a fact about the user such as biological sex.
///
/// An open set: the raw value is HealthKit's identifier string, which is also what the Health app export writes in
/// `Record@type`. Every identifier of the reference has a `static let`; identifiers that Apple adds later (or that
/// this catalog does not know yet) are kept verbatim, compare by raw value and round-trip through `Codable`.
///
/// ```swift
/// let known = CharacteristicTypeIdentifier.biologicalSex
/// known.rawValue                                   // "HKCharacteristicTypeIdentifierBiologicalSex"
/// CharacteristicTypeIdentifier("HKCharacteristicTypeIdentifierBiologicalSex") == .biologicalSex   // true
/// CharacteristicTypeIdentifier("HKCharacteristicTypeIdentifierFuture")   // unknown, but kept
/// ```
public struct CharacteristicTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// HealthKit's identifier string, for example `"HKCharacteristicTypeIdentifierBiologicalSex"`.
    public let rawValue: String

    /// Wraps an identifier string. Unknown identifiers are accepted and kept verbatim.
    ///
    /// - Parameter rawValue: HealthKit's identifier string.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps an identifier string. Unknown identifiers are accepted and kept verbatim.
    ///
    /// - Parameter rawValue: HealthKit's identifier string.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Decodes the identifier from a plain string.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.rawValue = try container.decode(String.self)
    }

    /// Encodes the identifier as a plain string.
    ///
    /// - Throws: any error of the encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw identifier string.
    public var description: String { rawValue }
}

extension CharacteristicTypeIdentifier {
    /// Biological sex; values: ``BiologicalSex``.
    public static let biologicalSex = CharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierBiologicalSex"
    )
    /// Blood type; values: ``BloodType``.
    public static let bloodType = CharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierBloodType")
    /// Date of birth, as date components.
    public static let dateOfBirth = CharacteristicTypeIdentifier(rawValue: "HKCharacteristicTypeIdentifierDateOfBirth")
    /// Fitzpatrick skin type; values: ``FitzpatrickSkinType``.
    public static let fitzpatrickSkinType = CharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierFitzpatrickSkinType"
    )
    /// Wheelchair use; values: ``WheelchairUse``.
    public static let wheelchairUse = CharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierWheelchairUse"
    )
    /// What the Move ring measures (iOS 14); values: ``ActivityMoveMode``.
    public static let activityMoveMode = CharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierActivityMoveMode"
    )
    /// Use of medications that limit cardio fitness (iOS 16). Not in the reference table; it appears as an
    /// attribute of the export's `Me` element, so it is listed to keep it recognisable.
    public static let cardioFitnessMedicationsUse = CharacteristicTypeIdentifier(
        rawValue: "HKCharacteristicTypeIdentifierCardioFitnessMedicationsUse"
    )

    /// Every characteristic type of the reference, plus ``cardioFitnessMedicationsUse``.
    public static let allKnown: [CharacteristicTypeIdentifier] = [
        .biologicalSex, .bloodType, .dateOfBirth, .fitzpatrickSkinType, .wheelchairUse, .activityMoveMode,
        .cardioFitnessMedicationsUse,
    ]
}
