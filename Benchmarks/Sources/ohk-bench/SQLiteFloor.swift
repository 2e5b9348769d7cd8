import Foundation
import GRDBSQLite
import HealthCore

/// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

/// What SQLite itself can insert on this machine: the same rows as the store benchmark through SQLite's C API
/// (one prepared statement, values bound directly, no Swift wrapper, no encoding during the timed loop), with
/// the access paths added one by one. It answers "how fast could any SQLite store be here", the ceiling for
/// issue 3's insert target and issue 5's import target.
enum SQLiteFloor {
    /// A row reduced to what the minimal table stores, extracted before timing.
    struct Row {
        var uuid: (UInt64, UInt64)
        var source: Int64
        var start: Double
        var end: Double
        var value: Double

        /// The row of a step sample of the synthetic sequence (source 1: watch, 2: phone).
        init(_ sample: AnySample) {
            let bytes = sample.uuid.uuid
            uuid = withUnsafeBytes(of: bytes) {
                ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self))
            }
            source = sample.source?.bundleIdentifier == SyntheticSamples.watch.bundleIdentifier ? 1 : 2
            start = sample.startDate.timeIntervalSinceReferenceDate
            end = sample.endDate.timeIntervalSinceReferenceDate
            value = (try? sample.quantitySample?.quantity.doubleValue(for: .count())) ?? 0
        }
    }

    /// The access paths of a sample store, cumulative: each level adds one B-tree to every insert.
    enum Level: Int, CaseIterable {
        case table = 0, uuid, typeStart, typeEnd

        var label: String {
            switch self {
            case .table: "table only (rowid = anchor)"
            case .uuid: "+ UNIQUE uuid"
            case .typeStart: "+ (type, start)"
            case .typeEnd: "+ (type, end)"
            }
        }

        var schema: String {
            let unique = self.rawValue >= Level.uuid.rawValue ? " UNIQUE" : ""
            var sql = """
                CREATE TABLE IF NOT EXISTS samples(id INTEGER PRIMARY KEY, uuid BLOB\(unique), type INTEGER, source INTEGER,
                  start REAL, end REAL, value REAL);
                """
            if self.rawValue >= Level.typeStart.rawValue {
                sql += "CREATE INDEX IF NOT EXISTS samples_type_start ON samples(type, start);"
            }
            if self.rawValue >= Level.typeEnd.rawValue {
                sql += "CREATE INDEX IF NOT EXISTS samples_type_end ON samples(type, end);"
            }
            return sql
        }
    }

    /// Inserts `batches` (one transaction each) into the database at `path` (created if needed), WAL, `synchronous = NORMAL`.
    static func insert(_ batches: [[Row]], level: Level, path: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw FloorError("open \(path)") }
        defer { sqlite3_close(db) }
        try exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;" + level.schema)
        var statement: OpaquePointer?
        let sql = "INSERT INTO samples(uuid, type, source, start, end, value) VALUES (?, 1, ?, ?, ?, ?)"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw FloorError("prepare")
        }
        defer { sqlite3_finalize(statement) }
        for batch in batches {
            try exec(db, "BEGIN")
            for row in batch {
                var uuid = row.uuid
                _ = withUnsafeBytes(of: &uuid) { sqlite3_bind_blob(statement, 1, $0.baseAddress, 16, transient) }
                sqlite3_bind_int64(statement, 2, row.source)
                sqlite3_bind_double(statement, 3, row.start)
                sqlite3_bind_double(statement, 4, row.end)
                sqlite3_bind_double(statement, 5, row.value)
                guard sqlite3_step(statement) == SQLITE_DONE else {
                    throw FloorError(String(cString: sqlite3_errmsg(db)))
                }
                sqlite3_reset(statement)
            }
            try exec(db, "COMMIT")
        }
    }

    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw FloorError(String(cString: sqlite3_errmsg(db)))
        }
    }

    struct FloorError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = "SQLite floor: \(description)" }
    }
}
