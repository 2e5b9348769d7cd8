/// A storage failure: what went wrong and where, never a health value.
public struct StorageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of storage failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public var rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A sample with this UUID is already stored.
        public static let duplicateUUID = Code(rawValue: "duplicateUUID")
        /// An association or member names a UUID that is not stored.
        public static let unknownObject = Code(rawValue: "unknownObject")
        /// The store could not be opened, read or written.
        public static let io = Code(rawValue: "io")
        /// The store's file is damaged or from an incompatible version.
        public static let corrupt = Code(rawValue: "corrupt")
        /// The stored data could not be decoded.
        public static let decoding = Code(rawValue: "decoding")
        /// The code's name.
        public var description: String { rawValue }
    }

    /// What went wrong.
    public var code: Code
    /// A message naming identifiers and positions only.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `storage <code>: <message>`.
    public var description: String { "storage \(code): \(message)" }
}
