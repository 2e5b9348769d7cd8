import Foundation
import HealthCore
public import HealthStorage

#if canImport(Glibc)
import Glibc
#endif

/// "A killed import leaves the store as it was": the bulk-write contract across a process that dies with
/// SIGKILL in the middle of the write, for persistent backends. A backend's tests run ``writeUntilKilled(_:afterBatches:)``
/// in a child process (a Swift Testing exit test) and check the store from the parent:
///
/// ```swift
/// try await BulkWriteKill.prepare(SQLiteStorage(path: path))
/// await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String] in
///     try await BulkWriteKill.writeUntilKilled(SQLiteStorage(path: path), afterBatches: 3)
/// }
/// try await BulkWriteKill.verifyUnchanged(SQLiteStorage(path: path))
/// try await BulkWriteKill.verifyTheNextRunCompletes(SQLiteStorage(path: path))
/// ```
public enum BulkWriteKill {
    static let batches = 6
    static let batchSize = 500
    static let material = Material()

    /// The samples already stored before the killed write (the same UUIDs in every process).
    static let initial: [AnySample] = {
        let m = Material()
        return (0..<20).map { m.steps(Double($0), Double($0), Double($0) + 1) }
    }()

    /// The bulk write's batches (the first repeats the initial samples: insert if absent).
    static func batch(_ index: Int) -> BulkBatch {
        if index == 0 { return BulkBatch(samples: initial) }
        let build = SampleBuilder(uuids: UUIDSequence(start: UInt64(100_000 + index * batchSize)))
        let base = material.at(Double(index) * 10_000)
        return BulkBatch(
            samples: (0..<batchSize).map { offset in
                let start = base.addingTimeInterval(Double(offset) * 60)
                return .quantity(
                    build.steps(
                        Double(offset), start: start, end: start.addingTimeInterval(30), source: Fixtures.phone))
            })
    }

    /// Fills a fresh store with the initial samples.
    public static func prepare(_ storage: some SampleStorage) async throws {
        _ = try await storage.commit(StorageCommit(inserts: initial))
    }

    /// In the child: starts the bulk write and kills the process with SIGKILL after `afterBatches` batches were
    /// written (inside the write's transaction). Never returns normally.
    public static func writeUntilKilled(_ storage: some SampleStorage, afterBatches: Int) async throws {
        _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            for index in 0..<batches {
                _ = try await sink.write(batch(index)) { sample, _ in sample }
                if index + 1 >= afterBatches { kill(getpid(), SIGKILL) }
            }
            return 0
        }
        kill(getpid(), SIGKILL)
    }

    /// In the parent: the store holds the initial samples only, at the initial anchor.
    public static func verifyUnchanged(_ storage: some SampleStorage) async throws {
        let count = try await storage.count(matching: .all)
        let anchor = try await storage.currentAnchor()
        try require(
            count == initial.count && anchor == Int64(initial.count), "killedBulkWrite",
            "a killed bulk write left \(count) samples at anchor \(anchor), expected \(initial.count)")
    }

    /// In the parent: the same write runs to the end, once, with no duplicates.
    public static func verifyTheNextRunCompletes(_ storage: some SampleStorage) async throws {
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            for index in 0..<batches { _ = try await sink.write(batch(index)) { sample, _ in sample } }
            return 0
        }
        let expected = (batches - 1) * batchSize
        try require(
            result.inserted == expected && result.alreadyPresent == initial.count, "killedBulkWrite",
            "the next run inserted \(result.inserted) (expected \(expected))")
        let count = try await storage.count(matching: .all)
        try require(count == initial.count + expected, "killedBulkWrite", "stored \(count) after the next run")
    }
}
