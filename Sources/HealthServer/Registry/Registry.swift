public import Foundation
import HealthQuery
public import HealthRuntime

/// The server's own records — people, tokens, webhooks, the delivery outbox, pending permission requests — in a
/// key–value area of the server's database (HealthRuntime's ``HealthRuntime/KeyValueStore``), apart from any
/// person's health data. Every record is one key, written atomically; several server processes and `ohk server`
/// commands can share it.
///
/// Keys: `person/NAME`, `token/SHA256`, `webhook/PERSON/ID`, `outbox/ID`, `pending/PERSON/APP`.
public struct Registry: Sendable {
    let store: KeyValueStore
    let clock: @Sendable () -> Date
    let onChange: @Sendable () -> Void

    /// A registry over a key–value store.
    /// - Parameter onChange: Called after every change this registry makes (the server drops what it remembers).
    public init(
        store: KeyValueStore, clock: @escaping @Sendable () -> Date, onChange: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.clock = clock
        self.onChange = onChange
    }

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        return encoder
    }()

    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }()

    func read<T: Decodable>(_ type: T.Type, _ key: String) async throws -> T? {
        guard let data = try await store.value(for: key) else { return nil }
        return try Self.decoder.decode(type, from: data)
    }

    func write(_ value: some Encodable, _ key: String) async throws {
        try await store.setValue(try Self.encoder.encode(value), for: key)
        if !key.hasPrefix("outbox/") && !key.hasPrefix("webhook/") { onChange() }
    }

    func list<T: Decodable>(_ type: T.Type, prefix: String) async throws -> [T] {
        try await store.values(withPrefix: prefix).compactMap { try? Self.decoder.decode(type, from: $0.value) }
    }

    // MARK: People

    /// Adds a person.
    /// - Throws: ``RegistryError`` for an invalid or taken name.
    @discardableResult
    public func addPerson(_ name: String, policy: Person.Policy) async throws -> Person {
        guard Person.isValidName(name) else {
            throw RegistryError("'\(name.prefix(80))' is not a valid name: 1–64 of a–z, 0–9, - and _")
        }
        if try await person(name) != nil { throw RegistryError("a person named '\(name)' exists") }
        let person = Person(name: name, policy: policy, created: clock())
        try await write(person, "person/\(name)")
        return person
    }

    /// A person by name.
    public func person(_ name: String) async throws -> Person? {
        guard Person.isValidName(name) else { return nil }
        return try await read(Person.self, "person/\(name)")
    }

    /// Every person, by name.
    public func people() async throws -> [Person] { try await list(Person.self, prefix: "person/") }

    /// Changes a person's permission policy.
    public func setPolicy(_ policy: Person.Policy, of name: String) async throws {
        guard var person = try await person(name) else { throw RegistryError("no person named '\(name)'") }
        person.policy = policy
        try await write(person, "person/\(name)")
    }

    // MARK: Tokens

    /// Issues a token for a person: for an app, for a device's mirror, or (neither) the person's own with full
    /// access; the token is returned once and only its hash is kept.
    /// - Parameter mirror: The device a mirror token syncs (1–64 of letters, digits, `.`, `_`, `-`); not with `app`.
    public func issueToken(
        person: String, app: String?, appName: String?, label: String?, mirror: String? = nil,
        random: (Int) -> [UInt8]
    ) async throws -> (AccessToken, TokenRecord) {
        guard try await self.person(person) != nil else { throw RegistryError("no person named '\(person)'") }
        if let app { try Self.validateBundleIdentifier(app) }
        if let mirror {
            guard app == nil else { throw RegistryError("a token is for an app or for a device's mirror, not both") }
            guard SyncBatch.isValidDeviceName(mirror) else {
                throw RegistryError(
                    "'\(mirror.prefix(80))' is not a device name: 1–64 of letters, digits, '.', '_', '-'")
            }
        }
        let token = AccessToken.generate(random)
        let record = TokenRecord(
            hash: token.hash, person: person, app: app, appName: appName ?? app, label: label, created: clock(),
            mirror: mirror)
        try await write(record, "token/\(record.hash)")
        return (token, record)
    }

    /// The record of a presented token, if it is known and not revoked (compared in constant time).
    public func validToken(_ token: AccessToken) async throws -> TokenRecord? {
        let hash = token.hash
        guard let record = try await read(TokenRecord.self, "token/\(hash)"),
            AccessToken.constantTimeEqual(record.hash, hash), record.revoked == nil
        else { return nil }
        return record
    }

    /// Revokes a token given as issued or by a prefix of its hash (as `list-tokens` shows it).
    /// - Returns: The revoked record.
    public func revokeToken(_ tokenOrHashPrefix: String) async throws -> TokenRecord {
        var record: TokenRecord?
        if let token = AccessToken(presented: tokenOrHashPrefix) {
            record = try await read(TokenRecord.self, "token/\(token.hash)")
        } else if tokenOrHashPrefix.utf8.count >= 8, tokenOrHashPrefix.utf8.allSatisfy(\.isHexDigit) {
            let matches = try await list(TokenRecord.self, prefix: "token/\(tokenOrHashPrefix.lowercased())")
            guard matches.count <= 1 else { throw RegistryError("several tokens start with \(tokenOrHashPrefix)") }
            record = matches.first
        }
        guard var found = record else { throw RegistryError("no such token") }
        if found.revoked == nil {
            found.revoked = clock()
            try await write(found, "token/\(found.hash)")
        }
        return found
    }

    /// A person's tokens (revoked ones included).
    public func tokens(of person: String) async throws -> [TokenRecord] {
        try await list(TokenRecord.self, prefix: "token/").filter { $0.person == person }
    }

    static func validateBundleIdentifier(_ app: String) throws {
        if app.hasPrefix("org.openhealthkit.mirror.") {
            throw RegistryError("'org.openhealthkit.mirror.' names device mirrors (--mirror), not apps")
        }
        guard (1...200).contains(app.utf8.count),
            app.utf8.allSatisfy({ byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2D || byte == 0x2E || byte == 0x5F
            })
        else {
            throw RegistryError("'\(app.prefix(80))' is not a bundle identifier (letters, digits, '.', '-', '_')")
        }
    }

    // MARK: Pending permission requests

    /// Records an app's permission request for the person to answer.
    public func recordPending(_ pending: PendingAuthorization) async throws {
        try await write(pending, "pending/\(pending.person)/\(pending.app)")
    }

    /// A person's pending requests.
    public func pending(of person: String) async throws -> [PendingAuthorization] {
        try await list(PendingAuthorization.self, prefix: "pending/\(person)/")
    }

    /// Forgets a pending request (answered).
    public func removePending(person: String, app: String) async throws {
        try await store.setValue(nil, for: "pending/\(person)/\(app)")
        onChange()
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x61...0x66).contains(self) }
}

/// A registry operation that cannot be done, and why (no values from health data).
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
