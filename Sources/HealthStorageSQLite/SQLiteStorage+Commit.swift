import Foundation
import GRDB
import GRDBSQLite
import HealthCore
public import HealthStorage

extension SQLiteStorage {
    /// Applies a commit in one write transaction: inserts (correlation members first, as their own rows),
    /// deletions with tombstones, then workout associations. Any failure rolls the whole commit back.
    ///
    /// - Throws: ``StorageError`` `.duplicateUUID`, `.unknownObject` (association), `.io`; nothing is applied then.
    /// - Complexity: O(n) statements for n objects, each bound directly on a cached prepared statement.
    public func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        let cache = writeCache
        return try await write("commit") { db in
            var writer = try CommitWriter(db: db, cache: cache)
            return try writer.apply(commit)
        }
    }
}

/// One commit's work on the writer connection.
private struct CommitWriter {
    let db: Database
    let cache: WriteCache
    var anchor: Int64
    var touched: Set<SampleType> = []
    let insertSample: DirectStatement
    let insertMetadata: DirectStatement

    init(db: Database, cache: WriteCache) throws {
        self.db = db
        self.cache = cache
        self.anchor = try SQLiteStorage.anchor(db)
        self.insertSample = try DirectStatement(
            db,
            """
            INSERT INTO samples (anchor, uuid, kind, type_id, source_id, source_name, source_version, product_type,
                os_version, device_id, start_date, end_date, value, unit, original_value, category_value,
                activity_type, duration, route_workout_uuid, correlation_uuid, has_metadata, payload)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        self.insertMetadata = try DirectStatement(
            db, "INSERT INTO metadata (anchor, key, kind, text, number) VALUES (?, ?, ?, ?, ?)")
    }

    mutating func apply(_ commit: StorageCommit) throws -> CommitResult {
        for sample in commit.inserts {
            if let correlation = sample.correlation {
                for member in correlation.objects {
                    var member = member
                    if member.sourceRevision == nil { member.sourceRevision = sample.sourceRevision }
                    try insert(member, correlation: correlation.uuid)
                }
            }
            try insert(sample, correlation: nil)
        }
        var deleted: [DeletedObject] = []
        for uuid in commit.deletions {
            var targets = [uuid]
            if let kind = try Int64.fetchOne(db, sql: "SELECT kind FROM samples WHERE uuid = ?", arguments: [uuid]),
                kind == SampleKind.correlation.rawValue
            {
                targets += try UUID.fetchAll(
                    db, sql: "SELECT uuid FROM samples WHERE correlation_uuid = ? ORDER BY anchor", arguments: [uuid])
            }
            for target in targets {
                if let tombstone = try delete(target) { deleted.append(tombstone) }
            }
        }
        for association in commit.associations {
            let sampleExists = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM samples WHERE uuid = ?)", arguments: [association.sample])
            let workoutExists = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM samples WHERE uuid = ? AND kind = ?)",
                arguments: [association.workout, SampleKind.workout.rawValue])
            guard sampleExists == true, workoutExists == true else {
                throw StorageError(.unknownObject, "association names an object that is not stored")
            }
            try db.execute(
                sql: "INSERT OR IGNORE INTO workout_associations (sample_uuid, workout_uuid) VALUES (?, ?)",
                arguments: [association.sample, association.workout])
        }
        try db.execute(sql: "UPDATE meta SET anchor = ? WHERE id = 1", arguments: [anchor])
        return CommitResult(anchor: anchor, deleted: deleted, touchedTypes: touched)
    }

    private mutating func insert(_ sample: AnySample, correlation: UUID?) throws {
        anchor += 1
        let kind = SampleKind(sample)
        let type = try cache.typeID(TypeKey(sample.sampleType), db)
        let s = insertSample
        s.bind(1, anchor)
        s.bind(2, sample.uuid)
        s.bind(3, kind.rawValue)
        s.bind(4, type.id)
        if let revision = sample.sourceRevision {
            let source = try cache.sourceID(revision, db)
            s.bind(5, source.id)
            s.bind(6, source.name == revision.source.name ? nil : revision.source.name)
            s.bind(7, revision.version)
            s.bind(8, revision.productType)
            s.bind(9, revision.operatingSystemVersion?.description)
        }
        if let device = sample.device { s.bind(10, try cache.deviceID(device, db)) }
        s.bind(11, sample.startDate.timeIntervalSinceReferenceDate)
        s.bind(12, sample.endDate.timeIntervalSinceReferenceDate)
        switch sample {
        case .quantity(let quantity):
            let unit = quantity.quantity.unit
            let own = quantity.quantity.doubleValue(in: unit)
            if let canonical = type.canonical {
                s.bind(13, unit == canonical ? own : try? quantity.quantity.doubleValue(for: canonical))
            }
            if unit != type.canonical {
                s.bind(14, unit.unitString)
                s.bind(15, own)
            }
        case .category(let category):
            s.bind(16, Int64(category.value))
        case .workout(let workout):
            s.bind(17, Int64(bitPattern: UInt64(workout.activityType.rawValue)))
            s.bind(18, workout.duration)
        case .workoutRoute(let route):
            s.bind(19, route.workoutUUID)
        case .correlation:
            break
        }
        s.bind(20, correlation)
        s.bind(21, Int64(sample.metadata.isEmpty ? 0 : 1))
        s.bind(22, try SampleCodec.payload(sample))
        let code = try s.run()
        if code != SQLITE_DONE {
            throw StorageError(.duplicateUUID, "an object with UUID \(sample.uuid.uuidString) is already stored")
        }
        for (key, value) in sample.metadata.entries {
            let columns = SampleCodec.columns(value)
            insertMetadata.bind(1, anchor)
            insertMetadata.bind(2, key.rawValue)
            insertMetadata.bind(3, columns.kind.rawValue)
            insertMetadata.bind(4, columns.text)
            insertMetadata.bind(5, columns.number)
            if try insertMetadata.run() != SQLITE_DONE {
                throw StorageError(.io, "metadata row rejected for key \(key.rawValue)")
            }
        }
        touched.insert(sample.sampleType)
    }

    /// Deletes one row, writing its tombstone; nil when no such row.
    private mutating func delete(_ uuid: UUID) throws -> DeletedObject? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT s.anchor, s.type_id, t.kind, t.identifier, s.source_id, src.bundle_id
                    FROM samples s JOIN types t ON t.id = s.type_id LEFT JOIN sources src ON src.id = s.source_id
                    WHERE s.uuid = ?
                    """, arguments: [uuid])
        else { return nil }
        let rowAnchor: Int64 = row[0]
        let type = TypeKey(kind: row[2] as Int64, identifier: row[3]).sampleType
        let sync = try syncMetadata(rowAnchor)
        anchor += 1
        let identifier = sync[.syncIdentifier]
        let version = sync[.syncVersion]
        let plain =
            (identifier == nil || identifier?.stringValue != nil) && (version == nil || version?.kind == .number)
        try db.execute(
            sql: """
                INSERT INTO tombstones (anchor, uuid, type_id, source_id, sync_identifier, sync_version, sync_metadata)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                anchor, uuid, row[1] as Int64, row[4] as Int64?, plain ? identifier?.stringValue : nil,
                plain ? version?.doubleValue : nil, plain ? nil : try JSONEncoder().encode(sync),
            ])
        try db.execute(sql: "DELETE FROM samples WHERE anchor = ?", arguments: [rowAnchor])
        try db.execute(sql: "DELETE FROM metadata WHERE anchor = ?", arguments: [rowAnchor])
        try db.execute(
            sql: "DELETE FROM workout_associations WHERE sample_uuid = ? OR workout_uuid = ?", arguments: [uuid, uuid])
        touched.insert(type)
        return DeletedObject(
            uuid: uuid, sampleType: type, sourceBundleIdentifier: row[5], metadata: sync, anchor: anchor)
    }

    /// The sync identifier and version of a row (the only metadata a tombstone keeps).
    private func syncMetadata(_ rowAnchor: Int64) throws -> Metadata {
        let all = try SampleCodec.metadata(rowAnchor, db)
        var kept = Metadata()
        kept[.syncIdentifier] = all[.syncIdentifier]
        kept[.syncVersion] = all[.syncVersion]
        return kept
    }
}
