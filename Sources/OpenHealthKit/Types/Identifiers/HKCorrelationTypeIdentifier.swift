import HealthCore

/// The identifier of a correlation type: HealthKit's `HKCorrelationTypeIdentifier`, an open set of identifier strings.
///
/// Every constant is derived from HealthCore's catalog (`scripts/generate-hk-spellings` writes
/// `HKCorrelationTypeIdentifier+Catalog.swift`); unknown identifiers are kept verbatim.
///
/// ```swift
/// HKCorrelationTypeIdentifier.bloodPressure.rawValue   // "HKCorrelationTypeIdentifierBloodPressure"
/// ```
public struct HKCorrelationTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: CorrelationTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: CorrelationTypeIdentifier { CorrelationTypeIdentifier(rawValue: rawValue) }

}
