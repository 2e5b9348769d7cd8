import Foundation
import HealthCore
public import HealthStorage
import Logging
import PostgresNIO

extension PostgresStorage {
    /// Runs `produce` inside ONE transaction that holds the person's row lock, streaming each batch in through
    /// `COPY … FROM STDIN`; commits at the end, all or nothing. A killed process's connection drops and the server
    /// rolls the transaction back: the person's data is as before. Readers see the person as before until the
    /// commit; other people's writers are not held up.
    public func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        let logger = database.queryLogger
        let database = database
        do {
            let written = try await transaction(types: []) { connection, context in
                try await Self.bulk(options, produce, connection, context, database, logger)
            }
            await options.afterCommit?(written.result)
            return written
        } catch let failure as ProducerFailure {
            throw failure.error
        } catch {
            throw Self.storageError(error, "bulk write", location: location)
        }
    }

    private static func bulk<T: Sendable>(
        _ options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T, _ connection: PostgresConnection,
        _ context: WriteContext, _ database: PostgresDatabase, _ logger: Logger
    ) async throws -> (value: T, result: BulkWriteResult) {
        let sink = PostgresBulkSink(
            connection: connection, context: context, database: database, logger: logger, location: database.location)
        defer { sink.close() }
        let value: T
        do {
            value = try await produce(sink)
        } catch {
            throw ProducerFailure(error: error)
        }
        let state = try sink.finish()
        var unmet: [SampleType: Int]?
        if let filter = options.countUnmet {
            unmet = try await Self.unmet(
                connection, context, logger, met: state.met, filter: filter, catalog: database.types)
        }
        return (
            value,
            BulkWriteResult(
                anchor: context.anchor, touchedTypes: state.touched, inserted: state.inserted,
                alreadyPresent: state.met.count, unmet: unmet)
        )
    }

    /// Top-level samples stored before the run that the filter accepts and the run did not meet, by type.
    private static func unmet(
        _ connection: PostgresConnection, _ context: WriteContext, _ logger: Logger, met: Set<UUID>,
        filter: @Sendable (UUID) -> Bool, catalog: TypeCatalog
    ) async throws -> [SampleType: Int] {
        let rows = try await connection.run(
            """
            SELECT uuid, type_id FROM samples WHERE person_id = \(context.person) AND anchor <= \(context.startAnchor)
            AND correlation_uuid IS NULL
            """, logger: logger)
        var byType: [Int32: Int] = [:]
        for try await (uuid, typeID) in rows.decode((UUID, Int32).self) where !met.contains(uuid) && filter(uuid) {
            byType[typeID, default: 0] += 1
        }
        var counts: [SampleType: Int] = [:]
        for (typeID, count) in byType {
            counts[try await catalog.key(typeID, connection, logger).sampleType, default: 0] += count
        }
        return counts
    }
}

/// What a bulk producer threw, carried out of the transaction to be rethrown unchanged.
private struct ProducerFailure: Error {
    let error: any Error
}

/// The sink of a PostgreSQL bulk write: decides each sample against the store (insert if absent, already present,
/// or a repeat to rename) and streams the batch's rows into the open transaction. A producer awaits each write,
/// so calls never overlap.
final class PostgresBulkSink: BulkSink {
    struct State: Sendable {
        var isOpen = true
        /// Samples stored before the run that it met.
        var met: Set<UUID> = []
        var touched: Set<SampleType> = []
        var inserted = 0
        /// Rows written (members included) and the count at which the planner's statistics are refreshed next.
        var rows = 0
        var nextAnalysis = 50_000
    }

    private let connection: PostgresConnection
    private let context: WriteContext
    private let database: PostgresDatabase
    private let logger: Logger
    private let location: PostgresLocation
    private let state = Locked(State())

    init(
        connection: PostgresConnection, context: WriteContext, database: PostgresDatabase, logger: Logger,
        location: PostgresLocation
    ) {
        self.connection = connection
        self.context = context
        self.database = database
        self.logger = logger
        self.location = location
    }

    func close() { state.withLock { $0.isOpen = false } }

    func finish() throws(StorageError) -> State {
        try state.withLock { state throws(StorageError) in
            guard state.isOpen else { throw StorageError(.io, "a bulk sink was finished twice") }
            state.isOpen = false
            return state
        }
    }

    func write(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        do {
            return try await writeBatch(batch, reidentify: reidentify)
        } catch let error as StorageError {
            throw error
        } catch let error as CancellationError {
            throw error
        } catch {
            // The sink's contract: a StorageError (or a cancellation), whatever the driver threw.
            throw PostgresStorage.storageError(error, "bulk write", location: location)
        }
    }

