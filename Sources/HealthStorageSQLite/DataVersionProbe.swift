import GRDBSQLite
import HealthCore
import HealthStorage

/// `PRAGMA data_version` on a connection of its own: its value changes whenever another connection — this
/// process's writer or another process — commits to the file, and reading it touches no table. The probe is one
/// read-only C-API connection with one prepared statement behind a mutex: no dispatch queue, a few microseconds.
final class DataVersionProbe: Sendable {
    private struct Connection: @unchecked Sendable {  // used only under the mutex
        var database: OpaquePointer?
        var statement: OpaquePointer?
        var isClosed = false
    }

    private let path: String
    private let connection = Locked(Connection())

    init(path: String) {
        self.path = path
    }

    deinit {
        connection.withLock { connection in
            sqlite3_finalize(connection.statement)
            sqlite3_close_v2(connection.database)
        }
    }

    /// Closes the connection; reads fail afterwards.
    func close() {
        connection.withLock { connection in
            sqlite3_finalize(connection.statement)
            sqlite3_close_v2(connection.database)
            connection = Connection(isClosed: true)
        }
    }

    /// The file's data version.
    func read() throws(StorageError) -> Int64 {
        try connection.withLock { connection throws(StorageError) -> Int64 in
            guard !connection.isClosed else { throw StorageError(.io, "read the data version: the store is closed") }
            if connection.statement == nil { try open(&connection) }
            guard let statement = connection.statement else { throw StorageError(.io, "read the data version") }
            defer { sqlite3_reset(statement) }
            let status = sqlite3_step(statement)
            guard status == SQLITE_ROW else {
                throw StorageError(.io, "read the data version: SQLite result \(status)")
            }
            return sqlite3_column_int64(statement, 0)
        }
    }

    private func open(_ connection: inout Connection) throws(StorageError) {
        var database: OpaquePointer?
        let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &database, flags, nil) == SQLITE_OK, let database else {
            sqlite3_close_v2(database)
            throw StorageError(.io, "open a connection for the data version")
        }
        // Reading the version takes a read lock for an instant; it waits at most 100 ms on a busy file (the caller
        // then goes without its cache) rather than holding this mutex for long.
        sqlite3_busy_timeout(database, 100)
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK else {
            sqlite3_close_v2(database)
            throw StorageError(.io, "prepare the data version")
        }
        connection = Connection(database: database, statement: statement)
    }
}
