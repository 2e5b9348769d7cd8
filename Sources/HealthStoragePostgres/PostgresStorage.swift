import Foundation
import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

/// The server database ``SampleStorage``: one person's data in a PostgreSQL 15 database that holds many people
/// (the schema in `PostgresSchema.swift`; decision 0009).
///
/// Behaviour equals ``HealthStorage/InMemoryStorage`` and SQLite (the same conformance suite runs against all
/// three). Every mutation is one transaction that first locks the person's row in `people`: one person's writers
/// take turns, so change numbers are handed out in commit order and an anchored reader never skips or repeats a
/// change, while other people's writers run in parallel. Every statement runs on a connection that named its
/// person (`ohk.person`) and row-level security confines it to that person's rows.
///
/// The connection is made lazily: creating a store does no I/O; the first call connects, migrates the schema if
/// needed (under an advisory lock) and finds or creates the person. A server that does not answer fails that call
/// with ``HealthStorage/StorageError`` `.io` naming host and port.
///
/// ```swift
/// let storage = try PostgresStorage(url: "postgres://ohk@127.0.0.1:5432/health?person=ana")
/// _ = try await storage.commit(StorageCommit(inserts: samples))
/// ```
public final class PostgresStorage: SampleStorage {
    /// Where the store lives.
    public let location: PostgresLocation
    let database: PostgresDatabase
    private let createIfMissing: Bool
    private let personID = AsyncOnce<Int64>()
    /// The position in the primary's log after this store's last write, for reads from a replica.
    let lastWrite = LastWrite()

    /// A store for the person a location names (no I/O until first use).
    ///
    /// - Parameters:
    ///   - location: The database and person.
    ///   - createIfMissing: Whether the first use creates the person when the database has none of that name;
    ///     when false it fails with `.io` "no person named …".
    public init(location: PostgresLocation, createIfMissing: Bool = true) {
        self.location = location
        self.database = PostgresDatabase.shared(for: location)
        self.createIfMissing = createIfMissing
    }

    /// A store for a location URL (see ``PostgresLocation``).
    /// - Throws: ``HealthStorage/StorageError`` `.io` when the URL does not parse.
    public convenience init(url: String, createIfMissing: Bool = true) throws(StorageError) {
        do {
            self.init(location: try PostgresLocation(parsing: url), createIfMissing: createIfMissing)
        } catch {
            throw StorageError(.io, "PostgreSQL location: \(error.message)")
        }
    }

    /// How many reads of this process's pool went to the replica so far (a test hook).
    package var replicaReadCount: Int { database.replicaLeases.withLock { $0 } }

    /// Connects, migrates and finds the person now (otherwise the first call does).
    /// - Throws: ``HealthStorage/StorageError`` when the server does not answer or the person does not exist.
    public func prepare() async throws(StorageError) {
        _ = try await person()
    }

    /// The person's id in the database, resolved once.
    func person() async throws(StorageError) -> Int64 {
        let database = database
        let name = location.person
        let create = createIfMissing
        let where_ = "\(location.host):\(location.port)"
        do {
            return try await personID.value {
                // A connection of its own: an unreachable server fails within the connect timeout.
                try await database.withDirectConnection { connection in
                    let logger = database.queryLogger
                    try await database.migration.value { try await PostgresMigrator.migrate(connection, logger) }
                    let rows = try await connection.run(
                        "SELECT ohk_person(\(name), \(create))", logger: database.queryLogger)
                    for try await id in rows.decode(Int64?.self) {
                        if let id { return id }
                    }
                    throw StorageError(.io, "no person named '\(name)' in the database at \(where_)")
                }
            }
        } catch {
            throw Self.storageError(error, "open", location: location)
        }
    }

