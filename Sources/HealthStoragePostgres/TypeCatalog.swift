import HealthCore
import HealthStorage
import Logging
import PostgresNIO

/// The rows of the shared `types` table this process has seen, both ways. Types are only ever added (by any
/// process), so a miss reloads the table; a writer registers its types before its transaction begins, so an id
/// never names a type whose row was rolled back.
final class TypeCatalog: Sendable {
    private struct Maps {
        var ids: [TypeKey: Int32] = [:]
        var keys: [Int32: TypeKey] = [:]
    }

    private let maps = Locked(Maps())

    /// The id of a registered type; nil when the database has no such type (after a reload).
    func id(_ key: TypeKey, _ connection: PostgresConnection, _ logger: Logger) async throws -> Int32? {
        if let id = maps.withLock({ $0.ids[key] }) { return id }
        try await reload(connection, logger)
        return maps.withLock { $0.ids[key] }
    }

    /// The ids of types known to this process without a read (for predicates: an unknown type matches nothing,
    /// so the caller reloads once when some are missing).
    func ids(_ keys: Set<TypeKey>, _ connection: PostgresConnection, _ logger: Logger) async throws -> [Int32] {
        var found = maps.withLock { maps in keys.compactMap { maps.ids[$0] } }
        if found.count < keys.count {
            try await reload(connection, logger)
            found = maps.withLock { maps in keys.compactMap { maps.ids[$0] } }
        }
        return found.sorted()
    }

    /// The type of an id.
    func key(_ id: Int32, _ connection: PostgresConnection, _ logger: Logger) async throws -> TypeKey {
        if let key = maps.withLock({ $0.keys[id] }) { return key }
        try await reload(connection, logger)
        guard let key = maps.withLock({ $0.keys[id] }) else {
            throw StorageError(.decoding, "type id \(id) is not in the types table")
        }
        return key
    }

    /// The type of an id known to this process (after ``key(_:_:_:)`` or ``register(_:_:_:)``).
    func cachedKey(_ id: Int32) -> TypeKey? { maps.withLock { $0.keys[id] } }

    /// The id of a type this process registered.
    func cachedID(_ key: TypeKey) -> Int32? { maps.withLock { $0.ids[key] } }

    /// Makes sure each type has a row (autocommit, outside any transaction) and is cached.
    func register(_ keys: Set<TypeKey>, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let missing = maps.withLock { maps in keys.filter { maps.ids[$0] == nil } }
        guard !missing.isEmpty else { return }
        let sorted = missing.sorted { ($0.kind, $0.identifier) < ($1.kind, $1.identifier) }
        let kinds = sorted.map { Int16($0.kind) }
        let identifiers = sorted.map(\.identifier)
        try await connection.run(
            """
            INSERT INTO types (kind, identifier) SELECT * FROM unnest(\(kinds)::smallint[], \(identifiers)::text[])
            ON CONFLICT (kind, identifier) DO NOTHING
            """, logger: logger)
        try await reload(connection, logger)
    }

    private func reload(_ connection: PostgresConnection, _ logger: Logger) async throws {
        var loaded = Maps()
        let rows = try await connection.run("SELECT id, kind, identifier FROM types", logger: logger)
        for try await (id, kind, identifier) in rows.decode((Int32, Int16, String).self) {
            let key = TypeKey(rawKind: Int64(kind), identifier: identifier)
            loaded.ids[key] = id
            loaded.keys[id] = key
        }
        maps.withLock { $0 = loaded }
    }
}
