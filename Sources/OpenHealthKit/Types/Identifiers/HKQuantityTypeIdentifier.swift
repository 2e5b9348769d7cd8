import HealthCore

/// The identifier of a quantity type: HealthKit's `HKQuantityTypeIdentifier`, an open set of identifier strings.
///
/// Every constant is derived from HealthCore's catalog (`scripts/generate-hk-spellings` writes
/// `HKQuantityTypeIdentifier+Catalog.swift`); unknown identifiers are kept verbatim.
///
/// ```swift
/// HKQuantityTypeIdentifier.stepCount.rawValue   // "HKQuantityTypeIdentifierStepCount"
/// ```
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: QuantityTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: QuantityTypeIdentifier { QuantityTypeIdentifier(rawValue: rawValue) }

}
