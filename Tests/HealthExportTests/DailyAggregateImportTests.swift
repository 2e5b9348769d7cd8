import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// iOS 8–9 exports wrote a day of a discrete type as `min`, `max`, `average` and `recordCount` in place of
/// `value` (issue 16 part 6): they import as discrete samples carrying those fields — nothing skipped — keep them
/// through SQLite, export back the same way, and a broken aggregate is a located issue that skips only itself.
@Suite("iOS 8–9 per-day aggregates")
struct DailyAggregateImportTests {
    @Test func parsedWithTheirSummaryAndNothingSkipped() throws {
        let (batch, summary) = try Fixture.parse("legacy-2015-daily")
        #expect(summary.issues.isEmpty, "\(summary.issues)")
        #expect(summary.skipped.isEmpty, "\(summary.skipped)")
        #expect(summary.unknownAttributes.isEmpty, "\(summary.unknownAttributes)")
        let hearts = batch.quantities(.heartRate).sorted { $0.startDate < $1.startDate }
        #expect(hearts.count == 2)
        let first = try #require(hearts.first)
        #expect(first.quantity == Quantity(unit: try Fixture.unit("count/min"), doubleValue: 74.25))
        #expect(first.summary == QuantitySummary(minimum: 52, maximum: 141, count: 212))
        #expect(first.count == 212)
        #expect(first.endDate.timeIntervalSince(first.startDate) == 86_400)
        let mass = try #require(batch.quantities(.bodyMass).first)
        #expect(mass.quantity == Quantity(unit: .pound(), doubleValue: 150.6))
        #expect(mass.summary == QuantitySummary(minimum: 150.2, maximum: 151, count: 2))
        // A cumulative record with a value keeps its value; its recordCount is not a summary.
        let steps = try #require(batch.quantities(.stepCount).first)
        #expect(steps.quantity == Quantity(unit: .count(), doubleValue: 8_412) && steps.summary == nil)
    }

    @Test func keptBySQLiteAndWrittenBackAsTheyCame() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-daily-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (store, storage) = try ImportSupport.sqliteStore(in: directory)
        defer { try? storage.close() }
        let report = try await ImportSupport.importFile(try Fixture.url("legacy-2015-daily"), into: store)
        #expect(report.inserted == 5 && report.skippedCount == 0 && report.issues.isEmpty)
        let stored = try await store.samples(of: .quantity(.heartRate), sort: [.startDate]).compactMap(\.quantitySample)
        #expect(
            stored.map(\.summary) == [
                QuantitySummary(minimum: 52, maximum: 141, count: 212),
                QuantitySummary(minimum: 55, maximum: 128.5, count: 198),
            ])
        // Statistics read a summarised day as one quantity: its average.
        let day = try await store.statistics(
            of: .heartRate, predicate: .date(start: stored[1].startDate, end: stored[1].endDate),
            options: [.discreteAverage])
        #expect(abs((day.merged.average ?? 0) * 60 - 71) < 1e-9)

        let exported = directory.appendingPathComponent("again.xml")
        _ = try await ExportWriter(store: store, clock: TickingClock(), calendar: ImportSupport.calendar)
            .write(to: exported)
        let text = try String(contentsOf: exported, encoding: .utf8)
        #expect(text.contains(#"min="52" max="141" average="74.25" recordCount="212""#))
        let copy = ImportSupport.store(InMemoryStorage())
        let again = try await ImportSupport.importFile(exported, into: copy)
        #expect(again.issues.isEmpty && again.skippedCount == 0)
        #expect(try await ImportSupport.dump(copy) == (try await ImportSupport.dump(store)))
    }

    @Test func aBrokenAggregateIsALocatedIssueAndTheRestImports() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <Record type="HKQuantityTypeIdentifierHeartRate" source="P" unit="count/min" startDate="20150614000000-0700" endDate="20150615000000-0700" min="52" max="141" average="74.25"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" source="P" unit="count/min" startDate="20150615000000-0700" endDate="20150616000000-0700" min="90" max="80" average="85" recordCount="3"/>
             <Record type="HKQuantityTypeIdentifierHeartRate" source="P" unit="count/min" startDate="20150616000000-0700" endDate="20150617000000-0700" min="60" max="80" average="70" recordCount="3"/>
            </HealthData>
            """
        let (batch, summary) = try ExportParser().parse(data: Data(document.utf8))
        #expect(batch.quantities(.heartRate).count == 2, "the incomplete one is skipped, not the others")
        let issue = try #require(summary.issues.first)
        #expect(issue.line == 3)
        #expect("\(issue)".contains("per-day aggregate"))
        // The out-of-order one parses; validation refuses it with its rule.
        let outOfOrder = try #require(batch.quantities(.heartRate).first { $0.summary?.minimum == 90 })
        let issues = SampleValidator.issues(in: .quantity(outOfOrder), options: .default)
        #expect(issues.map(\.rule) == [.quantitySummary])
    }
}
