import Foundation
public import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

extension PostgresStorage {
    /// Changes after an anchor, in anchor order. One repeatable-read snapshot reads the person's anchor first and
    /// then the changes up to it: a commit is wholly in the snapshot or wholly out, and — because a person's
    /// writers take change numbers in commit order — every change below the returned anchor is in it.
    public func changes(
        after anchor: Int64?, matching request: ChangeRequest
    ) async throws(StorageError) -> ChangeBatch {
        let catalog = database.types
        let logger = database.queryLogger
        let since = anchor ?? 0
        return try await read("read changes", snapshot: true) { connection, person in
            let reader = Reader(connection: connection, person: person, catalog: catalog, logger: logger)
            let current = try await Self.anchor(connection, person, logger)
            let (builder, condition, personParameter) = try await reader.compile(request.predicate)
            var sqlBuilder = builder
            var typeFilter = "TRUE"
            var tombstoneTypes: [Int32]?
            if let types = request.types {
                let keys = Set(types.map(TypeKey.init))
                _ = try await catalog.ids(keys, connection, logger)
                let ids = keys.compactMap { catalog.cachedID($0) }.sorted()
                typeFilter = "type_id = ANY(\(sqlBuilder.arg(ids))::integer[])"
                tombstoneTypes = ids
            }
            let limit = request.limit.flatMap { $0 >= 0 ? $0 : nil }
            let sinceParameter = sqlBuilder.arg(since)
            let currentParameter = sqlBuilder.arg(current)
            var changes: [StoredChange] = []
            let decoder = JSONDecoder()
            if condition.needsResidual {
                let candidates = try await reader.candidates(
                    sqlBuilder,
                    CompiledCondition(
                        sql: "(\(condition.sql)) AND \(typeFilter) AND anchor > \(sinceParameter) "
                            + "AND anchor <= \(currentParameter)",
                        needsResidual: true, workouts: condition.workouts),
                    personParameter, request.predicate)
                changes = candidates.map(StoredChange.added)
            } else {
                // One more than the limit of each kind is enough to know whether more follow.
                let sql = """
                    SELECT anchor, doc FROM samples WHERE person_id = \(personParameter) AND anchor > \(sinceParameter)
                    AND anchor <= \(currentParameter) AND \(typeFilter) AND (\(condition.sql)) ORDER BY anchor
                    """ + (limit.map { " LIMIT \($0 + 1)" } ?? "")
                let rows = try await connection.run(sqlBuilder.query(sql), logger: logger)
                for try await (anchor, doc) in rows.decode((Int64, String).self) {
                    changes.append(
                        .added(StoredSample(sample: try SampleRow.decode(doc, decoder: decoder), anchor: anchor)))
                }
            }
            if request.includeDeletions {
                var tombstones = SQLBuilder()
                let personArg = tombstones.arg(person)
                var sql = """
                    SELECT doc FROM tombstones WHERE person_id = \(personArg) AND anchor > \(tombstones.arg(since))
                    AND anchor <= \(tombstones.arg(current))
                    """
                if let tombstoneTypes { sql += " AND type_id = ANY(\(tombstones.arg(tombstoneTypes))::integer[])" }
                if let scope = request.tombstoneScope {
                    // The app's view of deletions, in the statement that applies the limit (never after it).
                    let keys = Set(scope.readableTypes.map(TypeKey.init))
                    _ = try await catalog.ids(keys, connection, logger)
                    let readable = keys.compactMap { catalog.cachedID($0) }.sorted()
                    sql += """
                         AND (type_id = ANY(\(tombstones.arg(readable))::integer[])
                        OR (doc::jsonb ->> 'sourceBundleIdentifier') = \(tombstones.arg(scope.ownBundleIdentifier)))
                        """
                }
                sql += " ORDER BY anchor" + (limit.map { " LIMIT \($0 + 1)" } ?? "")
                let rows = try await connection.run(tombstones.query(sql), logger: logger)
                for try await doc in rows.decode(String.self) {
                    changes.append(.deleted(try decoder.decode(DeletedObject.self, from: Data(doc.utf8))))
                }
            }
            changes.sort { $0.anchor < $1.anchor }
            if let limit, changes.count > limit {
                let page = Array(changes.prefix(limit))
                return ChangeBatch(changes: page, newAnchor: page.last?.anchor ?? since, hasMore: true)
            }
            return ChangeBatch(changes: changes, newAnchor: max(since, current), hasMore: false)
        }
    }

    /// The sample types of the changes with anchors in `(after, through]`, read from the change numbers' index.
    public func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType> {
        let catalog = database.types
        let logger = database.queryLogger
        return try await read("read touched types", snapshot: true) { connection, person in
            let rows = try await connection.run(
                """
                SELECT DISTINCT type_id FROM samples WHERE person_id = \(person) AND anchor > \(anchor) AND anchor <= \(last)
                UNION SELECT DISTINCT type_id FROM tombstones WHERE person_id = \(person) AND anchor > \(anchor)
                AND anchor <= \(last)
                """, logger: logger)
            var ids: [Int32] = []
            for try await id in rows.decode(Int32.self) { ids.append(id) }
            var types: Set<SampleType> = []
            for id in ids { types.insert(try await catalog.key(id, connection, logger).sampleType) }
            return types
        }
    }

    /// The person's current anchor.
    public func currentAnchor() async throws(StorageError) -> Int64 {
        let logger = database.queryLogger
        return try await read("read anchor") { connection, person in
            try await Self.anchor(connection, person, logger)
        }
    }

    /// The person's data version: bumped by every write transaction of any process.
    public func dataVersion() async throws(StorageError) -> Int64 {
        let logger = database.queryLogger
        return try await read("read data version") { connection, person in
            let rows = try await connection.run(
                "SELECT version FROM people WHERE person_id = \(person)", logger: logger)
            for try await version in rows.decode(Int64.self) { return version }
            return 0
        }
    }

    static func anchor(_ connection: PostgresConnection, _ person: Int64, _ logger: Logger) async throws -> Int64 {
        let rows = try await connection.run("SELECT anchor FROM people WHERE person_id = \(person)", logger: logger)
        for try await anchor in rows.decode(Int64.self) { return anchor }
        return 0
    }
}
