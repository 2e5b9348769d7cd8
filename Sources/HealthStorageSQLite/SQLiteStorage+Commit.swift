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

/// One commit's work on the writer connection (also the insert path of a bulk write).
struct CommitWriter {
    let db: Database
    let cache: WriteCache
    var anchor: Int64
    var touched: Set<SampleType> = []
    /// The longest sample inserted per type id in this commit (folded into `type_spans`), and the current run of
    /// rows of one type, whose longest is added when the type changes (no hashed lookup per row).
    var spans: [Int64: Double] = [:]
    var spanRun: (typeID: Int64, longest: Double)?
    /// The ids of the previous row's type, source and device, and its unit's facts.
    var last = LastRow()
    /// Entries of ``last`` replaced since the statement being bound last ran: texts of theirs may still be bound
    /// without a copy, so they are kept until it has (no row holds its entries: that was a retain and a release of
    /// each per row).
    var retired: [AnyObject] = []
    /// The type of each type id met in this commit, for ``touched``.
    var typeNames: [Int64: SampleType] = [:]
    var insertSample: DirectStatement
    var insertMetadata: DirectStatement
    /// The statement inserting ``groupRows`` rows at once (``tryInsertGroup(_:from:payloads:inserted:)``),
    /// prepared by the first group.
    var insertGroup: DirectStatement?
    /// Metadata rows of stored samples not inserted yet (``queueMetadata(of:)``): ``insertGrouped`` and ``finish()``
    /// insert what is left.
    var pendingMetadata: [MetadataRow] = []
    /// The statement inserting ``metadataGroupRows`` metadata rows at once, prepared by the first such group.
    var insertMetadataGroup: DirectStatement?

    /// The columns of a sample row, in the order ``bind(_:correlation:payload:on:at:offset:)`` binds them.
    static let sampleColumns = """
        INSERT INTO samples (anchor, uuid, kind, type_id, source_id, revision_id, device_id, start_date, end_date,
            value, unit, original_value, category_value, activity_type, duration, route_workout_uuid,
            correlation_uuid, has_metadata, payload)
        """
    /// The parameters of one sample row.
    static let sampleParameters = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    /// The number of parameters of one sample row.
    static let sampleParameterCount: Int32 = 19

    init(db: Database, cache: WriteCache) throws {
        self.db = db
        self.cache = cache
        self.anchor = try SQLiteStorage.anchor(db)
        self.insertSample = try DirectStatement(db, Self.sampleInsert)
        self.insertMetadata = try DirectStatement(db, Self.metadataInsert)
    }

    /// The statements inserting one sample row and one metadata row.
    static let sampleInsert = sampleColumns + " VALUES " + sampleParameters
    static let metadataInsert = "INSERT INTO metadata (anchor, key, kind, text, number) VALUES (?, ?, ?, ?, ?)"

    /// Prepares the statements again after a schema change in the transaction (a bulk write dropping indexes it
    /// kept live so far): GRDB finalizes the connection's cached statements when the schema changes
    /// (`Database.clearSchemaCache()`), and the writer binds their handles directly. The grouped statements are
    /// prepared again on their first use.
    mutating func prepareStatementsAgain() throws {
        insertSample = try DirectStatement(db, Self.sampleInsert)
        insertMetadata = try DirectStatement(db, Self.metadataInsert)
        insertGroup = nil
        insertMetadataGroup = nil
    }