    private func writeBatch(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        try Task.checkCancellation()
        var met = try state.withLock { state throws(StorageError) -> Set<UUID> in
            guard state.isOpen else { throw StorageError(.io, "a bulk sink was used after its write ended") }
            return state.met
        }
        let writer = RowWriter(connection: connection, context: context, logger: logger)
        var candidates: [UUID] = []
        for sample in batch.samples {
            candidates.append(sample.uuid)
            candidates += sample.correlation?.objects.map(\.uuid) ?? []
        }
        var stored = try await writer.stored(candidates)
        // UUIDs whose presence is known (found in `stored`, or looked up and absent): only renamed ones are new.
        var lookedUp = Set(candidates)
        var claimed: Set<UUID> = []
        var inserts: [AnySample] = []
        var outcomes: [BulkOutcome] = []
        outcomes.reserveCapacity(batch.samples.count)
        for sample in batch.samples {
            var current = sample
            var occurrence = 0
            while true {
                let uuid = current.uuid
                let members = current.correlation?.objects.map(\.uuid) ?? []
                let unknown = ([uuid] + members).filter { !lookedUp.contains($0) }
                if !unknown.isEmpty {
                    stored.merge(try await writer.stored(unknown)) { first, _ in first }
                    lookedUp.formUnion(unknown)
                }
                let anchor = stored[uuid]
                if anchor == nil, !claimed.contains(uuid) {
                    if let member = members.first(where: { stored[$0] != nil || claimed.contains($0) }) {
                        throw StorageError(.duplicateUUID, "an object with UUID \(member.uuidString) is already stored")
                    }
                    claimed.insert(uuid)
                    claimed.formUnion(members)
                    inserts.append(current)
                    outcomes.append(.inserted(uuid))
                    break
                }
                if let anchor, anchor <= context.startAnchor, met.insert(uuid).inserted {
                    outcomes.append(.alreadyPresent(uuid))
                    break
                }
                occurrence += 1
                let next = reidentify(current, occurrence)
                guard next.uuid != uuid else {
                    throw StorageError(.duplicateUUID, "UUID \(uuid.uuidString) repeats and was not renamed")
                }
                current = next
            }
        }
        let encoder = SampleRow.makeEncoder()
        var rows: [SampleRow] = []
        for sample in inserts { rows += try RowWriter.rows(of: sample, encoder: encoder) }
        let types = Set(rows.map(\.type))
        let catalog = context.catalog
        let logger = logger
        let stillThere: @Sendable () async -> Bool = { [database] in await database.serverAnswers() }
        try await PostgresDatabase.lease(
            database.sideline, within: .seconds(database.location.connectTimeoutSeconds), stillThere: stillThere
        ) { other in try await catalog.register(types, other, logger) }
        try await writer.insert(rows)
        try await PostgresStorage.upsert(batch.activitySummaries, connection, context, logger)
        if let characteristics = batch.characteristics {
            try await PostgresStorage.store(characteristics, connection, context, logger)
        }
        let touched = Set(rows.map(\.sample.sampleType))
        let analyze = state.withLock { state in
            state.met = met
            state.touched.formUnion(touched)
            state.inserted += inserts.count
            state.rows += rows.count
            guard state.rows >= state.nextAnalysis else { return false }
            state.nextAnalysis *= 2
            return true
        }
        if analyze { try await Self.analyze(connection, person: context.person, logger) }
        return outcomes
    }

    /// Refreshes the planner's statistics of the person's partition. They describe the table as it was before
    /// this transaction, which may have held none of the millions of rows it writes: with them, the per-batch UUID
    /// lookup reads every row of the person written so far (an index on person_id alone looks as good as the
    /// one on (person_id, uuid)), and a long import turns quadratic. ANALYZE in the transaction counts its own
    /// rows; it runs at doubling sizes, so a few times per import.
    static func analyze(_ connection: PostgresConnection, person: Int64, _ logger: Logger) async throws {
        let rows = try await connection.run(
            "SELECT tableoid::regclass::text FROM samples WHERE person_id = \(person) LIMIT 1", logger: logger)
        var partition: String?
        for try await name in rows.decode(String.self) { partition = name }
        guard let partition, partition.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return }
        try await connection.run(PostgresQuery(unsafeSQL: "ANALYZE \(partition)"), logger: logger)
    }
}
