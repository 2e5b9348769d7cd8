public import Foundation
import GRDB
public import HealthCore
public import HealthStorage

/// The embedded default ``SampleStorage``: one SQLite file in WAL mode, through GRDB.
///
/// Every ``commit(_:)`` is one SQLite transaction: after a crash (even `kill -9` in the middle of a write) the
/// store reopens with each commit wholly present or wholly absent. Reads run on the pool's reader connections
/// while a write is in progress. Behaviour equals ``InMemoryStorage`` (the same conformance suite runs against
/// both); the schema is described in `SQLiteStorage+Schema.swift`.
///
/// ```swift
/// let storage = try SQLiteStorage(path: "/var/lib/ohk/health.sqlite")
/// _ = try await storage.commit(StorageCommit(inserts: samples))
/// let steps = try await storage.count(matching: .type(.quantity(.stepCount)))
/// ```
///
/// ## Topics
/// - ``init(path:)``
/// - ``temporary()``
/// - ``pageSize``
/// - ``close()``
public final class SQLiteStorage: SampleStorage {
    /// The database: a `DatabasePool` (one writer connection, readers on snapshots).
    let writer: any DatabaseWriter
    /// The folder of a ``temporary()`` store, removed with it.
    private let temporaryFolder: URL?
    /// Committed rows of the small tables (types, sources, devices, units) by id, for decoding.
    let lookups = Lookups()
    /// Ids the writer has resolved; only touched on the writer's serialized queue, reset after a failed commit.
    let writeCache = WriteCache()
    /// This process's writers of the store, one at a time: a bulk write holds its transaction open across many
    /// accesses to the writer connection, and no other write may run inside it.
    let writeGate = AsyncGate()
    /// Tells whether anything was committed (``dataVersion()``).
    let versionProbe: DataVersionProbe

    /// How long a connection waits for another one's lock before failing with SQLITE_BUSY, in seconds.
    static let busyTimeout: TimeInterval = 30

    /// Opens (creating if needed) the store at a file path, in WAL mode with `synchronous = NORMAL`.
    ///
    /// - Parameter path: The database file; `-wal` and `-shm` files live beside it.
    /// - Throws: ``StorageError`` `.io` when the file cannot be opened, `.corrupt` when it is not a database.
    public convenience init(path: String) throws(StorageError) {
        try self.init(path: path, pageSizeIfNew: Self.pageSize)
    }

    /// Opens (creating if needed) the store at a file path; a file created here gets pages of `pageSizeIfNew`
    /// bytes instead of ``pageSize`` (a test hook: 4,096 makes a store as versions before decision 0025 did).
    package init(path: String, pageSizeIfNew: Int) throws(StorageError) {
        do {
            self.writer = try Self.openPool(path, pageSizeIfNew: pageSizeIfNew)
        } catch {
            throw Self.storageError(error, "open")
        }
        self.temporaryFolder = nil
        self.versionProbe = DataVersionProbe(path: path)
    }

    private init(writer: any DatabaseWriter, temporaryFolder: URL) {
        self.writer = writer
        self.temporaryFolder = temporaryFolder
        self.versionProbe = DataVersionProbe(path: writer.path)
    }

    deinit {
        if let temporaryFolder {
            try? writer.close()
            try? FileManager.default.removeItem(at: temporaryFolder)
        }
    }

    /// A private store in a new folder of the temporary directory, removed when the storage goes away: the same
    /// SQL and the same concurrency (WAL snapshots) as a store file, for tests.
    ///
    /// - Throws: ``StorageError`` `.io` if the folder or the database cannot be made.
    public static func temporary() throws(StorageError) -> SQLiteStorage {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ohk-sqlite-\(ProcessInfo.processInfo.globallyUniqueString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let pool = try openPool(folder.appendingPathComponent("store.sqlite").path, pageSizeIfNew: pageSize)
            return SQLiteStorage(writer: pool, temporaryFolder: folder)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw storageError(error, "open")
        }
    }

    /// The page size of a store file this type creates, in bytes: 8 KiB (SQLite's default is 4 KiB).
    ///
    /// A first import sweeps the `uuid` index once per type (its keys start with each sample's time): the index's
    /// pages leave the page cache and come back through one `pwrite` and one `pread` each, and after the commit the
    /// log is copied into the file a page at a time. Pages twice the size halve those calls. 16 KiB pages quarter
    /// them but make each one-sample commit write four times the bytes to the log (decision 0025, BENCHMARKS.md).
    /// SQLite fixes a file's page size when it writes the file's first page, so a store made before keeps its own
    /// 4 KiB pages; both work the same.
    public static let pageSize = 8_192

