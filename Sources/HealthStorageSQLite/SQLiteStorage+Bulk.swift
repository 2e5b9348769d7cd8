import Foundation
import GRDB
import GRDBSQLite
import HealthCore
public import HealthStorage

extension SQLiteStorage {
    /// The page cache of a bulk write, in SQLite's `cache_size` convention (negative: KiB): 8 MiB. Measured on the
    /// large preset (5 million records, BENCHMARKS.md): 16 MiB peaked at 93–100 MB of resident memory, 12 MiB at
    /// 90 MB, 8 MiB at 82–85 MB, with import times within the machine's noise (62–66 s).
    static let bulkCacheSize = -8_192

    /// Runs the producer inside ONE `BEGIN IMMEDIATE … COMMIT` on the writer connection.
    ///
    /// The transaction spans several accesses to the writer connection: one to begin, one per batch the
    /// producer writes, one to commit (or roll back). Between them the producer runs freely (it parses the next
    /// batch while SQLite writes this one); the store's write gate keeps this process's other writers out until
    /// the write ends, and SQLite's lock keeps other processes' writers out. WAL mode keeps every reader on the
    /// snapshot from before the write until it commits; SQLite spills dirty pages to the WAL when its cache is
    /// full, so memory stays bounded however much is written; a process killed before the commit leaves WAL
    /// frames without a commit record, which recovery ignores.
    ///
    /// Into an empty store, the metadata-key index is dropped at the start and built again from one sorted pass
    /// before the commit (`DeferredIndexes`), inside the same transaction; so is the `(type, start)` index
    /// once the rows prove not to come in start order (while they do, it is kept up row by row, which costs less:
    /// decision 0023).
    ///
    /// Repeats are found through the `uuid` index: a conflicting row inserted by this run (anchor above the
    /// starting anchor) or already met by it (one bit per earlier anchor) is a repeat; any other conflicting row
    /// was stored before and is reported as already present.
    ///
    /// After the commit the write-ahead log, which holds everything written, is copied into the database file and
    /// truncated (`truncateLog`). With ``BulkWriteOptions/afterCommit``, that work runs while the log is copied on
    /// a connection of its own (`copyLog`), and the log is truncated once both are done: the copy was most of a
    /// medium import's commit stage, and an import prepares its statistics meanwhile (decision 0024).
    ///
    /// - Throws: What `produce` throws, unchanged; ``StorageError`` for SQLite failures. Nothing is committed then.
    public func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        guard let afterCommit = options.afterCommit else {
            return try await bulkWrite(options, copyingLog: true, produce).written
        }
        let (written, automatic) = try await bulkWrite(options, copyingLog: false, produce)
        async let copied: Void = Self.copyLog(of: writer.path)
        await afterCommit(written.result)
        await copied
        // From a task of its own, like the rollback: GRDB refuses accesses from a cancelled task, and the writer
        // connection must get its automatic checkpoints back (and the log its truncation) however the step ended.
        await Task.detached { [self] in await endHeldLog(restoring: automatic) }.value
        return written
    }

    /// The write itself, inside the write gate; with `copyingLog` false, the commit leaves the log as it is and
    /// holds off SQLite's automatic checkpoints on the writer connection until `endHeldLog(restoring:)`: the
    /// returned `automatic` is their setting to restore then (nil with `copyingLog`).
    private func bulkWrite<T: Sendable>(
        _ options: BulkWriteOptions, copyingLog: Bool, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (written: (value: T, result: BulkWriteResult), automatic: Int?) {
        try await writeGate.withLock {
            let session = SQLiteBulkSession(cache: writeCache)
            do {
                try await writer.writeWithoutTransaction { db in try session.begin(db) }
                let sink = SQLiteBulkSink(writer: writer, session: session)
                let value: T
                do {
                    value = try await produce(sink)
                } catch {
                    throw ProducerFailure(error: error)
                }
                let result = try await writer.writeWithoutTransaction { db in
                    try session.commit(db, countUnmet: options.countUnmet, copyingLog: copyingLog)
                }
                return ((value, result), session.heldAutomaticCheckpoint)
            } catch {
                // Rolled back even when this task is cancelled (GRDB refuses accesses from a cancelled task):
                // the writer connection must not keep the transaction open.
                let writer = self.writer
                await Task.detached { try? await writer.writeWithoutTransaction { db in session.rollback(db) } }.value
                if let failure = error as? ProducerFailure { throw failure.error }
                throw Self.storageError(error, "bulk write")
            }
        }
    }
}

