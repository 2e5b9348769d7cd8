/// A request input that does not make sense, in words that name the field and the rule — never more than a short
/// prefix of what was sent. The server answers it as a 400.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the field.
    public let detail: String

    /// Creates an error.
    public init(_ detail: String) { self.detail = detail }

    /// The detail.
    public var description: String { detail }
}