    /// A pool on a file in WAL mode with `synchronous = NORMAL`, migrated to the current schema; a new file gets
    /// pages of `pageSizeIfNew` bytes (the pragma runs before GRDB turns on WAL mode, which writes the first page;
    /// on an existing file SQLite ignores it).
    private static func openPool(_ path: String, pageSizeIfNew: Int) throws -> DatabasePool {
        var configuration = Configuration()
        // Another process writing the same file (an `ohk import` while an app saves) makes this one wait for
        // its turn instead of failing at once with SQLITE_BUSY; an import holds the lock for its whole run.
        configuration.busyMode = .timeout(Self.busyTimeout)
        // The `REFERENCES` clauses document the schema; the writer resolves every type, source and device id
        // from those same tables in its own transaction and never deletes them, so SQLite's per-row parent
        // lookups (three B-tree searches per sample) would only re-check it: 13 % of insert time (BENCHMARKS.md).
        configuration.foreignKeysEnabled = false
        // A bulk write keeps its transaction open between accesses to the writer connection (one per batch); the
        // write gate keeps every other writer of this process out meanwhile.
        configuration.allowsUnsafeTransactions = true
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.execute(sql: "PRAGMA page_size = \(pageSizeIfNew)")
        }
        let pool = try DatabasePool(path: path, configuration: configuration)
        try Self.migrator.migrate(pool)
        return pool
    }

    /// Closes the database connections. The store must not be used afterwards.
    ///
    /// - Throws: ``StorageError`` `.io` when a connection cannot be closed.
    public func close() throws(StorageError) {
        versionProbe.close()
        do {
            try writer.close()
        } catch {
            throw Self.storageError(error, "close")
        }
    }

    /// The writer connection's `PRAGMA wal_autocheckpoint`: the log's size in pages after which a commit copies
    /// it into the file (0 while a bulk write's after-commit step runs). A test hook.
    package func automaticCheckpointPages() async throws(StorageError) -> Int {
        do {
            return try await writer.writeWithoutTransaction { db in
                try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 0
            }
        } catch {
            throw Self.storageError(error, "automatic checkpoint setting")
        }
    }

    /// The file's page size in bytes (`PRAGMA page_size`). A test hook.
    package func filePageSize() throws(StorageError) -> Int {
        do {
            return try writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0 }
        } catch {
            throw Self.storageError(error, "page size")
        }
    }

    /// `PRAGMA integrity_check`'s rows (`["ok"]` for a sound file). A test hook.
    package func integrityCheck() throws(StorageError) -> [String] {
        do {
            return try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        } catch {
            throw Self.storageError(error, "integrity check")
        }
    }

    /// Every index of the store by name, with the SQL that created it, and SQLite's schema version (which any
    /// `CREATE` or `DROP` changes). A test hook.
    package func indexes() throws(StorageError) -> (definitions: [String: String], schemaVersion: Int) {
        do {
            return try writer.read { db in
                let rows = try Row.fetchAll(
                    db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
                let definitions = Dictionary(uniqueKeysWithValues: rows.map { ($0[0] as String, $0[1] as String) })
                return (definitions, try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0)
            }
        } catch {
            throw Self.storageError(error, "read the schema")
        }
    }

    /// Runs a write transaction; the write cache is reset on failure before the writer queue is released.
    func write<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(StorageError) -> T {
        let cache = writeCache
        do {
            return try await writeGate.withLock {
                try await writer.writeWithoutTransaction { db in
                    do {
                        var result: T?
                        try Self.withStatementJournalsInMemory(db) {
                            try db.inTransaction(.immediate) {
                                result = try body(db)
                                return .commit
                            }
                        }
                        guard let result else { throw StorageError(.io, "\(operation) returned nothing") }
                        return result
                    } catch {
                        cache.reset()
                        throw error
                    }
                }
            }
        } catch {
            throw Self.storageError(error, operation)
        }
    }

    /// Runs `begin`, which begins a write transaction, so that the transaction's statement journals stay in
    /// memory; returns the connection's previous `temp_store`, which is set again when `begin` returns.
    ///
    /// A grouped `INSERT` (docs/decisions/0020-grouped-row-inserts.md) keeps a statement journal, so that a
    /// conflict undoes the statement alone; SQLite writes one over 64 KiB to a temporary file, which a group's pages
    /// of the `uuid` index exceed (409k more `pwrite` calls in a medium import, about 0.3 s of system time). Where a
    /// write transaction keeps its statement journals is decided when it begins, from `temp_store`
    /// (`sqlite3PagerBegin`): `MEMORY` for `begin`, then the previous setting again. A bulk write's `begin` is the
    /// `BEGIN` alone, so its deferred index build still sorts through files; a plain write's is its whole (small)
    /// transaction. A statement journal holds the pages its
    /// statement changed that existed before it: for a group, a few dozen, freed when the statement ends.
    @discardableResult
    static func withStatementJournalsInMemory(_ db: Database, _ begin: () throws -> Void) throws -> Int {
        let previous = try Int.fetchOne(db, sql: "PRAGMA temp_store") ?? 0
        try db.execute(sql: "PRAGMA temp_store = MEMORY")
        defer { try? db.execute(sql: "PRAGMA temp_store = \(previous)") }
        try begin()
        return previous
    }

    /// Runs a read on a reader connection (a consistent snapshot).
    func read<T: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(StorageError) -> T {
        do {
            return try await writer.read(body)
        } catch {
            throw Self.storageError(error, operation)
        }
    }

    /// Maps any error to a ``StorageError`` that names the operation and SQLite's result code, never a value.
    static func storageError(_ error: any Error, _ operation: String) -> StorageError {
        if let error = error as? StorageError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                return StorageError(.corrupt, "\(operation): \(error.extendedResultCode)")
            default:
                return StorageError(.io, "\(operation): \(error.extendedResultCode)")
            }
        }
        if error is DecodingError || error is EncodingError {
            return StorageError(.decoding, "\(operation): a stored value could not be coded")
        }
        return StorageError(.io, "\(operation): \(type(of: error))")
    }
}

