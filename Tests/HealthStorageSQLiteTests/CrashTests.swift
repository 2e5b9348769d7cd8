import Foundation
import HealthCore
import HealthSimulation
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A writer process killed with SIGKILL at random points leaves a sound store with whole batches only.
///
/// The child is this test binary itself (a Swift Testing exit test): it commits batches to a store until a timer
/// of its own kills it with SIGKILL, so the kill lands wherever the writer happens to be — often inside a
/// transaction. A real separate process is the point: only a process that dies mid-transaction tests SQLite's
/// journal, which an in-process task cancellation cannot.
@Suite struct CrashTests {
    static let batchSize = 300

    /// The child: commits numbered batches, appending each acknowledged batch number to `acknowledgements`,
    /// until it is killed `milliseconds` after it started.
    static func writeUntilKilled(path: String, acknowledgements: String, milliseconds: Int) async throws {
        let storage = try SQLiteStorage(path: path)
        let start = try await storage.count(matching: .all) / batchSize
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: acknowledgements))
        try log.seekToEnd()
        Thread.detachNewThread {
            usleep(UInt32(milliseconds) * 1_000)
            kill(getpid(), SIGKILL)
        }
        var rng = SplitMix64(seed: UInt64(start + 1))
        for batch in start... {
            let base = Fixtures.date(2024, 1, 1).addingTimeInterval(Double(batch) * 86_400)
            let samples = (0..<batchSize).map { index -> AnySample in
                let begin = base.addingTimeInterval(Double(index) * 60)
                return .quantity(
                    QuantitySample(
                        uuid: Self.uuid(&rng), type: .stepCount,
                        quantity: Quantity(unit: .count(), doubleValue: Double(index)), start: begin,
                        end: begin.addingTimeInterval(50), metadata: [MetadataKey("batch"): .number(Double(batch))],
                        sourceRevision: SourceRevision(source: Fixtures.watch)))
            }
            _ = try await storage.commit(StorageCommit(inserts: samples))
            try log.write(contentsOf: Data("\(batch)\n".utf8))
        }
    }

    static func uuid(_ rng: inout SplitMix64) -> UUID {
        let high = rng.next()
        let low = rng.next()
        func byte(_ value: UInt64, _ index: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> (index * 8)) }
        return UUID(
            uuid: (
                byte(high, 0), byte(high, 1), byte(high, 2), byte(high, 3), byte(high, 4), byte(high, 5),
                byte(high, 6), byte(high, 7), byte(low, 0), byte(low, 1), byte(low, 2), byte(low, 3), byte(low, 4),
                byte(low, 5), byte(low, 6), byte(low, 7)
            ))
    }

    @Test(.timeLimit(.minutes(10)))  // a hang guard: under TSan on a loaded 2-core CI machine a run took over 2 min
    func killedWritersLeaveOnlyWholeBatches() async throws {
        let path = try TemporaryDirectory.file("crash.sqlite")
        let acknowledgements = path + ".acknowledged"
        _ = FileManager.default.createFile(atPath: acknowledgements, contents: nil)
        var rng = SplitMix64(seed: 20_241_123)
        for round in 1...6 {
            let milliseconds = 150 + rng.nextInt(in: 0...400)
            await #expect(processExitsWith: .signal(SIGKILL), "round \(round): the writer stopped by itself") {
                [
                    path = path as String, acknowledgements = acknowledgements as String,
                    milliseconds = milliseconds as Int
                ] in
                try await CrashTests.writeUntilKilled(
                    path: path, acknowledgements: acknowledgements, milliseconds: milliseconds)
            }
            let acknowledged = Set(
                String(decoding: FileManager.default.contents(atPath: acknowledgements) ?? Data(), as: UTF8.self)
                    .split(separator: "\n").compactMap { Int($0) })
            let storage = try SQLiteStorage(path: path)
            #expect(try storage.integrityCheck() == ["ok"], "round \(round)")
            let samples = try await storage.samples(matching: SampleRequest())
            #expect(samples.count % Self.batchSize == 0, "round \(round): \(samples.count) samples")
            var perBatch: [Int: Int] = [:]
            for stored in samples {
                let batch = stored.sample.metadata[MetadataKey("batch")]?.intValue ?? -1
                perBatch[batch, default: 0] += 1
            }
            #expect(perBatch.values.allSatisfy { $0 == Self.batchSize }, "round \(round): a partial batch")
            #expect(acknowledged.isSubset(of: Set(perBatch.keys)), "round \(round): an acknowledged batch is missing")
            let anchor = try await storage.currentAnchor()
            #expect(anchor == Int64(samples.count), "round \(round): anchor \(anchor)")
            try storage.close()
            if round == 6 {
                print("crash test: \(acknowledged.count) acknowledged batches")
                #expect(acknowledged.count >= 6, "the writer committed too few batches to test anything")
            }
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func killedBulkWriteLeavesTheStoreAsItWas() async throws {
        let path = try TemporaryDirectory.file("bulk-crash.sqlite")
        try await BulkWriteKill.prepare(SQLiteStorage(path: path))
        for batches in [1, 4] {
            await #expect(processExitsWith: .signal(SIGKILL)) { [path = path as String, batches = batches as Int] in
                try await BulkWriteKill.writeUntilKilled(SQLiteStorage(path: path), afterBatches: batches)
            }
            let reopened = try SQLiteStorage(path: path)
            #expect(try reopened.integrityCheck() == ["ok"])
            try await BulkWriteKill.verifyUnchanged(reopened)
            try reopened.close()
        }
        try await BulkWriteKill.verifyTheNextRunCompletes(SQLiteStorage(path: path))
    }
}
