import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// A bulk write into an empty store builds its secondary indexes once at the end (the type indexes only when its
/// rows are out of start order); into a store with samples it leaves the schema alone; a failed one leaves the
/// store as it was, indexes included.
@Suite struct DeferredIndexTests {
    let build = SampleBuilder()
    let day0 = Fixtures.date(2024, 3, 1)

    struct Boom: Error {}

    /// `count` ten-minute step samples from `day0`; with `metadata`, every third has a metadata entry.
    private func steps(_ count: Int, metadata: Bool = false) -> [AnySample] {
        (0..<count).map { i in
            let start = day0.addingTimeInterval(Double(i) * 600)
            let entries: Metadata = metadata && i % 3 == 0 ? [MetadataKey("index"): .number(Double(i))] : [:]
            return .quantity(
                build.steps(Double(10 + i), start: start, end: start.addingTimeInterval(300), metadata: entries))
        }
    }

    private func bulkWrite(_ storage: SQLiteStorage, _ samples: [AnySample]) async throws {
        _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            _ = try await sink.write(BulkBatch(samples: samples), reidentify: { sample, _ in sample })
        }
    }

    /// The indexes hold every row: SQLite's integrity check passes, and an indexed window query finds exactly the
    /// six ten-minute samples in an hour.
    private func expectIndexesHoldEveryRow(_ storage: SQLiteStorage) async throws {
        #expect(try storage.integrityCheck() == ["ok"])
        let window =
            SamplePredicate.type(.quantity(.stepCount))
            && .date(start: day0.addingTimeInterval(3_600), end: day0.addingTimeInterval(7_200))
        let found = try await storage.samples(matching: SampleRequest(predicate: window))
        #expect(found.count == 6)
    }

    @Test func aBulkWriteIntoAnEmptyStoreRebuildsTheSameIndexes() async throws {
        let storage = try SQLiteStorage(path: try TemporaryDirectory.file("deferred.sqlite"))
        let before = try storage.indexes()
        try await bulkWrite(storage, steps(500))
        let after = try storage.indexes()
        #expect(after.schemaVersion != before.schemaVersion, "the indexes were dropped and rebuilt")
        #expect(after.definitions == before.definitions)
        #expect(after.definitions["samples_by_type_start"] != nil)
        #expect(after.definitions["samples_by_type_end"] == nil, "decision 0027")
        try await expectIndexesHoldEveryRow(storage)
    }

    /// SQLite counts each `DROP INDEX` and `CREATE INDEX` in the schema version. Rows in start order keep the
    /// `(type, start)` index live: only the metadata index is dropped and built again (2). Rows out of order drop
    /// it as well, after the first batch that shows it, and build both at the end (4). Either way the store ends with the same indexes, holding every row and every metadata entry (the
    /// writer's statements, prepared again after the drop, go on inserting both).
    @Test(arguments: [false, true])
    func rowsInStartOrderKeepTheTypeIndexesLiveAndRowsOutOfOrderDeferThem(shuffled: Bool) async throws {
        let storage = try SQLiteStorage(path: try TemporaryDirectory.file("order.sqlite"))
        let before = try storage.indexes()
        var samples = steps(30_000, metadata: true)
        if shuffled {
            // A fixed permutation (a multiplier prime to the count): deterministic, and far from start order.
            samples = (0..<samples.count).map { samples[($0 * 7_919) % samples.count] }
        }
        _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            for batch in stride(from: 0, to: samples.count, by: 5_000) {
                let part = Array(samples[batch..<(batch + 5_000)])
                _ = try await sink.write(BulkBatch(samples: part), reidentify: { sample, _ in sample })
            }
        }
        let after = try storage.indexes()
        #expect(after.schemaVersion - before.schemaVersion == (shuffled ? 4 : 2))
        #expect(after.definitions == before.definitions)
        try await expectIndexesHoldEveryRow(storage)
        let stored = try await storage.samples(matching: SampleRequest(predicate: .all))
        #expect(stored.count == 30_000)
        #expect(stored.filter { !$0.sample.metadata.isEmpty }.count == 10_000)
    }

    @Test func aBulkWriteIntoAStoreWithSamplesKeepsItsIndexes() async throws {
        let storage = try SQLiteStorage(path: try TemporaryDirectory.file("kept.sqlite"))
        let samples = steps(20)
        _ = try await storage.commit(StorageCommit(inserts: Array(samples.prefix(1))))
        let before = try storage.indexes()
        try await bulkWrite(storage, Array(samples.dropFirst()))
        let after = try storage.indexes()
        #expect(after.schemaVersion == before.schemaVersion, "nothing dropped when the store has samples")
        #expect(after.definitions == before.definitions)
    }

    @Test func aFailedBulkWriteIntoAnEmptyStoreLeavesItsIndexes() async throws {
        let path = try TemporaryDirectory.file("failed.sqlite")
        var storage = try SQLiteStorage(path: path)
        let before = try storage.indexes()
        let samples = steps(50)
        await #expect(throws: Boom.self) {
            _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                _ = try await sink.write(BulkBatch(samples: samples), reidentify: { sample, _ in sample })
                throw Boom()
            }
        }
        #expect(try storage.indexes().definitions == before.definitions)
        #expect(try await storage.samples(matching: SampleRequest(predicate: .all)).isEmpty)
        try storage.close()
        storage = try SQLiteStorage(path: path)
        #expect(try storage.indexes().definitions == before.definitions)
        #expect(try storage.integrityCheck() == ["ok"])
    }
}
