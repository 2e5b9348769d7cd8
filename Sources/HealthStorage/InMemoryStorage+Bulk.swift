import Foundation
import HealthCore

extension InMemoryStorage {
    /// Runs the producer against a copy of the store, then applies what it wrote to the store in one step under
    /// the lock: readers see all of it or none of it. Bulk writes of one store run one at a time.
    ///
    /// - Throws: What `produce` throws, unchanged (nothing is applied); ``StorageError`` `.duplicateUUID` when a
    ///   correlation member's UUID is already stored.
    public func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        let written: (value: T, result: BulkWriteResult) = try await bulkGate.withLock {
            let snapshot = state.withLock { $0 }
            let sink = InMemoryBulkSink(snapshot: snapshot)
            defer { sink.close() }
            let value = try await produce(sink)
            let staged = try sink.finish()
            let applied = try state.withLock {
                state throws(StorageError) -> (anchor: Int64, touched: Set<SampleType>) in
                var copy = state
                var touched: Set<SampleType> = []
                for sample in staged.inserts where copy.rows[sample.uuid] == nil {
                    touched.formUnion(try copy.insertTopLevel(sample))
                }
                for summary in staged.activitySummaries { copy.summaries[summary.day] = summary }
                if let characteristics = staged.characteristics { copy.characteristics = characteristics }
                copy.version += 1
                state = copy
                return (copy.anchor, touched)
            }
            var unmet: [SampleType: Int]?
            if let filter = options.countUnmet {
                var counts: [SampleType: Int] = [:]
                for (uuid, row) in snapshot.rows
                where snapshot.memberOf[uuid] == nil && !staged.met.contains(uuid) && filter(uuid) {
                    counts[row.sample.sampleType, default: 0] += 1
                }
                unmet = counts
            }
            return (
                value,
                BulkWriteResult(
                    anchor: applied.anchor, touchedTypes: applied.touched, inserted: staged.inserts.count,
                    alreadyPresent: staged.met.count, unmet: unmet)
            )
        }
        await options.afterCommit?(written.result)
        return written
    }
}

/// The sink of an in-memory bulk write: decides against a copy of the store and logs what to apply. Calls are
/// serialized by its lock (a producer awaits each write).
final class InMemoryBulkSink: BulkSink {
    /// What the producer wrote, to apply at the end.
    struct Staged: Sendable {
        var inserts: [AnySample] = []
        var activitySummaries: [ActivitySummary] = []
        var characteristics: Characteristics?
        /// Samples stored before the run that it met.
        var met: Set<UUID> = []
    }

    private struct Session: Sendable {
        var state: InMemoryStorage.State
        let startAnchor: Int64
        var staged = Staged()
        var isOpen = true
    }

    private let session: Locked<Session>

    init(snapshot: InMemoryStorage.State) {
        session = Locked(Session(state: snapshot, startAnchor: snapshot.anchor))
    }

    /// Ends the write: later use throws.
    func close() {
        session.withLock { $0.isOpen = false }
    }

    /// What was staged; the sink is closed afterwards.
    func finish() throws(StorageError) -> Staged {
        try session.withLock { session throws(StorageError) in
            guard session.isOpen else { throw StorageError(.io, "a bulk sink was finished twice") }
            session.isOpen = false
            return session.staged
        }
    }

    func write(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        try Task.checkCancellation()
        return try session.withLock { session throws(StorageError) in
            guard session.isOpen else { throw StorageError(.io, "a bulk sink was used after its write ended") }
            var outcomes: [BulkOutcome] = []
            outcomes.reserveCapacity(batch.samples.count)
            for sample in batch.samples {
                var current = sample
                var occurrence = 0
                while true {
                    guard let existing = session.state.rows[current.uuid] else {
                        _ = try session.state.insertTopLevel(current)
                        session.staged.inserts.append(current)
                        outcomes.append(.inserted(current.uuid))
                        break
                    }
                    if existing.anchor <= session.startAnchor, session.staged.met.insert(current.uuid).inserted {
                        outcomes.append(.alreadyPresent(current.uuid))
                        break
                    }
                    occurrence += 1
                    let next = reidentify(current, occurrence)
                    guard next.uuid != current.uuid else {
                        throw StorageError(
                            .duplicateUUID, "UUID \(current.uuid.uuidString) repeats and was not renamed")
                    }
                    current = next
                }
            }
            session.staged.activitySummaries += batch.activitySummaries
            if let characteristics = batch.characteristics { session.staged.characteristics = characteristics }
            return outcomes
        }
    }
}
