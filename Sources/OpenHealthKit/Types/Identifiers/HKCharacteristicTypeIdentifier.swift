import HealthCore

/// The identifier of a characteristic type: HealthKit's `HKCharacteristicTypeIdentifier`, an open set of identifier strings.
///
/// Every constant is derived from HealthCore's catalog (`scripts/generate-hk-spellings` writes
/// `HKCharacteristicTypeIdentifier+Catalog.swift`); unknown identifiers are kept verbatim.
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
