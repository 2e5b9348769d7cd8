/// The identifier of a document type (clinical document architecture).
///
/// An open set: the raw value is HealthKit's identifier string, which is also what the Health app export writes in
/// `Record@type`. Every identifier of the reference has a `static let`; identifiers that Apple adds later (or that
/// this catalog does not know yet) are kept verbatim, compare by raw value and round-trip through `Codable`.
///
/// ```swift
/// let known = DocumentTypeIdentifier.cda
/// known.rawValue                                   // "HKDocumentTypeIdentifierCDA"
/// DocumentTypeIdentifier("HKDocumentTypeIdentifierCDA") == .cda   // true
/// DocumentTypeIdentifier("HKDocumentTypeIdentifierFuture")   // unknown, but kept
/// ```
public struct DocumentTypeIdentifier: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// HealthKit's identifier string, for example `"HKDocumentTypeIdentifierCDA"`.
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

extension DocumentTypeIdentifier {
    /// A clinical document architecture (CDA) document.
    public static let cda = DocumentTypeIdentifier(rawValue: "HKDocumentTypeIdentifierCDA")
}
