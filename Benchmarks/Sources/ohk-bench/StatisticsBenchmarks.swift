import Foundation
import GRDB
import HealthCore
import HealthQuery
import HealthStorage
import HealthStorageSQLite

/// Issue 4's figures: daily merged step totals over 10 years of a phone + watch person, side by side with
/// SQLite's naive (double-counting) `GROUP BY day SUM(value)` over the same table; hourly buckets over one
/// year; a daily heart-rate average over 10 years.
enum StatisticsBenchmarks {
    static func run(years: Int, report: inout Report) async throws {
        let dir = try temporaryDirectory("statistics")
        defer { removeUnlessKept(dir) }
        let path = dir.appendingPathComponent("person.sqlite").path
        let storage = try SQLiteStorage(path: path)
        var person = PersonYears(days: years * 365 + years / 4)
        var batch: [AnySample] = []
        var total = 0
        for day in 0..<person.days {
            batch += person.day(day)
            if batch.count >= 20_000 || day == person.days - 1 {
                total += batch.count
                _ = try await storage.commit(StorageCommit(inserts: batch))
                batch.removeAll(keepingCapacity: true)
            }
        }
        print("store: \(total) samples over \(person.days) days")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!  // safe: a fixed identifier
        let anchor = PersonYears.start
        let store = HealthStore(
            storage: storage, app: .healthApp, clock: ClosureClock { anchor }, calendar: utc, uuids: { UUID() })

        let rawQueue = try DatabaseQueue(path: path)
        var naiveDays = 0
        let naive = try await measure(repetitions: 5) {
            naiveDays = try rawQueue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT CAST((start_date - ?) / 86400 AS INTEGER) AS day, SUM(value) FROM samples
                        WHERE type_id = (SELECT id FROM types WHERE identifier = ?) GROUP BY day
                        """,
                    arguments: [anchor.timeIntervalSinceReferenceDate, QuantityTypeIdentifier.stepCount.rawValue]
                ).count
            }
        }
        report.add(
            "naive SQL GROUP BY day SUM(steps), \(years) years (\(naiveDays) days, double-counts)", seconds: naive)

        let daily = DateComponents(day: 1)
        var days = 0
        var merged = 0.0
        // What an import does after its commit (ExportImporter.Options.prepareStatistics): build the merged slots
        // with one sweep of every step sample, and save them in the store.
        let prepare = try await measure(repetitions: 1, warmUp: false) {
            try await store.prepareStatistics(for: [.stepCount])
        }
        report.add(
            "prepare merged step slots (once per store, at import; one sweep of every sample)", seconds: prepare,
            baseline: naive)
        let warm = try await measure(repetitions: 5) {
            let collection = try await store.statisticsCollection(
                of: .stepCount, options: .cumulativeSum, anchorDate: anchor, intervalComponents: daily)
            days = collection.statistics().count
            merged = collection.statistics().compactMap(\.merged.sum).reduce(0, +)
        }
        report.add(
            "HealthStore daily merged steps, \(years) years (\(days) days), warm", seconds: warm, baseline: naive)
        // A new process: its own connection, store and cache; the slots come from the store's settings.
        func newProcessQuery() async throws -> Int {
            let storage = try SQLiteStorage(path: path)
            let fresh = HealthStore(
                storage: storage, app: .healthApp, clock: ClosureClock { anchor }, calendar: utc, uuids: { UUID() },
                statisticsCache: StatisticsCache())
            let collection = try await fresh.statisticsCollection(
                of: .stepCount, options: .cumulativeSum, anchorDate: anchor, intervalComponents: daily)
            try storage.close()
            return collection.statistics().count
        }
        let reopened = try await measure(repetitions: 5) { days = try await newProcessQuery() }
        report.add(
            "HealthStore daily merged steps, \(years) years, new process (open + query)", seconds: reopened,
            baseline: naive)
        // Another process then writes a day of samples; the next one patches the saved slots with them.
        let other = try SQLiteStorage(path: path)
        _ = try await other.commit(StorageCommit(inserts: person.day(person.days)))
        try other.close()
        let patched = try await measure(repetitions: 3) { days = try await newProcessQuery() }
        report.add(
            "HealthStore daily merged steps, \(years) years, new process after 1 new day", seconds: patched,
            baseline: naive)
        print(String(format: "  merged total %.0f steps", merged))

        // Where the time goes: reading one year's pieces, and the merge sweep over them.
        let oneYear = utc.date(byAdding: .year, value: 1, to: anchor)!  // safe: fixed calendar arithmetic
        var pieces: [QuantityPiece] = []
        let read = try await measure(repetitions: 3) {
            pieces = try await storage.quantityPieces(
                matching: .type(.quantity(.stepCount)) && .date(start: anchor, end: oneYear), canonicalUnit: .count())
        }
        report.add("  read 1 year of step pieces (\(pieces.count))", seconds: read, items: pieces.count)
        let inputs = pieces.map(StatisticsInput.init(piece:))
        let order = try await store.sourceOrder(for: .stepCount)
        let computation = try StatisticsComputation(type: .stepCount, options: .cumulativeSum, sourceOrder: order)
        let buckets = try StatisticsBuckets(anchor: anchor, interval: daily, calendar: utc)
        let sweep = try await measure(repetitions: 3) {
            days = computation.collection(of: inputs, buckets: buckets).count
        }
        report.add("  merge sweep, 1 year of step pieces into \(days) days", seconds: sweep, items: inputs.count)

        let yearEnd = utc.date(byAdding: .year, value: 1, to: anchor)!  // safe: fixed calendar arithmetic
        let hourly = try await measure(repetitions: 3) {
            let collection = try await store.statisticsCollection(
                of: .stepCount, predicate: .date(start: anchor, end: yearEnd), options: .cumulativeSum,
                anchorDate: anchor, intervalComponents: DateComponents(hour: 1))
            days = collection.statistics().count
        }
        report.add("HealthStore hourly merged steps, 1 year (\(days) hours)", seconds: hourly)

        let heart = try await measure(repetitions: 3) {
            let collection = try await store.statisticsCollection(
                of: .heartRate, options: .discreteAverage, anchorDate: anchor, intervalComponents: daily)
            days = collection.statistics().count
        }
        report.add("HealthStore daily heart-rate average, \(years) years (\(days) days)", seconds: heart)
        let naiveHeart = try await measure(repetitions: 3) {
            days = try rawQueue.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT CAST((start_date - ?) / 86400 AS INTEGER) AS day, AVG(value) FROM samples
                        WHERE type_id = (SELECT id FROM types WHERE identifier = ?) GROUP BY day
                        """,
                    arguments: [anchor.timeIntervalSinceReferenceDate, QuantityTypeIdentifier.heartRate.rawValue]
                ).count
            }
        }
        report.add("naive SQL GROUP BY day AVG(heart rate), \(years) years (\(days) days)", seconds: naiveHeart)
        try storage.close()
    }
}
