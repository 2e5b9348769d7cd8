import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// A store file made now has 8 KiB pages (decision 0025); a file made with SQLite's default 4 KiB pages, as
/// every store was before, keeps them and works the same.
@Suite("SQLite store: page size")
struct PageSizeTests {
    @Test func aNewStoreFileHasEightKibibytePages() async throws {
        #expect(SQLiteStorage.pageSize == 8_192)
        let path = try TemporaryDirectory.file("new.sqlite")
        let storage = try SQLiteStorage(path: path)
        #expect(try storage.filePageSize() == 8_192)
        _ = try await storage.commit(StorageCommit(inserts: Self.samples(1...100)))
        try storage.close()
        // The page size is in the file's header, so a new connection reads it from there.
        let reopened = try SQLiteStorage(path: path)
        #expect(try reopened.filePageSize() == 8_192)
        #expect(try await reopened.count(matching: .all) == 100)
        try reopened.close()
        let temporary = try SQLiteStorage.temporary()
        #expect(try temporary.filePageSize() == 8_192)
    }

    /// An existing store's page size is never changed: SQLite ignores the pragma once a file has pages. Reads,
    /// commits and a bulk write (with its deferred indexes and the log's copy) work on the old pages.
    @Test func aStoreWithFourKibibytePagesKeepsThemAndWorks() async throws {
        let path = try TemporaryDirectory.file("old.sqlite")
        let old = try SQLiteStorage(path: path, pageSizeIfNew: 4_096)
        #expect(try old.filePageSize() == 4_096)
        _ = try await old.commit(StorageCommit(inserts: Self.samples(1...1_000)))
        try old.close()

        let storage = try SQLiteStorage(path: path)
        #expect(try storage.filePageSize() == 4_096, "an existing file keeps its pages")
        #expect(try await storage.count(matching: .all) == 1_000)
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: Self.samples(1_001...21_000)), reidentify: { sample, _ in sample })
                .count
        }
        #expect(result.inserted == 20_000)
        _ = try await storage.commit(StorageCommit(inserts: Self.samples(21_001...21_010)))
        #expect(try storage.integrityCheck() == ["ok"])
        try storage.close()

        let reopened = try SQLiteStorage(path: path)
        #expect(try reopened.filePageSize() == 4_096)
        #expect(try await reopened.count(matching: .all) == 21_010)
        try reopened.close()
    }

    /// The same writes into stores of 4, 8 and 16 KiB pages read back the same samples, in the same order, with the
    /// same anchors.
    @Test func everyPageSizeReadsBackTheSameSamples() async throws {
        var read: [[StoredSample]] = []
        for pageSize in [4_096, SQLiteStorage.pageSize, 16_384] {
            let storage = try SQLiteStorage(
                path: try TemporaryDirectory.file("p\(pageSize).sqlite"), pageSizeIfNew: pageSize)
            #expect(try storage.filePageSize() == pageSize)
            _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                try await sink.write(BulkBatch(samples: Self.samples(1...5_000)), reidentify: { sample, _ in sample })
                    .count
            }
            _ = try await storage.commit(StorageCommit(inserts: Self.samples(5_001...5_100)))
            read.append(try await storage.samples(matching: SampleRequest()))
            try storage.close()
        }
        #expect(read[0].count == 5_100)
        #expect(read[1] == read[0])
        #expect(read[2] == read[0])
    }

    /// Step counts a minute apart from the watch, every tenth with a metadata entry.
    private static func samples(_ numbers: ClosedRange<Int>) -> [AnySample] {
        numbers.map { n in
            let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
            return .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(UInt64(n)), type: .stepCount,
                    quantity: Quantity(unit: .count(), doubleValue: Double(n % 97)), start: start,
                    end: start.addingTimeInterval(60),
                    metadata: n % 10 == 0 ? [.wasUserEntered: .bool(true)] : [:],
                    sourceRevision: SourceRevision(source: Fixtures.watch)))
        }
    }
}
