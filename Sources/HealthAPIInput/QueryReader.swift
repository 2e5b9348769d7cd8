public import Foundation
public import HealthCore

/// Query parameters read strictly: a value that does not parse is an ``InputError`` naming the parameter (and at
/// most 80 characters of what was sent).
///
/// ```swift
/// let query = QueryReader(QueryParameters("limit=50&start=2025-06-01T00:00:00Z"))
/// try query.integer("limit", in: 1...1_000)   // 50
/// try query.date("start")                     // 2025-06-01 00:00:00 +0000
/// ```
public struct QueryReader: Sendable {
    /// The parameters.
    public let parameters: QueryParameters

    /// Reads these parameters.
    public init(_ parameters: QueryParameters) { self.parameters = parameters }

    /// A parameter's value; nil when absent.
    /// - Throws: ``InputError`` for an empty value.
    public func string(_ name: String) throws(InputError) -> String? {
        guard let value = parameters.get(name) else { return nil }
        guard !value.isEmpty else { throw InputError("\(Self.shown(name)) is empty (leave it out instead)") }
        return value
    }

    /// Every value of a repeated parameter, and the comma-separated parts of each (`types=a,b&types=c`).
    public func list(_ name: String) -> [String] {
        parameters.getAll(name).flatMap { $0.split(separator: ",").map(String.init) }.filter { !$0.isEmpty }
    }

    /// The sample types of a repeated parameter: known types only, at most `max` of them.
    public func sampleTypes(_ name: String = "type", max: Int = 20) throws(InputError) -> [SampleType] {
        let texts = list(name)
        guard texts.count <= max else {
            throw InputError("\(Self.shown(name)) lists \(texts.count) types; at most \(max)")
        }
        var types: [SampleType] = []
        for text in texts { types.append(try Self.sampleType(text, field: name)) }
        return types
    }

    /// An RFC 3339 date.
    public func date(_ name: String) throws(InputError) -> Date? {
        guard let text = try string(name) else { return nil }
        guard let date = WireDates.parse(text) else {
            throw InputError("\(Self.shown(name)) is not an RFC 3339 date (e.g. 2025-06-01T00:00:00Z)")
        }
        return date
    }

    /// A whole number in a range.
    public func integer(_ name: String, in range: ClosedRange<Int>) throws(InputError) -> Int? {
        guard let text = try string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw InputError(
                "\(Self.shown(name)) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A flag: `true`/`1`/`yes` or `false`/`0`/`no`; false when absent.
    public func bool(_ name: String) throws(InputError) -> Bool {
        guard let text = try string(name) else { return false }
        switch text.lowercased() {
        case "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw InputError("\(Self.shown(name)) must be true or false")
        }
    }

    /// A sample type by HealthKit identifier.
    public func type(_ name: String) throws(InputError) -> SampleType? {
        guard let text = try string(name) else { return nil }
        return try Self.sampleType(text, field: name)
    }

    /// Sent text as an error shows it: at most 80 Unicode scalars, so at most 320 bytes (80 characters could be
    /// any length: one character may combine any number of scalars).
    public static func shown(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(80)))
    }

    /// A sample type the catalog knows, by HealthKit identifier.
    public static func sampleType(_ text: String, field: String) throws(InputError) -> SampleType {
        guard text.utf8.count <= 200, text.hasPrefix("HK") else {
            throw InputError("\(Self.shown(field)): '\(Self.shown(text))' is not a HealthKit type identifier")
        }
        let type = SampleType(identifier: text)
        guard isKnown(type) else {
            throw InputError(
                "\(Self.shown(field)): '\(Self.shown(text))' is not a sample type this server knows (see /v1/types)")
        }
        return type
    }

    /// Whether the catalog knows a type: the API speaks the catalog's types only (an export's newer identifiers
    /// still round-trip through import and export).
    public static func isKnown(_ type: SampleType) -> Bool {
        switch type.kind {
        case .quantity: type.quantityIdentifier?.typeDescription != nil
        case .category: type.categoryIdentifier?.typeDescription != nil
        case .correlation: type.correlationIdentifier.map(CorrelationTypeIdentifier.allKnown.contains) ?? false
        case .other: false
        default: true
        }
    }

    /// A quantity type by identifier, known to the catalog.
    public static func quantityType(_ text: String, field: String) throws(InputError) -> QuantityTypeIdentifier {
        guard let identifier = try sampleType(text, field: field).quantityIdentifier,
            identifier.typeDescription != nil
        else {
            throw InputError("\(Self.shown(field)): '\(Self.shown(text))' is not a known quantity type (see /v1/types)")
        }
        return identifier
    }
}