extension SQLiteStorage {
    /// Encodes each sample's payload (``SampleCodec/payload(_:)``) ahead of a bulk write, on the producer's thread:
    /// the JSON of heartbeat series, workouts and correlations was the writer thread's largest Swift cost
    /// (decision 0019).
    public var bulkPreparer: BulkPreparer? {
        BulkPreparer(name: "sqlite-payload") { samples in PreparedPayloads(samples) }
    }

    /// Ends a bulk write whose commit left the log (an after-commit step ran meanwhile): truncates the log and
    /// gives the writer connection its automatic checkpoints back. Until then, the step's own writes (an import's
    /// saved statistics) only append to the log: an automatic checkpoint after one of them would have synced the
    /// database file behind `copyLog`'s copy, which held that write up by 0.07–0.1 s on a medium import.
    private func endHeldLog(restoring automatic: Int?) async {
        let writer = self.writer
        try? await writeGate.withLock {
            try await writer.writeWithoutTransaction { db in
                defer { if let automatic { try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(automatic)") } }
                Self.truncateLog(db)
            }
        }
    }

    /// After a bulk write, copies the write-ahead log into the database file and truncates it: a large import
    /// otherwise leaves a `-wal` file as big as everything it wrote (850 MB for the large preset) beside the
    /// store until the last connection closes. Readers still on a snapshot from before the import are waited
    /// for at most a second; then the log is left for SQLite's own checkpoints, which is not an error.
    static func truncateLog(_ db: Database) {
        guard let connection = db.sqliteConnection else { return }
        sqlite3_busy_timeout(connection, 1_000)
        defer { sqlite3_busy_timeout(connection, Int32(busyTimeout * 1_000)) }
        try? db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Copies the write-ahead log's committed frames into the database file on a connection of its own, on a
    /// thread of its own (the copy blocks its thread for as long as it takes: ~0.5 s after a million samples).
    /// It is SQLite's passive checkpoint: it waits for no reader or writer, and they go on meanwhile; a later
    /// `truncateLog` then only has what was written since to copy. The copy then syncs the database file itself:
    /// SQLite's checkpoint syncs it only when no frame was added meanwhile, and the step's writes always add some,
    /// so the sync of everything copied was left to `truncateLog`, after the step (~0.1 s on a medium import).
    /// A failure leaves the log for `truncateLog` and SQLite's own checkpoints, which is not an error.
    static func copyLog(of path: String) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global(qos: .userInitiated).async {
                var connection: OpaquePointer?
                if sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK {
                    sqlite3_exec(connection, "PRAGMA synchronous = NORMAL", nil, nil, nil)
                    sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
                    syncDatabaseFile(connection)
                }
                sqlite3_close(connection)
                continuation.resume()
            }
        }
    }
}

/// Syncs the database file through `connection`'s own handle of it (SQLite's VFS, so that no other descriptor of
/// the file is opened and closed: closing one would drop the process's POSIX locks on it).
private func syncDatabaseFile(_ connection: OpaquePointer?) {
    var file: UnsafeMutablePointer<sqlite3_file>?
    guard sqlite3_file_control(connection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
        let sync = file.pointee.pMethods?.pointee.xSync
    else { return }
    _ = sync(file, SQLITE_SYNC_NORMAL)
}

/// An error thrown by a bulk producer, carried through unchanged.
private struct ProducerFailure: Error {
    let error: any Error
}

/// The sink a bulk producer writes through: each batch is one access to the writer connection, inside the open
/// transaction of its session.
private struct SQLiteBulkSink: BulkSink {
    let writer: any DatabaseWriter
    let session: SQLiteBulkSession

    func write(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        try await write(batch, prepared: nil, reidentify: reidentify)
    }

    func write(
        _ batch: BulkBatch, prepared: PreparedBulkRows?,
        reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        try Task.checkCancellation()
        let session = self.session
        // Another storage's preparation, or one made from another batch, is not used.
        let payloads = prepared.flatMap { $0.count == batch.samples.count ? $0.content as? PreparedPayloads : nil }
        return try await writer.writeWithoutTransaction { db in try session.write(batch, payloads, reidentify, db) }
    }
}

/// One bulk write's state. Every method runs on the writer connection's serialized queue (the store's write
/// gate admits one bulk write at a time and no other writer meanwhile), which is what makes the unchecked
/// `Sendable` sound.
private final class SQLiteBulkSession: @unchecked Sendable {
    private let cache: WriteCache
    private var writer: CommitWriter?
    private var deferred: DeferredIndexes?
    private var previousCache = -2_000
    /// The connection's `temp_store`, set again after the write in case it could not be inside the transaction.
    private var previousTempStore = 0
    /// The connection's `wal_autocheckpoint` while a commit without `copyingLog` holds it at 0: the bulk write
    /// restores it once its after-commit step and the log's copy are done (`endHeldLog`), or the rollback does.
    private(set) var heldAutomaticCheckpoint: Int?
    private var startAnchor: Int64 = 0
    /// One bit per anchor up to `startAnchor`: rows stored before this run that it has met.
    private var met: [UInt64] = []
    private var inserted = 0
    private var alreadyPresent = 0
    private var isOpen = false

    init(cache: WriteCache) {
        self.cache = cache
    }

    /// Opens the transaction with a larger page cache (index pages stay in memory instead of being spilled to
    /// the WAL and read back), dropping the deferrable indexes of an empty store (`DeferredIndexes`).
    func begin(_ db: Database) throws {
        previousCache = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = \(SQLiteStorage.bulkCacheSize)")
        previousTempStore = try SQLiteStorage.withStatementJournalsInMemory(db) {
            try db.beginTransaction(.immediate)
        }
        isOpen = true
        deferred = try DeferredIndexes.dropIfEmpty(db)
        let writer = try CommitWriter(db: db, cache: cache)
        self.writer = writer
        startAnchor = writer.anchor
        met = [UInt64](repeating: 0, count: Int(writer.anchor / 64) + 1)
    }

    func write(
        _ batch: BulkBatch, _ payloads: PreparedPayloads?, _ reidentify: (AnySample, Int) -> AnySample,
        _ db: Database
    ) throws -> [BulkOutcome] {
        guard isOpen, db.isInsideTransaction, var writer else {
            throw StorageError(.io, "a bulk sink was used after its write ended")
        }
        defer { self.writer = writer }
        var outcomes: [BulkOutcome] = []
        outcomes.reserveCapacity(batch.samples.count)
        // Groups of rows in one statement each where it can; each other sample is placed by itself, lent by index
        // (a copy out of the array retains every string of it).
        let samples = batch.samples
        // Judged before the rows are written: a batch that shows them out of order is written without the indexes.
        if try deferred?.observe(samples, db) == true {
            try writer.prepareStatementsAgain()
        }
        try writer.insertGrouped(
            samples, payloads: payloads,
            inserted: { uuid in
                outcomes.append(.inserted(uuid))
                inserted += 1
            },
            single: { writer, index in
                let payload = payloads?.entries[index] ?? .unprepared
                outcomes.append(try place(samples[index], payload, reidentify, &writer, db))
            })
        if !batch.activitySummaries.isEmpty {
            let encoder = StoredJSON.encoder()
            for summary in batch.activitySummaries {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO activity_summaries (day, payload) VALUES (?, ?)",
                    arguments: [summary.day.description, try encoder.encode(summary)])
            }
        }
        if let characteristics = batch.characteristics {
            try db.execute(
                sql: "INSERT OR REPLACE INTO characteristics (id, payload) VALUES (1, ?)",
                arguments: [try StoredJSON.encoder().encode(characteristics)])
        }
        return outcomes
    }

    private func place(
        _ sample: borrowing AnySample, _ payload: PreparedPayloads.Entry, _ reidentify: (AnySample, Int) -> AnySample,
        _ writer: inout CommitWriter, _ db: Database
    ) throws -> BulkOutcome {
        // The common case, a new row that is not a correlation, is inserted from the lent sample and its payload
        // prepared ahead; a renamed sample or a correlation is encoded here.
        let plain = sample.correlation == nil
        if plain, try writer.tryInsert(sample, correlation: nil, payload: payload) {
            inserted += 1
            return .inserted(sample.uuid)
        }
        var current = copy sample
        var occurrence = 0
        // Whether `current` was tried as a plain row already (above).
        var tried = plain
        while true {
            let existing: Int64?
            if let correlation = current.correlation {
                existing = try anchor(of: current.uuid, db)
                if existing == nil {
                    for member in correlation.objects {
                        var member = member
                        if member.sourceRevision == nil { member.sourceRevision = current.sourceRevision }
                        guard try writer.tryInsert(member, correlation: current.uuid) else {
                            throw StorageError(
                                .duplicateUUID,
                                "a correlation member's UUID \(member.uuid.uuidString) is already stored")
                        }
                    }
                    guard try writer.tryInsert(current, correlation: nil) else {
                        throw StorageError(.duplicateUUID, "an object with UUID \(current.uuid.uuidString) is stored")
                    }
                    inserted += 1
                    return .inserted(current.uuid)
                }
            } else if !tried, try writer.tryInsert(current, correlation: nil) {
                inserted += 1
                return .inserted(current.uuid)
            } else {
                existing = try anchor(of: current.uuid, db)
            }
            tried = false
            guard let existing else {
                throw StorageError(.io, "a conflicting row for UUID \(current.uuid.uuidString) is not readable")
            }
            if existing <= startAnchor, !isMet(existing) {
                markMet(existing)
                alreadyPresent += 1
                return .alreadyPresent(current.uuid)
            }
            occurrence += 1
            let next = reidentify(current, occurrence)
            guard next.uuid != current.uuid else {
                throw StorageError(.duplicateUUID, "UUID \(current.uuid.uuidString) repeats and was not renamed")
            }
            current = next
        }
    }

    private func anchor(of uuid: UUID, _ db: Database) throws -> Int64? {
        let statement = try db.cachedStatement(sql: "SELECT anchor FROM samples WHERE uuid = ?")
        return try Int64.fetchOne(statement, arguments: [uuid])
    }

    private func isMet(_ anchor: Int64) -> Bool {
        guard anchor >= 0 else { return false }
        return met[Int(anchor >> 6)] & (1 << UInt64(anchor & 63)) != 0
    }

    private func markMet(_ anchor: Int64) {
        guard anchor >= 0 else { return }
        met[Int(anchor >> 6)] |= 1 << UInt64(anchor & 63)
    }

    /// Ends the write: spans and anchor, the unmet count when asked for, the deferred indexes, then `COMMIT` and
    /// (with `copyingLog`) the log's truncation. Without it, SQLite's automatic checkpoint, which would copy the
    /// whole log on this connection as the commit returns, is held off from this commit until the bulk write
    /// ends (`heldAutomaticCheckpoint`).
    func commit(
        _ db: Database, countUnmet filter: (@Sendable (UUID) -> Bool)?, copyingLog: Bool
    ) throws -> BulkWriteResult {
        guard isOpen, db.isInsideTransaction, var writer else {
            throw StorageError(.io, "a bulk write was committed after it ended")
        }
        if writer.anchor != startAnchor { try writer.finish() }
        self.writer = writer
        let unmet = try filter.map { try unmetCount($0, db) }
        try deferred?.rebuild(db)
        if copyingLog {
            try db.commit()
        } else {
            heldAutomaticCheckpoint = try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 1_000
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.commit()
        }
        isOpen = false
        try? db.execute(sql: "PRAGMA cache_size = \(previousCache)")
        try? db.execute(sql: "PRAGMA temp_store = \(previousTempStore)")
        if copyingLog { SQLiteStorage.truncateLog(db) }
        return BulkWriteResult(
            anchor: writer.anchor, touchedTypes: writer.touched, inserted: inserted, alreadyPresent: alreadyPresent,
            unmet: unmet)
    }

    /// Rolls the transaction back (when it is still open) and forgets the ids the writer resolved in it.
    func rollback(_ db: Database) {
        if db.isInsideTransaction { try? db.rollback() }
        if let held = heldAutomaticCheckpoint { try? db.execute(sql: "PRAGMA wal_autocheckpoint = \(held)") }
        heldAutomaticCheckpoint = nil
        isOpen = false
        cache.reset()
        try? db.execute(sql: "PRAGMA cache_size = \(previousCache)")
        try? db.execute(sql: "PRAGMA temp_store = \(previousTempStore)")
    }

    /// Stored samples from before the run that it did not meet and the filter accepts, by type.
    private func unmetCount(_ filter: @Sendable (UUID) -> Bool, _ db: Database) throws -> [SampleType: Int] {
        var byTypeID: [Int64: Int] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT anchor, uuid, type_id FROM samples WHERE anchor <= ? AND correlation_uuid IS NULL",
            arguments: [startAnchor])
        while let row = try rows.next() {
            let anchor: Int64 = row[0]
            guard !isMet(anchor) else { continue }
            let uuid: UUID = row[1]
            if filter(uuid) { byTypeID[row[2] as Int64, default: 0] += 1 }
        }
        var byType: [SampleType: Int] = [:]
        for (typeID, count) in byTypeID {
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT kind, identifier FROM types WHERE id = ?", arguments: [typeID])
            else { continue }
            byType[TypeKey(kind: row[0] as Int64, identifier: row[1]).sampleType, default: 0] += count
        }
        return byType
    }
}
