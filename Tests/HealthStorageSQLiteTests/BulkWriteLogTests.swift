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
        let samples = (1...20_000).map { n -> AnySample in
            let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
            return .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(UInt64(n)), type: .stepCount,
                    quantity: Quantity(unit: .count(), doubleValue: 10), start: start,
                    end: start.addingTimeInterval(60),
                    sourceRevision: SourceRevision(source: Fixtures.watch)))
        }
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: samples), reidentify: { sample, _ in sample }).count
        }
        #expect(result.inserted == 20_000)
        let database = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(database > 1_000_000, "the samples are in the database file")
        #expect(log == 0, "the log was copied into the database and truncated (\(log) bytes left)")
        #expect(try await storage.samples(matching: SampleRequest()).count == 20_000)
        try storage.close()
    }
}
