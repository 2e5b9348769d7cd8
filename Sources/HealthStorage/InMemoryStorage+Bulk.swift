import Foundation
import HealthCore
import Synchronization

extension InMemoryStorage: BulkWritableStorage {
    /// Runs the producer on a thread of its own against a copy of the store, then applies what it wrote to the
    /// store in one step under the lock: readers see all of it or none of it.
    ///
    /// - Throws: What `produce` throws, unchanged (nothing is applied); ``StorageError`` `.duplicateUUID` when a
    ///   correlation member's UUID is already stored.
    public func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: @escaping @Sendable (any BulkSink) throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        let snapshot = state.withLock { $0 }
        let (value, staged) = try await BlockingWork.run { () throws -> (T, InMemoryBulkSink.Staged) in
            let sink = InMemoryBulkSink(snapshot: snapshot)
            defer { sink.close() }
            let value = try produce(sink)
            return (value, sink.staged)
        }
        let applied = try state.withLock { state throws(StorageError) -> (anchor: Int64, touched: Set<SampleType>) in
            var copy = state
            var touched: Set<SampleType> = []
            for sample in staged.inserts where copy.rows[sample.uuid] == nil {
                touched.formUnion(try copy.insertTopLevel(sample))
            }
            for summary in staged.activitySummaries { copy.summaries[summary.day] = summary }
            if let characteristics = staged.characteristics { copy.characteristics = characteristics }
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
}

/// The sink of an in-memory bulk write: decides against a copy of the store and logs what to apply.
final class InMemoryBulkSink: BulkSink {
    /// What the producer wrote, to apply at the end.
    struct Staged: Sendable {
        var inserts: [AnySample] = []
        var activitySummaries: [ActivitySummary] = []
        var characteristics: Characteristics?
        /// Samples stored before the run that it met.
        var met: Set<UUID> = []
    }

    private var state: InMemoryStorage.State
    private let startAnchor: Int64
    private(set) var staged = Staged()
    private var isOpen = true

    init(snapshot: InMemoryStorage.State) {
        self.state = snapshot
        self.startAnchor = snapshot.anchor
    }

    /// Ends the write: later use throws.
    func close() {
        isOpen = false
    }

    func write(_ batch: BulkBatch, reidentify: (AnySample, Int) -> AnySample) throws -> [BulkOutcome] {
        guard isOpen else { throw StorageError(.io, "a bulk sink was used after its write ended") }
        var outcomes: [BulkOutcome] = []
        outcomes.reserveCapacity(batch.samples.count)
        for sample in batch.samples {
            var current = sample
            var occurrence = 0
            while true {
                guard let existing = state.rows[current.uuid] else {
                    _ = try state.insertTopLevel(current)
                    staged.inserts.append(current)
                    outcomes.append(.inserted(current.uuid))
                    break
                }
                if existing.anchor <= startAnchor, staged.met.insert(current.uuid).inserted {
                    outcomes.append(.alreadyPresent(current.uuid))
                    break
                }
                occurrence += 1
                let next = reidentify(current, occurrence)
                guard next.uuid != current.uuid else {
                    throw StorageError(.duplicateUUID, "UUID \(current.uuid.uuidString) repeats and was not renamed")
                }
                current = next
            }
        }
        staged.activitySummaries += batch.activitySummaries
        if let characteristics = batch.characteristics { staged.characteristics = characteristics }
        return outcomes
    }
}

/// Runs blocking work on a thread of its own, so it never holds a thread of Swift's cooperative pool.
enum BlockingWork {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
