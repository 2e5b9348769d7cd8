/// The members of a JSON object read as a Codable type's fields would be — a missing or null optional is nil, a
/// wrong type is an error naming the field's path — for the bodies read without Codable (``JSONBytesParser``).
/// The messages are ``Requests/describe(_:)``'s: `samples[3].quantity.value must be a number`.
struct JSONFields {
    let members: [String: JSONValue]
    /// The object's path in the body (`samples[3]`), empty for the body itself.
    let path: String

    /// The fields of an object.
    /// - Throws: ``APIError`` 400 when the value is not an object.
    init(_ value: JSONValue, path: String) throws(APIError) {
        guard case .object(let members) = value else {
            throw APIError.badRequest("\(path.isEmpty ? "the body" : path) must be an object")
        }
        self.members = members
        self.path = path
    }

    /// A member's path: `samples[3].quantity`.
    func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private func present(_ key: String) -> JSONValue? {
        switch members[key] {
        case nil, .null?: nil
        case let value?: value
        }
    }

    private func mismatch(_ key: String, _ kind: String) -> APIError {
        APIError.badRequest("\(path(of: key)) must be \(kind)")
    }

    private func missing(_ key: String, _ kind: String) -> APIError {
        APIError.badRequest(
            members[key] == nil ? "\(path(of: key)) is missing" : "\(path(of: key)) must be \(kind), not null")
    }

    func string(_ key: String) throws(APIError) -> String {
        guard let value = try optionalString(key) else { throw missing(key, "a string") }
        return value
    }

    func optionalString(_ key: String) throws(APIError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw mismatch(key, "a string") }
        return text
    }

    func double(_ key: String) throws(APIError) -> Double {
        guard let value = present(key) else { throw missing(key, "a number") }
        guard case .number(let number) = value else { throw mismatch(key, "a number") }
        return number
    }

    /// An integer: a number without a fraction, within ±2^53 (where a JSON number is read exactly).
    func optionalInt(_ key: String) throws(APIError) -> Int? {
        guard let value = present(key) else { return nil }
        guard case .number(let number) = value else { throw mismatch(key, "a number") }
        guard abs(number) <= 9_007_199_254_740_992, let integer = Int(exactly: number) else {
            throw mismatch(key, "an integer")
        }
        return integer
    }

    func optionalObject(_ key: String) throws(APIError) -> JSONFields? {
        guard let value = present(key) else { return nil }
        guard case .object = value else { throw mismatch(key, "an object") }
        return try JSONFields(value, path: path(of: key))
    }

    /// A member that must be an object, as its raw members (metadata's values of any kind).
    func optionalMembers(_ key: String) throws(APIError) -> [String: JSONValue]? {
        guard let value = present(key) else { return nil }
        guard case .object(let members) = value else { throw mismatch(key, "an object") }
        return members
    }

    func optionalArray(_ key: String) throws(APIError) -> [JSONValue]? {
        guard let value = present(key) else { return nil }
        guard case .array(let elements) = value else { throw mismatch(key, "an array") }
        return elements
    }
}
