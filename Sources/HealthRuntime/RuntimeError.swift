/// Why a store could not be opened: what and where, never a health value.
public struct RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name.
        public let rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The store does not exist and the caller asked not to create it.
        public static let notFound = Code(rawValue: "notFound")
        /// The store exists (or should be created) but cannot be opened: permissions, a damaged file, a server
        /// that does not answer.
        public static let cannotOpen = Code(rawValue: "cannotOpen")
        /// This build cannot open that kind of location.
        public static let unsupported = Code(rawValue: "unsupported")
        /// The code's name.
        public var description: String { rawValue }
    }

    /// What went wrong.
    public let code: Code
    /// The location, as a user wrote it (passwords masked).
    public let location: String
    /// What went wrong, naming the location.
    public let message: String

    /// Creates an error.
    public init(_ code: Code, location: String, _ message: String) {
        self.code = code
        self.location = location
        self.message = message
    }

    /// `LOCATION: message`.
    public var description: String { "\(location): \(message)" }
}
