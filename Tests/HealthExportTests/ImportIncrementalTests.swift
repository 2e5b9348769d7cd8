import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

@testable import HealthQuery

/// A newer export adds only what is new, keeps exact duplicates, and reports what disappeared.
@Suite("Incremental import")
struct ImportIncrementalTests {
    static let watch =
        "sourceName=\"Ana’s Apple Watch\" sourceVersion=\"10.2\" device=\"&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, "
        + "manufacturer:Apple Inc., model:Watch, hardware:Watch7,3, software:10.2&gt;\""
    static let phone = "sourceName=\"Ana’s iPhone\" sourceVersion=\"17.2\""

    static func record(
        _ type: String, _ source: String, _ start: String, _ end: String, _ value: String, _ unit: String
    )
        -> String
    {
        " <Record type=\"HKQuantityTypeIdentifier\(type)\" \(source) unit=\"\(unit)\" startDate=\"2024-01-05 \(start) +0900\" "
            + "endDate=\"2024-01-05 \(end) +0900\" value=\"\(value)\"/>"
    }

    static func document(_ records: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2024-01-06 08:00:00 +0900"/>
        \(records.joined(separator: "\n"))
        </HealthData>

        """
    }

    static let deleted = record("StepCount", phone, "08:00:00", "08:10:00", "100", "count")
    static let kept = record("StepCount", watch, "09:00:00", "09:10:00", "200", "count")
    static let heart = record("HeartRate", watch, "09:05:00", "09:05:00", "61", "count/min")
    static let duplicate = record("StepCount", watch, "10:00:00", "10:05:00", "50", "count")
    static let new = record("StepCount", watch, "11:00:00", "11:05:00", "70", "count")
    static let workout =
        " <Workout workoutActivityType=\"HKWorkoutActivityTypeWalking\" duration=\"30\" durationUnit=\"min\" \(watch) "
        + "startDate=\"2024-01-05 12:00:00 +0900\" endDate=\"2024-01-05 12:30:00 +0900\"/>"

    static let older = document([deleted, kept, heart, duplicate, duplicate])
    static let newer = document([kept, duplicate, heart, new, duplicate, duplicate, workout])

    @Test(arguments: ImportErrorTests.Backend.allCases)
    func newerExportAddsOnlyWhatIsNewAndReportsWhatDisappeared(_ backend: ImportErrorTests.Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ImportErrorTests.emptyStore(backend, in: directory)
        let first = directory.appendingPathComponent("older.xml")
        let second = directory.appendingPathComponent("newer.xml")
        try ImportSupport.write(Self.older, to: first)
        try ImportSupport.write(Self.newer, to: second)
        let options = ExportImporter.Options(reportDisappeared: true)

        let initial = try await ImportSupport.importFile(first, into: store, options: options)
        #expect(initial.inserted == 5)
        #expect(initial.disappeared == [])
        #expect(initial.summary.exactDuplicates == 1)
        let anchor = try await store.storage.currentAnchor()

        let update = try await ImportSupport.importFile(second, into: store, options: options)
        #expect(update.inserted == 3)  // the new steps, the third duplicate, the workout
        #expect(update.alreadyPresent == 4)
        #expect(update.insertedByType == ["HKQuantityTypeIdentifierStepCount": 2, "HKWorkoutTypeIdentifier": 1])
        #expect(update.disappeared == [DisappearedSample(sampleType: .quantity(.stepCount), count: 1)])
        #expect(update.summary.exactDuplicates == 2)
        #expect(try await store.storage.currentAnchor() == anchor + 3)

        let steps = try await store.samples(of: .quantity(.stepCount)).compactMap(\.quantitySample)
        #expect(steps.count == 6)  // the deleted one stays: imports never delete
        let fifties = steps.filter { (try? $0.quantity.doubleValue(for: .count())) == 50 }
        #expect(fifties.count == 3)
        #expect(Set(fifties.map(\.uuid)).count == 3)

        let again = try await ImportSupport.importFile(second, into: store, options: options)
        #expect(again.inserted == 0)
        #expect(again.alreadyPresent == 7)
        #expect(again.disappeared == [DisappearedSample(sampleType: .quantity(.stepCount), count: 1)])
        #expect(try await store.storage.currentAnchor() == anchor + 3)

        let quiet = try await ImportSupport.importFile(second, into: store)
        #expect(quiet.disappeared == nil)
    }

    @Test func samplesSavedByAppsAreNeverReportedAsDisappeared() async throws {
        let storage = InMemoryStorage()
        let store = ImportSupport.store(storage)
        let app = store.store(
            for: AppIdentity(
                bundleIdentifier: "com.example.steps", name: "Steps", shareUsageDescription: "Reads steps.",
                updateUsageDescription: "Saves steps."))
        try await app.requestAuthorization(toShare: [.quantity(.stepCount)], read: [])
        try await app.save([
            .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(99), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 5),
                    start: Fixtures.epoch, end: Fixtures.epoch.addingTimeInterval(60)))
        ])
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("export.xml")
        try ImportSupport.write(Self.newer, to: url)
        let report = try await ImportSupport.importFile(url, into: store, options: .init(reportDisappeared: true))
        #expect(report.disappeared == [])
        #expect(report.inserted == 7)
    }
}

/// An import prepares the merged statistics of the cumulative types it touched (unless told not to).
@Suite("Statistics prepared by an import")
struct ImportPreparesStatisticsTests {
    static func savedStepAnchor(_ store: HealthStore) async throws -> Int64? {
        let order = try await store.sourceOrder(for: .stepCount).bundleIdentifiers.joined(separator: ",")
        let key = "statistics.slots.v1|\(QuantityTypeIdentifier.stepCount.rawValue)|16|\(order)"
        guard let data = try await store.storage.setting(key), data.count >= 12 else { return nil }
        return data.subdata(in: 4..<12).withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
    }

    @Test(arguments: ImportErrorTests.Backend.allCases)
    func theImportedStepsArePrepared(_ backend: ImportErrorTests.Backend) async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try ImportErrorTests.emptyStore(backend, in: directory)
        let file = directory.appendingPathComponent("older.xml")
        try ImportSupport.write(ImportIncrementalTests.older, to: file)
        let skipped = try await ImportSupport.importFile(
            file, into: store, options: ExportImporter.Options(prepareStatistics: false))
        #expect(skipped.statisticsPrepared.isEmpty)
        #expect(try await Self.savedStepAnchor(store) == nil)

        let newer = directory.appendingPathComponent("newer.xml")
        try ImportSupport.write(ImportIncrementalTests.newer, to: newer)
        let report = try await ImportSupport.importFile(newer, into: store, options: ExportImporter.Options())
        #expect(report.statisticsPrepared == [.stepCount], "heart rate is discrete; workouts are not quantities")
        #expect(try await Self.savedStepAnchor(store) == report.anchor)
    }
}
