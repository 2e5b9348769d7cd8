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

    /// The step's own writes only append to the log (SQLite's automatic checkpoint stays held off on the writer
    /// connection until the log is truncated), and the automatic checkpoints are back once `bulkWrite` returns.
    @Test func automaticCheckpointsWaitForTheTruncationAndComeBackAfter() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let during = Locked<(before: Int, after: Int)?>(nil)
        let options = BulkWriteOptions(afterCommit: { _ in
            let before = Self.logSize(path)
            // Eight writes of 1 MiB: twice the 1,000 pages after which an automatic checkpoint would run.
            for key in 0..<8 { try? await storage.setSetting("step-\(key)", Self.mebibyte(key)) }
            during.withLock { $0 = (before, Self.logSize(path)) }
        })
        _ = try await storage.bulkWrite(options: options) { sink in
            try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
        }
        let seen = try #require(during.withLock { $0 })
        #expect(
            seen.after >= seen.before + 8 << 20,
            "the step's writes were appended to the log (\(seen.before) → \(seen.after) bytes)")
        #expect(Self.logSize(path) == 0)
        try await Self.expectAutomaticCheckpoints(storage, path)
        #expect(try storage.integrityCheck() == ["ok"])
        try storage.close()
    }

    /// A bulk write whose task is cancelled during its after-commit step still truncates the log and gives the
    /// writer connection its automatic checkpoints back.
    @Test func aCancelledStepStillEndsTheLog() async throws {
        let path = try TemporaryDirectory.file("bulk.sqlite")
        let storage = try SQLiteStorage(path: path)
        let options = BulkWriteOptions(afterCommit: { _ in withUnsafeCurrentTask { $0?.cancel() } })
        let write = Task {
            try await storage.bulkWrite(options: options) { sink in
                try await sink.write(BulkBatch(samples: Self.samples), reidentify: { sample, _ in sample }).count
            }
        }
        let (_, result) = try await write.value
        #expect(result.inserted == 20_000)
        #expect(Self.logSize(path) == 0, "the log was truncated although the task was cancelled")
        try await Self.expectAutomaticCheckpoints(storage, path)
        #expect(try await storage.count(matching: .all) == 20_000)
        try storage.close()
    }

    /// Twelve writes of 1 MiB keep the log under 8 MiB only when SQLite checkpoints it every 1,000 pages (held
    /// off, it would grow past 12 MiB).
    private static func expectAutomaticCheckpoints(_ storage: SQLiteStorage, _ path: String) async throws {
        var largest = 0
        for key in 0..<12 {
            try await storage.setSetting("after-\(key)", mebibyte(key))
            largest = max(largest, logSize(path))
        }
        #expect(largest < 8 << 20, "automatic checkpoints are back (the log reached \(largest) bytes)")
    }

    private static func mebibyte(_ seed: Int) -> Data {
        Data(repeating: UInt8(truncatingIfNeeded: seed), count: 1 << 20)
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