    /// Runs a read for the person on one connection; with `snapshot`, inside one repeatable-read transaction
    /// (every statement sees the same committed state).
    func read<T: Sendable>(
        _ operation: String, snapshot: Bool = false,
        _ body: (PostgresConnection, Int64) async throws -> T
    ) async throws(StorageError) -> T {
        let person = try await person()
        let logger = database.queryLogger
        let replica = await lastWrite.replicaIsUsable(database)
        do {
            return try await database.withConnection(person: person, replica: replica) { connection in
                guard snapshot else { return try await body(connection, person) }
                try await connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
                do {
                    let value = try await body(connection, person)
                    try await connection.run("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.run("ROLLBACK", logger: logger)
                    throw error
                }
            }
        } catch {
            throw Self.storageError(error, operation, location: location)
        }
    }

    /// Runs a write for the person in one transaction that holds the person's row lock (so the person's writers
    /// take turns and change numbers follow commit order), then moves the person's anchor to the last change
    /// number handed out and bumps the data version. `types` are registered first (outside the transaction).
    func write<T: Sendable>(
        _ operation: String, types: Set<TypeKey> = [],
        _ body: (PostgresConnection, WriteContext) async throws -> T
    ) async throws(StorageError) -> T {
        do {
            return try await transaction(types: types, body)
        } catch {
            throw Self.storageError(error, operation, location: location)
        }
    }

    /// ``write(_:types:_:)`` with the errors as thrown (a bulk write rethrows its producer's unchanged).
    func transaction<T: Sendable>(
        types: Set<TypeKey>, _ body: (PostgresConnection, WriteContext) async throws -> T
    ) async throws -> T {
        let person = try await person()
        let logger = database.queryLogger
        let catalog = database.types
        let lastWrite = lastWrite
        return try await database.withConnection(person: person) { connection in
            try await catalog.register(types, connection, logger)
            try await connection.run("BEGIN", logger: logger)
            do {
                let context = try await WriteContext.begin(
                    connection, person: person, catalog: catalog, facts: database.facts, logger)
                let value = try await body(connection, context)
                try await context.finish(connection, logger)
                try await connection.run("COMMIT", logger: logger)
                context.publish()
                await lastWrite.record(connection, logger, database: database)
                return value
            } catch {
                _ = try? await connection.run("ROLLBACK", logger: logger)
                throw error
            }
        }
    }

    /// Test hook: a statement that runs for `seconds` on one of the store's pooled connections (`pg_sleep`), so a
    /// test can terminate its backend under it.
    package func sleepForTests(seconds: Int) async throws(StorageError) {
        try await read("sleep") { connection, _ in
            let rows = try await connection.run("SELECT pg_sleep(\(Double(seconds)))", logger: database.queryLogger)
            for try await _ in rows {}
        }
    }

    /// Any error as a ``HealthStorage/StorageError`` that names the operation and, for the server's errors, the
    /// SQLSTATE and message (never a bound value: statements carry values as parameters only).
    static func storageError(_ error: any Error, _ operation: String, location: PostgresLocation) -> StorageError {
        if let error = error as? StorageError { return error }
        if let error = error as? PSQLError {
            if error.code == .server {
                let state = error.serverInfo?[.sqlState] ?? "?"
                let message = error.serverInfo?[.message] ?? ""
                switch state {
                case "23505":
                    return StorageError(.duplicateUUID, "\(operation): an object with that UUID is already stored")
                case "57014":
                    return StorageError(
                        .io, "\(operation): the statement timed out (\(location.statementTimeoutMilliseconds) ms)")
                default: return StorageError(.io, "\(operation): PostgreSQL \(state): \(message)")
                }
            }
            return StorageError(
                .io, "\(operation): cannot reach PostgreSQL at \(location.host):\(location.port) (\(error.code))")
        }
        if error is DecodingError || error is EncodingError {
            return StorageError(.decoding, "\(operation): a stored value could not be coded")
        }
        if error is CancellationError { return StorageError(.io, "\(operation): cancelled") }
        if error is PostgresDatabase.LeaseTimedOut {
            return StorageError(
                .io,
                "\(operation): no connection to PostgreSQL at \(location.host):\(location.port) within "
                    + "\(location.connectTimeoutSeconds) s (the server is away or busy)")
        }
        if error is ClosedConnectionGuard.ConnectionClosed {
            return StorageError(
                .io, "\(operation): the connection to PostgreSQL at \(location.host):\(location.port) closed")
        }
        // The pool's and NIO's errors: no connection could be made or kept.
        return StorageError(
            .io, "\(operation): cannot reach PostgreSQL at \(location.host):\(location.port) (\(type(of: error)))")
    }
}

/// A write transaction's state: the person, the change numbers handed out so far, and what it learned about the
/// person's sources and type spans (published to ``CommittedFacts`` only once the transaction has committed).
final class WriteContext: @unchecked Sendable {
    let person: Int64
    let catalog: TypeCatalog
    private let facts: CommittedFacts
    private var newSources: [String] = []
    private var newSpans: [Int32: Double] = [:]
    /// The anchor before the transaction.
    let startAnchor: Int64
    /// The last change number handed out (only the transaction's task touches it).
    private(set) var anchor: Int64

    private init(person: Int64, catalog: TypeCatalog, facts: CommittedFacts, anchor: Int64) {
        self.person = person
        self.catalog = catalog
        self.facts = facts
        self.startAnchor = anchor
        self.anchor = anchor
    }

    /// Locks the person's row (waiting for the person's other writers) and reads the anchor.
    static func begin(
        _ connection: PostgresConnection, person: Int64, catalog: TypeCatalog, facts: CommittedFacts,
        _ logger: Logger
    ) async throws -> WriteContext {
        let rows = try await connection.run(
            "SELECT anchor FROM people WHERE person_id = \(person) FOR UPDATE", logger: logger)
        for try await anchor in rows.decode(Int64.self) {
            return WriteContext(person: person, catalog: catalog, facts: facts, anchor: anchor)
        }
        throw StorageError(.io, "the person's row is missing")
    }

    /// The next change number.
    func nextAnchor() -> Int64 {
        anchor += 1
        return anchor
    }

    /// Whether the person's source is registered (by a committed write, or earlier in this one).
    func knowsSource(_ bundle: String) -> Bool {
        newSources.contains(bundle) || facts.knowsSource(person: person, bundle)
    }

    /// The longest span of a type known to be stored (committed, or written earlier in this transaction).
    func knownSpan(_ type: Int32) -> Double {
        max(newSpans[type] ?? 0, facts.span(person: person, type: type))
    }

    /// Notes sources this transaction registered.
    func registered(_ bundles: [String]) { newSources += bundles }

    /// Notes spans this transaction stored.
    func widened(_ spans: [Int32: Double]) {
        newSpans.merge(spans) { max($0, $1) }
    }

    /// Publishes what this transaction learned, after it committed.
    func publish() { facts.learn(person: person, sources: newSources, spans: newSpans) }

    /// Records the new anchor and bumps the data version.
    func finish(_ connection: PostgresConnection, _ logger: Logger) async throws {
        try await connection.run(
            "UPDATE people SET anchor = \(anchor), version = version + 1 WHERE person_id = \(person)",
            logger: logger)
    }
}
