import Foundation
import GRDB
public import HealthCore
public import HealthStorage

extension SQLiteStorage {
    /// Additions (filtered by type and predicate) and tombstones (by type and the request's tombstone scope) after
    /// an anchor, in anchor order, read from one snapshot.
    ///
    /// With a limit, at most `limit` changes are returned and `hasMore` is true when more exist; `newAnchor` is
    /// then the last returned change. Otherwise `newAnchor` is the store's anchor at the time of the read.
    public func changes(
        after anchor: Int64?, matching request: ChangeRequest
    ) async throws(StorageError)
        -> ChangeBatch
    {
        let since = anchor ?? 0
        let compiled = PredicateCompiler.compile(request.predicate)
        let limit = request.limit.flatMap { $0 >= 0 ? $0 : nil }
        let lookups = self.lookups
        return try await read("read changes") { db in
            let current = try Self.anchor(db)
            var additionsWhere = "anchor > ?"
            var additionArguments: StatementArguments = [since]
            var tombstoneWhere = "t.anchor > ?"
            var tombstoneArguments: StatementArguments = [since]
            if let types = request.types {
                // After an anchor, the rows since it come by the primary key (`anchor > ?`), however many rows
                // the type has; `+type_id` keeps SQLite from walking the type's whole index instead (measured:
                // 300 ms for a day's changes among 2.5M steps). From the start, the type's index is the way in.
                let column = since > 0 ? "+type_id" : "type_id"
                let (samplesCondition, samplesTypes) = PredicateCompiler.typeCondition(types, column: column)
                additionsWhere += " AND \(samplesCondition)"
                additionArguments += StatementArguments(samplesTypes)
                let (tombstoneCondition, tombstoneTypes) = PredicateCompiler.typeCondition(types, column: "t.type_id")
                tombstoneWhere += " AND \(tombstoneCondition)"
                tombstoneArguments += StatementArguments(tombstoneTypes)
            }
            if let scope = request.tombstoneScope {
                // The app's view of deletions, in the statement that applies the limit (never after it).
                var visible = "src.bundle_id = ?"
                if !scope.readableTypes.isEmpty {
                    let (condition, types) = PredicateCompiler.typeCondition(scope.readableTypes, column: "t.type_id")
                    visible = "\(condition) OR " + visible
                    tombstoneArguments += StatementArguments(types)
                }
                tombstoneArguments += [scope.ownBundleIdentifier]
                tombstoneWhere += " AND (\(visible))"
            }
            additionsWhere += " AND (\(compiled.sql))"
            additionArguments += compiled.arguments
            let pageLimit = limit.map { $0 + 1 }
            var changes: [StoredChange] = try Self.select(
                db, lookups: lookups, where: additionsWhere, arguments: additionArguments, order: "anchor",
                limit: pageLimit, residual: compiled.needsResidual ? request.predicate : nil
            )
            .map { .added(StoredSample(sample: $0.stored.sample, anchor: $0.stored.anchor)) }
            if request.includeDeletions {
                changes += try Self.tombstones(
                    db, where: tombstoneWhere, arguments: tombstoneArguments, limit: pageLimit
                )
                .map(StoredChange.deleted)
            }
            changes.sort { $0.anchor < $1.anchor }
            if let limit, changes.count > limit {
                let page = Array(changes.prefix(limit))
                return ChangeBatch(changes: page, newAnchor: page.last?.anchor ?? since, hasMore: true)
            }
            return ChangeBatch(changes: changes, newAnchor: max(since, current), hasMore: false)
        }
    }

    /// Tombstones in anchor order.
    static func tombstones(
        _ db: Database, where condition: String, arguments: StatementArguments, limit: Int?
    ) throws -> [DeletedObject] {
        var sql = """
            SELECT t.anchor, t.uuid, ty.kind, ty.identifier, src.bundle_id, t.sync_identifier, t.sync_version,
                t.sync_metadata
            FROM tombstones t JOIN types ty ON ty.id = t.type_id LEFT JOIN sources src ON src.id = t.source_id
            WHERE \(condition) ORDER BY t.anchor
            """
        if let limit { sql += " LIMIT \(limit)" }
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
            var metadata = Metadata()
            if let data = row[7] as Data? {
                metadata = try JSONDecoder().decode(Metadata.self, from: data)
            } else {
                if let identifier = row[5] as String? { metadata[.syncIdentifier] = .string(identifier) }
                if let version = row[6] as Double? { metadata[.syncVersion] = .number(version) }
            }
            return DeletedObject(
                uuid: row[1], sampleType: TypeKey(kind: row[2] as Int64, identifier: row[3]).sampleType,
                sourceBundleIdentifier: row[4], metadata: metadata, anchor: row[0])
        }
    }
}

extension SQLiteStorage {
    /// The types of the samples added and tombstoned in `(after, through]`: two range reads by change number (the
    /// primary key of both tables), no sample decoded.
    public func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType> {
        guard last > anchor else { return [] }
        let lookups = self.lookups
        return try await read("read touched types") { db in
            let ids = try Int64.fetchAll(
                db,
                sql: """
                    SELECT DISTINCT type_id FROM samples WHERE anchor > ?1 AND anchor <= ?2
                    UNION SELECT DISTINCT type_id FROM tombstones WHERE anchor > ?1 AND anchor <= ?2
                    """,
                arguments: [anchor, last])
            return Set(try ids.map { try lookups.type($0, db).sampleType })
        }
    }
}
