import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// A large bulk write on a file store leaves no write-ahead log as big as itself beside the store.
@Suite("Bulk write: the log afterwards")
struct BulkWriteLogTests {
    @Test func theWriteAheadLogIsTruncatedAfterABulkWrite() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
        }
        #expect(result.inserted == 20_000)
        let database = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(database > 1_000_000, "the samples are in the database file")
        #expect(Self.logSize(path) == 0, "the log was copied into the database and truncated")
        #expect(try await storage.samples(matching: SampleRequest()).count == 20_000)
        try storage.close()
    }

    /// With an after-commit step, the commit leaves the log as it is (SQLite's own checkpoint held off), the step
    /// runs while it is copied, and the log is truncated when both are done (decision 0024).
    @Test func theLogIsCopiedWhileTheAfterCommitStepRunsAndTruncatedAfter() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let during = Locked<(log: Int, count: Int)?>(nil)
        let options = BulkWriteOptions(afterCommit: { _ in
            let count = (try? await storage.count(matching: .all)) ?? -1
            // A write of the step's own lands in the log after the import's frames.
            try? await storage.setSetting("after-commit", Data([1]))
            during.withLock { $0 = (Self.logSize(path), count) }
        })
        let (_, result) = try await storage.bulkWrite(options: options) { sink in
            try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
        }
        #expect(result.inserted == 20_000)
        let seen = try #require(during.withLock { $0 })
        #expect(seen.count == 20_000, "the step sees the committed samples")
        #expect(seen.log > 1_000_000, "the commit left the log for the copy beside the step (\(seen.log) bytes)")
        #expect(Self.logSize(path) == 0, "the log was truncated once the step and the copy were done")
        #expect(try storage.integrityCheck() == ["ok"])
        #expect(try await storage.setting("after-commit") == Data([1]))
        try storage.close()
        let reopened = try SQLiteStorage(path: path)
        #expect(try await reopened.count(matching: .all) == 20_000)
        try reopened.close()
    }

    /// SQLite's automatic checkpoint stays off on the writer connection while the step runs (its writes only
    /// append to the log, instead of syncing the file behind the copy), and is back once `bulkWrite` returns.
    @Test func automaticCheckpointsWaitForTheTruncationAndComeBackAfter() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let before = try await storage.automaticCheckpointPages()
        #expect(before > 0)
        let during = Locked<Int?>(nil)
        let options = BulkWriteOptions(afterCommit: { _ in
            try? await storage.setSetting("step", Data([1]))
            let pages = try? await storage.automaticCheckpointPages()
            during.withLock { $0 = pages }
        })
        _ = try await storage.bulkWrite(options: options) { sink in
            try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
        }
        #expect(during.withLock { $0 } == 0, "held off while the step ran")
        #expect(try await storage.automaticCheckpointPages() == before, "back after the write")
        #expect(Self.logSize(path) == 0)
        #expect(try await storage.setting("step") == Data([1]))
        #expect(try storage.integrityCheck() == ["ok"])
        try storage.close()
    }

    /// A bulk write whose task is cancelled during its after-commit step still truncates the log and gives the
    /// writer connection its automatic checkpoints back.
    @Test func aCancelledStepStillEndsTheLog() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let before = try await storage.automaticCheckpointPages()
        let options = BulkWriteOptions(afterCommit: { _ in withUnsafeCurrentTask { $0?.cancel() } })
        let write = Task {
            try await storage.bulkWrite(options: options) { sink in
                try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
            }
        }
        let (_, result) = try await write.value
        #expect(result.inserted == 20_000)
        #expect(Self.logSize(path) == 0, "the log was truncated although the task was cancelled")
        #expect(try await storage.automaticCheckpointPages() == before)
        #expect(try await storage.count(matching: .all) == 20_000)
        try storage.close()
    }

    /// A bulk write whose producer fails runs no step, commits nothing and leaves the automatic checkpoint as it
    /// was.
    @Test func aFailedWriteLeavesTheAutomaticCheckpointAsItWas() async throws {
        let storage = try SQLiteStorage(path: try TemporaryDirectory.file("bulk.sqlite"))
        let before = try await storage.automaticCheckpointPages()
        let options = BulkWriteOptions(afterCommit: { _ in Issue.record("the step ran after a failed write") })
        await #expect(throws: StorageError.self) {
            _ = try await storage.bulkWrite(options: options) { sink in
                _ = try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample })
                throw StorageError(.io, "the producer failed")
            }
        }
        #expect(try await storage.automaticCheckpointPages() == before)
        #expect(try await storage.count(matching: .all) == 0)
        try storage.close()
    }

    private static func logSize(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
    }

    private static let samples = (1...20_000).map { n -> AnySample in
        let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
        return .quantity(
            QuantitySample(
                uuid: UUIDSequence.uuid(UInt64(n)), type: .stepCount,
                quantity: Quantity(unit: .count(), doubleValue: 10), start: start,
                end: start.addingTimeInterval(60),
                sourceRevision: SourceRevision(source: Fixtures.watch)))
    }
}
