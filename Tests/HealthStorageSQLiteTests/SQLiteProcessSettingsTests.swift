import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SQLite's memory statistics are turned off by an executable before its first store (decision 0017).
@Suite struct SQLiteProcessSettingsTests {
    /// A store written after the setting, in a fresh process (a Swift Testing exit test), where SQLite has not run.
    static func writeWithoutStatistics(path: String) async throws {
        guard SQLiteProcessSettings.turnOffMemoryStatistics() else { exit(2) }
        let storage = try SQLiteStorage(path: path)
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: samples()), reidentify: { sample, _ in sample }).count
        }
        guard result.inserted == 100, try await storage.count(matching: .all) == 100 else { exit(3) }
        // With the statistics off SQLite reports no memory in use, even with a store open.
        guard !SQLiteProcessSettings.keepsMemoryStatistics else { exit(4) }
        try storage.close()
        exit(0)
    }

    static func samples() -> [AnySample] {
        (1...100).map { n in
            let start = Fixtures.epoch.addingTimeInterval(Double(n) * 60)
            return .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(UInt64(n)), type: .stepCount,
                    quantity: Quantity(unit: .count(), doubleValue: 10), start: start,
                    end: start.addingTimeInterval(60), sourceRevision: SourceRevision(source: Fixtures.watch)))
        }
    }

    @Test func aFreshProcessTakesTheSettingAndItsStoresWork() async throws {
        let path = try TemporaryDirectory.file("statistics-off.sqlite")
        await #expect(processExitsWith: .exitCode(0)) { [path = path as String] in
            try await SQLiteProcessSettingsTests.writeWithoutStatistics(path: path)
        }
    }

    @Test func onceSQLiteRunsTheSettingIsRefusedAndNothingChanges() async throws {
        let storage = try SQLiteStorage(path: TemporaryDirectory.file("statistics-on.sqlite"))
        #expect(SQLiteProcessSettings.keepsMemoryStatistics, "SQLite counts its memory by default")
        #expect(!SQLiteProcessSettings.turnOffMemoryStatistics(), "SQLite is initialized: the setting is refused")
        #expect(SQLiteProcessSettings.keepsMemoryStatistics)
        let (_, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            try await sink.write(BulkBatch(samples: Self.samples()), reidentify: { sample, _ in sample }).count
        }
        #expect(result.inserted == 100)
        try storage.close()
    }
}
