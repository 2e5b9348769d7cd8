import HealthCore

/// The identifier of a category type: HealthKit's `HKCategoryTypeIdentifier`, an open set of identifier strings.
///
/// Every constant is derived from HealthCore's catalog (`scripts/generate-hk-spellings` writes
/// `HKCategoryTypeIdentifier+Catalog.swift`); unknown identifiers are kept verbatim.
///
/// ```swift
/// HKCategoryTypeIdentifier.sleepAnalysis.rawValue   // "HKCategoryTypeIdentifierSleepAnalysis"
/// ```
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: CategoryTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: CategoryTypeIdentifier { CategoryTypeIdentifier(rawValue: rawValue) }

}
