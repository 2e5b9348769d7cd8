import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

@testable import HealthQuery

/// Imports of the generator's small export, checked against its ground truth.
@Suite("Import of a generated export")
struct ImportGeneratedTests {
    @Test func importsEverythingOnceAndTheSecondRunChangesNothing() async throws {
        let (url, truth) = try GeneratedExportTests.generate("export.zip")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (store, storage) = try ImportSupport.sqliteStore(in: url.deletingLastPathComponent())
        defer { try? storage.close() }
        let first = try await ImportSupport.importFile(url, into: store)
        let elements = truth.counts.elements
        let expected =
            (elements["Record"] ?? 0) - (elements["Record_in_correlation"] ?? 0) + (elements["Correlation"] ?? 0)
            + (elements["Workout"] ?? 0) + (elements["WorkoutRoute"] ?? 0)
            + (elements["HeartRateVariabilityMetadataList"] ?? 0)  // each becomes a heartbeat series too
        #expect(first.inserted == expected)
        #expect(first.alreadyPresent == 0)
        #expect(first.skippedCount == 0)
        #expect(first.issues.isEmpty)
        #expect(first.workouts == elements["Workout"])
        #expect(first.routesWithLocations == elements["FileReference"])
        #expect(first.activitySummaries == elements["ActivitySummary"])
        #expect(try await storage.count(matching: .noCorrelation) == expected)
        let anchor = try await storage.currentAnchor()
        let before = try await ImportSupport.dump(store)

        let second = try await ImportSupport.importFile(url, into: store)
        #expect(second.inserted == 0)
        #expect(second.alreadyPresent == expected)
        #expect(try await storage.currentAnchor() == anchor)
        let after = try await ImportSupport.dump(store)
        #expect(after == before, "\(after.firstDifference(from: before) ?? "")")
    }

    @Test func mergedDailyStepsAndCountsPerTypeMatchTheTruth() async throws {
        let (url, truth) = try GeneratedExportTests.generate("export.xml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let data = try Data(contentsOf: URL(fileURLWithPath: url.path + ".truth.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let generator = try #require(json["generator"] as? [String: Any])
        let zone = try #require(generator["hk_time_zone"] as? String)
        let calendar = Fixtures.calendar(zone)
        let store = HealthStore(
            storage: InMemoryStorage(), app: .healthApp, clock: TickingClock(), calendar: calendar,
            uuids: UUIDSequence(start: 1).next)
        let report = try await ImportSupport.importFile(url, into: store)

        #expect(report.summary.recordsByType == truth.counts.records_by_type)
        for (type, count) in truth.counts.records_by_type {
            let stored = try await store.storage.count(matching: .type(SampleType(identifier: type)))
            #expect(stored == count, "\(type)")
        }
        let elements = truth.counts.elements
        #expect(try await store.storage.count(matching: .type(.workout)) == elements["Workout"])
        #expect(try await store.storage.count(matching: .type(.workoutRoute)) == elements["WorkoutRoute"])
        let correlationTypes = Set(report.summary.correlationsByType.keys.map { SampleType(identifier: $0) })
        let correlations = try await store.storage.count(matching: .types(correlationTypes))
        #expect(correlations == elements["Correlation"])
        #expect(try await store.activitySummaries().count == elements["ActivitySummary"])

        // Apple Watch above iPhone in the default source order, which the merge below relies on.
        let order = SourceOrder.defaultOrder(for: try await store.storage.sources()).bundleIdentifiers
        let watch = try #require(report.sources.first { $0.name.hasSuffix("Apple Watch") }?.bundleIdentifier)
        let phone = try #require(report.sources.first { $0.name.hasSuffix("iPhone") }?.bundleIdentifier)
        let watchRank = try #require(order.firstIndex(of: watch))
        let phoneRank = try #require(order.firstIndex(of: phone))
        #expect(watchRank < phoneRank)

        let firstDayText = try #require(generator["first_day"] as? String)
        let firstDay = try #require(CalendarDay(firstDayText))
        let anchor = Fixtures.date(firstDay.year, firstDay.month, firstDay.day, in: calendar)
        let daily = try await store.statisticsCollection(
            of: .stepCount, options: [.cumulativeSum], anchorDate: anchor, intervalComponents: DateComponents(day: 1))
        let steps = try #require(json["steps"] as? [String: Any])
        let perDay = try #require(steps["per_day"] as? [String: [String: Double]])
        #expect(perDay.count == 7)
        for (day, figures) in perDay {
            let date = try #require(CalendarDay(day).map { Fixtures.date($0.year, $0.month, $0.day, 12, in: calendar) })
            let merged = try #require(daily.statistics(for: date)?.sumQuantity()).doubleValue(for: .count())
            let expected = try #require(figures["dedup"])
            #expect(abs(merged - expected) <= 1e-6 * max(1, expected), "merged steps on \(day)")
        }
    }

    @Test func progressObserversAndReadersSeeOneWholeImport() async throws {
        let (url, truth) = try GeneratedExportTests.generate("export.zip")
        let directory = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, storage) = try ImportSupport.sqliteStore(in: directory)
        defer { try? storage.close() }
        let updates = store.observe([.quantity(.stepCount), .workout])
        let collector = Task {
            var seen: [ObserverUpdate] = []
            for await update in updates {
                seen.append(update)
                if seen.count == 2 { break }
            }
            return seen
        }
        let progress = Locked<[ImportProgress]>([])
        let importer = ExportImporter(store: store, clock: TickingClock(), options: .init(batchSize: 500))
        let running = Task {
            try await importer.importExport(at: url) { value in progress.withLock { $0.append(value) } }
        }
        var observedCounts: Set<Int> = []
        while !running.isCancelled {
            observedCounts.insert(try await storage.count(matching: .all))
            if progress.withLock({ $0.last?.fractionCompleted == 1 }) { break }
            try await Task.sleep(for: .milliseconds(5))
        }
        let report = try await running.value
        let total = try await storage.count(matching: .all)
        observedCounts.insert(total)
        #expect(observedCounts.isSubset(of: [0, total]), "a reader saw part of the import: \(observedCounts.sorted())")

        let values = progress.withLock { $0 }
        let last = try #require(values.last)
        #expect(values.count > 2)
        #expect(values.map(\.bytesRead) == values.map(\.bytesRead).sorted())
        #expect(values.map(\.recordsRead) == values.map(\.recordsRead).sorted())
        #expect(last.bytesRead == last.totalBytes)
        #expect(last.fractionCompleted == 1)
        #expect(last.recordsRead == truth.counts.elements["Record"])
        #expect(last.estimatedSecondsRemaining == 0)
        #expect((last.recordsPerSecond ?? 0) > 0)

        // One notification for the whole import; a later save makes the second.
        try await store.save([
            .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(7), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 1),
                    start: Fixtures.epoch, end: Fixtures.epoch.addingTimeInterval(60)))
        ])
        let seen = await collector.value
        #expect(seen.count == 2)
        #expect(seen.first?.anchor == report.anchor)
        #expect(seen.first?.types == [.quantity(.stepCount), .workout])
        #expect(seen.last?.anchor == report.anchor + 1)
    }
}
