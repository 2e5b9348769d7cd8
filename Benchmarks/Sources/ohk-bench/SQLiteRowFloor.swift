import Foundation
import GRDBSQLite
import HealthCore
import HealthStorage
import HealthStorageSQLite

/// SQLite's floor for the store's own row (issue 17, part 2): the store's schema — its 19-column `samples` row, its
/// UUID, `(type, start)`, `(type, end)` and partial indexes — filled through SQLite's C API with the store's own
/// `INSERT`, the values extracted and the type, source and revision ids resolved before the clock starts, one transaction
/// per batch that also moves the anchor and the type's longest span as a store's commit does. What is left between
/// this and `SQLiteStorage.commit` is the store's Swift work per row: reading the sample, resolving its ids,
/// binding, outcome bookkeeping.
enum SQLiteRowFloor {
    /// Makes a store at `path` whose `types` and `sources` know the synthetic sequence's type and two sources
    /// (the first sample of each source, committed through the store), then inserts `batches` through the C API.
    /// The first two samples of the first batch are the ones the store committed.
    ///
    /// With `rowsPerStatement` above 1, the rows go that many to one `INSERT` (the last ones of a batch, fewer,
    /// one per statement), as the store's writer groups them (`CommitWriter.groupRows`).
    static func insert(
        _ batches: [[AnySample]], rows: [[SQLiteFloor.Row]], path: String, rowsPerStatement: Int = 1
    ) async throws {
        let storage = try SQLiteStorage(path: path)
        _ = try await storage.commit(StorageCommit(inserts: Array(batches[0].prefix(2))))
        try storage.close()

        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteFloor.FloorError("open \(path)") }
        defer { sqlite3_close(db) }
        try SQLiteFloor.exec(db, "PRAGMA synchronous = NORMAL")
        let type = try integer(db, "SELECT type_id FROM samples ORDER BY anchor LIMIT 1")
        let watchSource = try integer(
            db, "SELECT id FROM sources WHERE bundle_id = '\(SyntheticSamples.watch.bundleIdentifier)'")
        let phoneSource = try integer(
            db, "SELECT id FROM sources WHERE bundle_id = '\(SyntheticSamples.phone.bundleIdentifier)'")
        let watchRevision = try integer(db, "SELECT revision_id FROM samples WHERE source_id = \(watchSource)")
        let phoneRevision = try integer(db, "SELECT revision_id FROM samples WHERE source_id = \(phoneSource)")
        var anchor = try integer(db, "SELECT anchor FROM meta WHERE id = 1")

        let columns = """
            INSERT INTO samples (anchor, uuid, kind, type_id, source_id, revision_id, device_id, start_date, end_date,
                value, unit, original_value, category_value, activity_type, duration, route_workout_uuid,
                correlation_uuid, has_metadata, payload)
            VALUES
            """
        let parameters = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let insert = try prepare(db, columns + parameters)
        defer { sqlite3_finalize(insert) }
        let group = max(1, rowsPerStatement)
        let insertGroup = try prepare(
            db, columns + repeatElement(parameters, count: group).joined(separator: ", "))
        defer { sqlite3_finalize(insertGroup) }
        let span = try prepare(
            db,
            """
            INSERT INTO type_spans (type_id, max_duration) VALUES (?, ?)
            ON CONFLICT (type_id) DO UPDATE SET max_duration = MAX(max_duration, excluded.max_duration)
            """)
        defer { sqlite3_finalize(span) }
        let moveAnchor = try prepare(db, "UPDATE meta SET anchor = ? WHERE id = 1")
        defer { sqlite3_finalize(moveAnchor) }

        for (index, batch) in rows.enumerated() {
            try SQLiteFloor.exec(db, "BEGIN IMMEDIATE")
            var longest = 0.0
            let batchRows = batch.dropFirst(index == 0 ? 2 : 0)
            var position = batchRows.startIndex
            while position < batchRows.endIndex {
                let count = batchRows.endIndex - position >= group ? group : 1
                let statement = count == 1 ? insert : insertGroup
                for (offset, row) in batchRows[position..<(position + count)].enumerated() {
                    let base = Int32(offset * 19)
                    anchor += 1
                    var uuid = row.uuid
                    sqlite3_bind_int64(statement, base + 1, anchor)
                    _ = withUnsafeBytes(of: &uuid) {
                        sqlite3_bind_blob(statement, base + 2, $0.baseAddress, 16, transient)
                    }
                    sqlite3_bind_int64(statement, base + 3, 0)
                    sqlite3_bind_int64(statement, base + 4, type)
                    sqlite3_bind_int64(statement, base + 5, row.source == 1 ? watchSource : phoneSource)
                    sqlite3_bind_int64(statement, base + 6, row.source == 1 ? watchRevision : phoneRevision)
                    sqlite3_bind_double(statement, base + 8, row.start)
                    sqlite3_bind_double(statement, base + 9, row.end)
                    sqlite3_bind_double(statement, base + 10, row.value)
                    sqlite3_bind_int64(statement, base + 18, 0)
                    longest = max(longest, row.end - row.start)
                }
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw SQLiteFloor.FloorError(String(cString: sqlite3_errmsg(db)))
                }
                sqlite3_reset(statement)
                sqlite3_clear_bindings(statement)
                position += count
            }
            sqlite3_bind_int64(span, 1, type)
            sqlite3_bind_double(span, 2, longest)
            try step(db, span)
            sqlite3_bind_int64(moveAnchor, 1, anchor)
            try step(db, moveAnchor)
            try SQLiteFloor.exec(db, "COMMIT")
        }
    }

    private static func prepare(_ db: OpaquePointer, _ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw SQLiteFloor.FloorError("prepare: \(String(cString: sqlite3_errmsg(db)))")
        }
        return statement
    }

    private static func step(_ db: OpaquePointer, _ statement: OpaquePointer) throws {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else {
            throw SQLiteFloor.FloorError(String(cString: sqlite3_errmsg(db)))
        }
    }

    private static func integer(_ db: OpaquePointer, _ sql: String) throws -> Int64 {
        let statement = try prepare(db, sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw SQLiteFloor.FloorError("no row for \(sql)") }
        return sqlite3_column_int64(statement, 0)
    }

}
