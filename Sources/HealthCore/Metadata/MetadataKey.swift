/// A metadata key: HealthKit's `HKMetadataKey…` string constants, open to custom keys.
///
/// The raw value is the string HealthKit stores and the Health export writes (`"HKWasUserEntered"`).
/// Keys starting with `HK` are reserved for Apple; apps use their own names.
public struct MetadataKey: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The key string.
    public var rawValue: String

    /// Creates a key from its string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a key from its string.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// The key string.
    public var description: String { rawValue }

    /// True for keys in Apple's reserved `HK` namespace.
    public var isReserved: Bool { rawValue.hasPrefix("HK") }

    /// Orders keys by their strings.
    public static func < (lhs: MetadataKey, rhs: MetadataKey) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Decodes a bare string.
    public init(from decoder: any Decoder) throws {
        self.rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes a bare string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
