import HealthCore

/// The identifier of a document type: HealthKit's `HKDocumentTypeIdentifier`, an open set of identifier strings.
///
/// Every constant is derived from HealthCore's catalog (`scripts/generate-hk-spellings` writes
/// `HKDocumentTypeIdentifier+Catalog.swift`); unknown identifiers are kept verbatim.
///
/// ```swift
/// HKDocumentTypeIdentifier.CDA.rawValue   // "HKDocumentTypeIdentifierCDA"
/// ```
public struct HKDocumentTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: DocumentTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: DocumentTypeIdentifier { DocumentTypeIdentifier(rawValue: rawValue) }

}
