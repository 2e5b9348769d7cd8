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
        try finish()
        return CommitResult(anchor: anchor, deleted: deleted, touchedTypes: touched)
    }

    /// Folds the longest spans into `type_spans` and stores the anchor: the last step of a write.
    mutating func finish() throws {
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
        anchor += 1
        let sampleType = sample.sampleType
        let type = try typeID(sampleType)
        let s = insertSample
        s.bind(1, anchor)
        s.bind(2, sample.uuid)
        s.bind(3, SampleKind(sample).rawValue)
        s.bind(4, type.id)
        // The texts bound without a copy (the source's and the unit's) live in these entries, kept to the step.
        var source: LastRow.RevisionEntry?
        var unitText: BoundText?
        if let revision = sample.sourceRevision {
            let columns = try sourceColumns(revision)
            s.bind(5, columns.id)
            s.bind(6, columns.nameOverride)
            s.bind(7, columns.version)
            s.bind(8, columns.productType)
            s.bind(9, columns.osVersion)
            source = columns
        }
        if let device = sample.device { s.bind(10, try deviceID(device)) }
        let start = sample.startDate
        let end = sample.endDate
        s.bind(11, start.timeIntervalSinceReferenceDate)
        s.bind(12, end.timeIntervalSinceReferenceDate)
        let span = max(0, end.timeIntervalSince(start))
        if let run = spanRun, run.typeID == type.id {
            if span > run.longest { spanRun?.longest = span }
        } else {
            endSpanRun()
            spanRun = (type.id, span)
        }
        switch sample {
        case .quantity(let quantity):
            let unit = quantity.quantity.unit
            let own = quantity.quantity.doubleValue(in: unit)
            if let canonical = type.canonical {
                let entry = unitEntry(unit, canonical)
                s.bind(13, entry.same ? own : entry.toCanonical?.convert(own))
                if !entry.same {
                    unitText = entry.text
                    s.bind(14, unitText)
                    s.bind(15, own)
                }
            } else {
                unitText = unitEntry(unit, unit).text
                s.bind(14, unitText)
                s.bind(15, own)
            }
        case .category(let category):
            s.bind(16, Int64(category.value))
        case .workout(let workout):
            s.bind(17, Int64(bitPattern: UInt64(workout.activityType.rawValue)))
            s.bind(18, workout.duration)
        case .workoutRoute(let route):
            s.bind(19, route.workoutUUID)
        case .correlation, .payload:
            break
        }
        s.bind(20, correlation)
        let metadata = sample.metadata
        s.bind(21, Int64(metadata.isEmpty ? 0 : 1))
        switch payload {
        case .none: break
        case .encoded(let data): s.bind(22, data)
        case .unprepared: s.bind(22, try SampleCodec.payload(sample))
        }
        let code = try withExtendedLifetime((source, unitText)) { try s.run() }
        if code != SQLITE_DONE {
            anchor -= 1
            // A UNIQUE conflict (SQLITE_CONSTRAINT_UNIQUE is SQLITE_CONSTRAINT | 8 << 8): the UUID is taken.
            if code == SQLITE_CONSTRAINT || code == SQLITE_CONSTRAINT | (8 << 8) { return false }
            throw StorageError(.io, "sample row rejected (SQLite \(code))")
        }
        for (key, value) in metadata.entries {
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
        if type.id != last.touchedTypeID {
            touched.insert(sampleType)
            last.touchedTypeID = type.id
        }
        return true
    }

    /// Adds the current run's longest span to ``spans``.
    private mutating func endSpanRun() {
        guard let run = spanRun else { return }
        if run.longest > spans[run.typeID] ?? -1 { spans[run.typeID] = run.longest }
        spanRun = nil
    }

    private mutating func typeID(_ type: SampleType) throws -> (id: Int64, canonical: HealthUnit?) {
        if let hit = last.type, hit.type == type { return (hit.id, hit.canonical) }
        let found = try cache.typeID(TypeKey(type), db)
        last.type = LastRow.TypeEntry(type: type, id: found.id, canonical: found.canonical)
        return found
    }

    private mutating func sourceColumns(_ revision: SourceRevision) throws -> LastRow.RevisionEntry {
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
        let entry = LastRow.RevisionEntry(
            revision: revision, id: source.id,
            nameOverride: .of(source.name == revision.source.name ? nil : revision.source.name),
            version: .of(revision.version), productType: .of(revision.productType),
            osVersion: .of(revision.operatingSystemVersion?.description))
        last.otherRevision = last.revision
        last.revision = entry
        return entry
    }

    private mutating func deviceID(_ device: Device) throws -> Int64 {
        if let hit = last.device, hit.device == device {
            if !hit.device.isIdentical(to: device) { last.device = LastRow.DeviceEntry(device: device, id: hit.id) }
            return hit.id
        }
        let id = try cache.deviceID(device, db)
        last.device = LastRow.DeviceEntry(device: device, id: id)
        return id
    }

    private mutating func unitEntry(_ unit: HealthUnit, _ canonical: HealthUnit) -> LastRow.UnitEntry {
        if let hit = last.unit, hit.unit == unit, hit.canonical == canonical { return hit }
        let entry = LastRow.UnitEntry(unit: unit, canonical: canonical)
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

/// What the previous inserted row resolved, so the next row of the same type, source and device reuses it.
///
/// Each entry is a class instance, so a hit costs one retain instead of copying a tuple of strings through
/// the runtime's generic value witnesses (7 % of a row's time, measured in the store benchmark). Two source
/// revisions are kept: the Health app's export lists a type's records by date, so a phone's and a watch's
/// records alternate, and one slot would miss on every row (a hashed lookup of the bundle identifier).
struct LastRow {
    final class TypeEntry {
        let type: SampleType
        let id: Int64
        let canonical: HealthUnit?
        init(type: SampleType, id: Int64, canonical: HealthUnit?) {
            self.type = type
            self.id = id
            self.canonical = canonical
        }
    }

    /// A source revision's columns: its source's id, the name when it differs from the source's stored name,
    /// its version and product type, and the operating system's version, as texts bound without a copy.
    final class RevisionEntry {
        let revision: SourceRevision
        let id: Int64
        let nameOverride: BoundText?
        let version: BoundText?
        let productType: BoundText?
        let osVersion: BoundText?
        init(
            revision: SourceRevision, id: Int64, nameOverride: BoundText?, version: BoundText?,
            productType: BoundText?, osVersion: BoundText?
        ) {
            self.revision = revision
            self.id = id
            self.nameOverride = nameOverride
            self.version = version
            self.productType = productType
            self.osVersion = osVersion
        }

        /// The same columns for an equal revision (another box of the same values).
        func with(_ equal: SourceRevision) -> RevisionEntry {
            RevisionEntry(
                revision: equal, id: id, nameOverride: nameOverride, version: version, productType: productType,
                osVersion: osVersion)
        }
    }

    final class DeviceEntry {
        let device: Device
        let id: Int64
        init(device: Device, id: Int64) {
            self.device = device
            self.id = id
        }
    }

    /// A unit with its text, whether it is the type's canonical unit, and its conversion to it (nil when the
    /// two are incompatible, and the canonical column stays empty): worked out once per run of rows, not per row.
    final class UnitEntry {
        let unit: HealthUnit
        let canonical: HealthUnit
        let same: Bool
        let text: BoundText
        let toCanonical: HealthUnit.Converter?
        init(unit: HealthUnit, canonical: HealthUnit) {
            self.unit = unit
            self.canonical = canonical
            self.same = unit == canonical
            self.text = BoundText(unit.unitString)
            self.toCanonical = try? HealthUnit.Converter(from: unit, to: canonical)
        }
    }

    var type: TypeEntry?
    var revision: RevisionEntry?
    /// The revision before ``revision``.
    var otherRevision: RevisionEntry?
    var device: DeviceEntry?
    var unit: UnitEntry?
    /// The type id of the last row recorded in `touched`.
    var touchedTypeID: Int64?
}
