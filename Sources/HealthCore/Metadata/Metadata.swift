/// A sample's metadata: typed values under string keys, as HealthKit's `[String: Any]` dictionary.
///
/// ```swift
/// var metadata: Metadata = [.wasUserEntered: .bool(true), .timeZone: .string("Europe/Berlin")]
/// metadata[.syncIdentifier] = .string("reading-42")
/// ```
public struct Metadata: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral, Sequence {
    /// The entries.
    public private(set) var entries: [MetadataKey: MetadataValue]

    /// Creates metadata from a dictionary.
    public init(_ entries: [MetadataKey: MetadataValue] = [:]) { self.entries = entries }

    /// Creates metadata from a literal.
    public init(dictionaryLiteral elements: (MetadataKey, MetadataValue)...) {
        var entries: [MetadataKey: MetadataValue] = [:]
        for (key, value) in elements { entries[key] = value }
        self.entries = entries
    }

    /// The value under a key.
    public subscript(key: MetadataKey) -> MetadataValue? {
        get { entries[key] }
        set { entries[key] = newValue }
    }

    /// True when there are no entries.
    public var isEmpty: Bool { entries.isEmpty }

    /// The number of entries.
    public var count: Int { entries.count }

    /// The keys, sorted (a stable order for printing and storage).
    public var sortedKeys: [MetadataKey] { entries.keys.sorted() }

    /// Iterates the entries in key order.
    public func makeIterator() -> IndexingIterator<[(key: MetadataKey, value: MetadataValue)]> {
        entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }.makeIterator()
    }

    /// Merges other entries in; keys present in both take `other`'s value (as `HKWorkoutBuilder.addMetadata`).
    public mutating func merge(_ other: Metadata) {
        entries.merge(other.entries) { _, new in new }
    }

    /// The sync identifier, if present and a string.
    public var syncIdentifier: String? { entries[.syncIdentifier]?.stringValue }

    /// The sync version, if present and integral.
    public var syncVersion: Int? { entries[.syncVersion]?.intValue }

    /// Whether the sample was entered by hand (`HKWasUserEntered`).
    public var wasUserEntered: Bool { entries[.wasUserEntered]?.boolValue ?? false }

    /// Encodes the entries as Swift encodes the dictionary (`{"entries": [key, value, …]}`), in key order: the
    /// same metadata is the same bytes in every process (``KeyedEncodingContainer/encodeInKeyOrder(_:forKey:by:)``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeInKeyOrder(entries, forKey: .entries, by: <)
    }
}