    mutating func apply(_ commit: StorageCommit) throws -> CommitResult {
        let inserts = commit.inserts
        try insertGrouped(inserts, payloads: nil, inserted: { _ in }, single: Self.insertWithMembers(of: inserts))
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
        for (key, value) in commit.settings.sorted(by: { $0.key < $1.key }) {
            if let value {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
        try finish()
        return CommitResult(anchor: anchor, deleted: deleted, touchedTypes: touched)
    }

    /// Inserts any metadata rows still queued, folds the longest spans into `type_spans` and stores the anchor: the
    /// last step of a write.
    mutating func finish() throws {
        try flushMetadata()
        endSpanRun()
        for (typeID, span) in spans {
            try db.execute(
                sql: """
                    INSERT INTO type_spans (type_id, max_duration) VALUES (?, ?)
                    ON CONFLICT (type_id) DO UPDATE SET max_duration = MAX(max_duration, excluded.max_duration)
                    """, arguments: [typeID, span])
        }
        spans = [:]
        try db.execute(sql: "UPDATE meta SET anchor = ? WHERE id = 1", arguments: [anchor])
    }

    /// Inserts the sample at an index of `samples` by itself; a correlation's members first, as rows of their own
    /// that take its source revision when they have none.
    private static func insertWithMembers(of samples: [AnySample]) -> (inout CommitWriter, Int) throws -> Void {
        { writer, index in
            let sample = samples[index]
            if let correlation = sample.correlation {
                for member in correlation.objects {
                    var member = member
                    if member.sourceRevision == nil { member.sourceRevision = sample.sourceRevision }
                    try writer.insert(member, correlation: correlation.uuid)
                }
            }
            try writer.insert(sample, correlation: nil)
        }
    }

    private mutating func insert(_ sample: AnySample, correlation: UUID?) throws {
        if try !tryInsert(sample, correlation: correlation) {
            throw StorageError(.duplicateUUID, "an object with UUID \(sample.uuid.uuidString) is already stored")
        }
    }

    /// Inserts one row (and its metadata rows); false, with nothing written, when its UUID is already stored.
    ///
    /// The ids of the type, source and device of the previous row are remembered, so a run of rows from the same
    /// type, source and device (an import) looks nothing up. The payload is encoded here unless `payload` holds
    /// it, encoded ahead from this same sample.
    mutating func tryInsert(
        _ sample: borrowing AnySample, correlation: UUID?, payload: PreparedPayloads.Entry = .unprepared
    ) throws -> Bool {
        let row: BoundRow
        do {
            row = try bind(sample, correlation: correlation, payload: payload, on: insertSample, at: 0)
        } catch {
            abandon(insertSample)
            throw error
        }
        guard try runBound(insertSample) else { return false }
        try stored(row)
        return true
    }

    /// Steps a statement whose rows are bound, then lets the entries retired while binding them go. False, with
    /// nothing written, on a UNIQUE conflict (SQLITE_CONSTRAINT_UNIQUE is SQLITE_CONSTRAINT | 8 << 8): a UUID
    /// that is taken.
    mutating func runBound(_ statement: DirectStatement) throws -> Bool {
        defer { retired.removeAll(keepingCapacity: true) }
        let code = try statement.run()
        if code == SQLITE_DONE { return true }
        if code == SQLITE_CONSTRAINT || code == SQLITE_CONSTRAINT | (8 << 8) { return false }
        throw StorageError(.io, "sample row rejected (SQLite \(code))")
    }

    /// Forgets what was bound to a statement that will not run (binding failed, or a group was given up).
    mutating func abandon(_ statement: DirectStatement) {
        statement.clearBindings()
        retired.removeAll(keepingCapacity: true)
    }

    /// What a bound row adds to the commit once its statement has stored it: its anchor, type, span and
    /// metadata. (The texts it binds without a copy live in ``last`` or ``retired`` until the statement runs.)
    struct BoundRow {
        let anchor: Int64
        let uuid: UUID
        let typeID: Int64
        let span: Double
        /// Nil when the sample has none.
        let metadata: Metadata?
    }

    /// Binds the next row's columns (anchor ``anchor`` + `offset` + 1) to parameters `base + 1` to `base + 19`
    /// of `s`: the one-row statement, or one row of a multi-row statement.
    mutating func bind(
        _ sample: borrowing AnySample, correlation: UUID?, payload: PreparedPayloads.Entry, on s: DirectStatement,
        at base: Int32, offset: Int64 = 0
    ) throws -> BoundRow {
        let rowAnchor = anchor + offset + 1
        let type = try typeEntry(sample.sampleType)
        let uuid = sample.uuid
        s.bind(base + 1, rowAnchor)
        s.bind(base + 2, uuid)
        s.bind(base + 3, SampleKind(sample).rawValue)
        s.bind(base + 4, type.id)
        if let revision = sample.sourceRevision {
            let ids = try revisionEntry(revision)
            s.bind(base + 5, ids.sourceID)
            s.bind(base + 6, ids.revisionID)
        }
        if let device = sample.device { s.bind(base + 7, try deviceID(device)) }
        let start = sample.startDate
        let end = sample.endDate
        s.bind(base + 8, start.timeIntervalSinceReferenceDate)
        s.bind(base + 9, end.timeIntervalSinceReferenceDate)
        switch sample {
        case .quantity(let quantity):
            let unit = quantity.quantity.unit
            let own = quantity.quantity.doubleValue(in: unit)
            if let canonical = type.canonical {
                let entry = unitEntry(unit, canonical)
                s.bind(base + 10, entry.same ? own : entry.toCanonical?.convert(own))
                if !entry.same {
                    s.bind(base + 11, entry.text)
                    s.bind(base + 12, own)
                }
            } else {
                s.bind(base + 11, unitEntry(unit, unit).text)
                s.bind(base + 12, own)
            }
        case .category(let category):
            s.bind(base + 13, Int64(category.value))
        case .workout(let workout):
            s.bind(base + 14, Int64(bitPattern: UInt64(workout.activityType.rawValue)))
            s.bind(base + 15, workout.duration)
        case .workoutRoute(let route):
            s.bind(base + 16, route.workoutUUID)
        case .correlation, .payload:
            break
        }
        s.bind(base + 17, correlation)
        let metadata = sample.metadata
        s.bind(base + 18, Int64(metadata.isEmpty ? 0 : 1))
        switch payload {
        case .none: break
        case .encoded(let data): s.bind(base + 19, data)
        case .unprepared: s.bind(base + 19, try SampleCodec.payload(sample))
        }
        return BoundRow(
            anchor: rowAnchor, uuid: uuid, typeID: type.id, span: max(0, end.timeIntervalSince(start)),
            metadata: metadata.isEmpty ? nil : metadata)
    }

    /// Records a row its statement stored: the anchor moves to it; its span, its metadata rows (queued) and its
    /// type.
    mutating func stored(_ row: BoundRow) throws {
        anchor = row.anchor
        if let run = spanRun, run.typeID == row.typeID {
            if row.span > run.longest { spanRun?.longest = row.span }
        } else {
            endSpanRun()
            spanRun = (row.typeID, row.span)
        }
        try queueMetadata(of: row)
        if row.typeID != last.touchedTypeID, let type = typeNames[row.typeID] {
            touched.insert(type)
            last.touchedTypeID = row.typeID
        }
    }

    /// Adds the current run's longest span to ``spans``.
    private mutating func endSpanRun() {
        guard let run = spanRun else { return }
        if run.longest > spans[run.typeID] ?? -1 { spans[run.typeID] = run.longest }
        spanRun = nil
    }

    private mutating func typeEntry(_ type: SampleType) throws -> LastRow.TypeEntry {
        if let hit = last.type, hit.type == type { return hit }
        let found = try cache.typeID(TypeKey(type), db)
        let entry = LastRow.TypeEntry(type: type, id: found.id, canonical: found.canonical)
        last.type = entry
        typeNames[found.id] = type
        return entry
    }

    private mutating func revisionEntry(_ revision: SourceRevision) throws -> LastRow.RevisionEntry {
        if let hit = last.revision, hit.revision.isIdentical(to: revision) { return hit }
        if let hit = last.revision, hit.revision == revision {
            // Equal, from another batch (an importer makes each batch's anew): keep this copy, so the next rows
            // compare by identity again.
            let entry = hit.with(revision)
            last.revision = entry
            return entry
        }
        if let hit = last.otherRevision, hit.revision == revision {
            last.otherRevision = last.revision
            last.revision = hit
            return hit
        }
        let source = try cache.sourceID(revision, db)
        let revisionID = try cache.revisionID(revision, sourceID: source.id, registeredName: source.name, db)
        let entry = LastRow.RevisionEntry(revision: revision, sourceID: source.id, revisionID: revisionID)
        last.otherRevision = last.revision
        last.revision = entry
        return entry
    }

    /// The device's id: from the previous row's or the one before (an export's watch records alternate between
    /// devices), compared by identity first; else from the cache.
    private mutating func deviceID(_ device: Device) throws -> Int64 {
        if let hit = last.device, hit.device.isIdentical(to: device) { return hit.id }
        if let other = last.otherDevice, other.device.isIdentical(to: device) {
            last.otherDevice = last.device
            last.device = other
            return other.id
        }
        // Equal values in another box (each batch's are made anew) are kept in this box, so the next rows compare
        // by identity again.
        let id: Int64
        if let hit = last.device, hit.device == device {
            id = hit.id
        } else if let other = last.otherDevice, other.device == device {
            id = other.id
            last.otherDevice = last.device
        } else {
            id = try cache.deviceID(device, db)
            last.otherDevice = last.device
        }
        last.device = LastRow.DeviceEntry(device: device, id: id)
        return id
    }

    private mutating func unitEntry(_ unit: HealthUnit, _ canonical: HealthUnit) -> LastRow.UnitEntry {
        if let hit = last.unit, hit.unit == unit, hit.canonical == canonical { return hit }
        let entry = LastRow.UnitEntry(unit: unit, canonical: canonical)
        if let dropped = last.unit { retired.append(dropped) }
        last.unit = entry
        return entry
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
                plain ? version?.doubleValue : nil, plain ? nil : try StoredJSON.encoder().encode(sync),
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