// MARK: - Small tables

extension SQLiteStorage {
    /// The file's data version (SQLite's `PRAGMA data_version` on a connection of its own, so every commit of
    /// this process's writer or of another process changes it).
    public func dataVersion() async throws(StorageError) -> Int64 {
        try versionProbe.read()
    }

    /// The store's current anchor.
    public func currentAnchor() async throws(StorageError) -> Int64 {
        try await read("read anchor") { db in try Self.anchor(db) }
    }

    /// Every source that saved a sample, in registration order.
    public func sources() async throws(StorageError) -> [SourceRecord] {
        try await read("read sources") { db in
            try Row.fetchAll(
                db,
                sql: "SELECT bundle_id, name, registration_order, product_type FROM sources ORDER BY registration_order"
            )
            .map { row in
                SourceRecord(
                    source: Source(name: row[1], bundleIdentifier: row[0]), registrationOrder: row[2],
                    productType: row[3])
            }
        }
    }

    /// The source order for a type, or nil when never set.
    public func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        try await read("read source order") { db -> [String]? in
            let key = TypeKey(type)
            let data = try Data.fetchOne(
                db,
                sql: """
                    SELECT o.bundle_ids FROM source_orders o JOIN types t ON t.id = o.type_id
                    WHERE t.kind = ? AND t.identifier = ?
                    """, arguments: [key.kind, key.identifier])
            guard let data else { return nil }
            return try JSONDecoder().decode([String].self, from: data)
        }
    }

    /// Sets or clears the source order for a type.
    public func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        let cache = writeCache
        try await write("write source order") { db in
            let typeID = try cache.typeID(TypeKey(type), db).id
            if let order {
                let data = try StoredJSON.encoder().encode(order)
                try db.execute(
                    sql: "INSERT OR REPLACE INTO source_orders (type_id, bundle_ids) VALUES (?, ?)",
                    arguments: [typeID, data])
            } else {
                try db.execute(sql: "DELETE FROM source_orders WHERE type_id = ?", arguments: [typeID])
            }
        }
    }

    /// A stored setting.
    public func setting(_ key: String) async throws(StorageError) -> Data? {
        try await read("read setting") { db in
            try Row.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key]).map { row in
                (row[0] as Data?) ?? Data()
            }
        }
    }

    /// Stores or removes a setting.
    public func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        try await write("write setting") { db in
            if let value {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Every setting whose key starts with a prefix, in key order (`substr` on the key, which SQLite compares as
    /// bytes: no `LIKE` wildcards to escape).
    public func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        try await read("read settings") { db in
            try Row.fetchAll(
                db,
                sql: "SELECT key, value FROM settings WHERE substr(key, 1, ?) = ? ORDER BY key",
                arguments: [prefix.utf8.count, prefix]
            ).map { row in (row[0] as String, (row[1] as Data?) ?? Data()) }
        }
    }

    /// Activity summaries in a day range (inclusive), in day order.
    public func activitySummaries(
        from: CalendarDay?, through: CalendarDay?
    ) async throws(StorageError)
        -> [ActivitySummary]
    {
        try await read("read activity summaries") { db in
            let decoder = JSONDecoder()
            return try Data.fetchAll(
                db,
                sql: """
                    SELECT payload FROM activity_summaries
                    WHERE (? IS NULL OR day >= ?) AND (? IS NULL OR day <= ?) ORDER BY day
                    """,
                arguments: [from?.description, from?.description, through?.description, through?.description]
            )
            .map { try decoder.decode(ActivitySummary.self, from: $0) }
        }
    }

    /// Inserts or replaces activity summaries by day.
    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        try await write("write activity summaries") { db in
            let encoder = StoredJSON.encoder()
            for summary in summaries {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO activity_summaries (day, payload) VALUES (?, ?)",
                    arguments: [summary.day.description, try encoder.encode(summary)])
            }
        }
    }

    /// The person's characteristics (empty until set).
    public func characteristics() async throws(StorageError) -> Characteristics {
        try await read("read characteristics") { db in
            guard let data = try Data.fetchOne(db, sql: "SELECT payload FROM characteristics WHERE id = 1") else {
                return Characteristics()
            }
            return try JSONDecoder().decode(Characteristics.self, from: data)
        }
    }

    /// Replaces the person's characteristics.
    public func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        try await write("write characteristics") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO characteristics (id, payload) VALUES (1, ?)",
                arguments: [try StoredJSON.encoder().encode(characteristics)])
        }
    }

    /// The anchor row.
    static func anchor(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT anchor FROM meta WHERE id = 1") ?? 0
    }
}
