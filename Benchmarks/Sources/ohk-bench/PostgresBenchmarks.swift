import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthStoragePostgres
import HealthStorageSQLite

/// Issue 13's figures, PostgreSQL side by side with SQLite in one run: a bulk write and a one-day query over a
/// large store, ten years of merged daily steps, one person's queries at 1 and at 100 people in one database,
/// and concurrent readers (throughput, p99). Needs a cluster: `eval "$(scripts/postgres start)"`.
enum PostgresBenchmarks {
    static func run(
        url: String, queryStoreSize: Int, people: Int, perPerson: Int, years: Int, report: inout Report
    ) async throws {
        let dir = try temporaryDirectory("postgres")
        defer { removeUnlessKept(dir) }
        let run = UUID().uuidString.prefix(8).lowercased()
        func postgres(_ person: String) throws -> PostgresStorage {
            try PostgresStorage(url: "\(url)?person=bench-\(run)-\(person)&sslmode=disable&pool=4")
        }

        // Bulk write (COPY through the staging table) and a one-day query over `queryStoreSize` samples.
        let big = try postgres("big")
        let sqlite = try SQLiteStorage(path: dir.appendingPathComponent("big.sqlite").path)
        for (name, storage) in [("SQLiteStorage", sqlite), ("PostgresStorage", big)] as [(String, any SampleStorage)] {
            let seconds = try await measure(repetitions: 1, warmUp: false) {
                _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                    for offset in stride(from: 0, to: queryStoreSize, by: 10_000) {
                        let batch = SyntheticSamples.samples(offset..<min(offset + 10_000, queryStoreSize))
                        _ = try await sink.write(BulkBatch(samples: batch)) { sample, _ in sample }
                    }
                    return 0
                }
            }
            report.add(
                "\(name) bulk write \(queryStoreSize) (one transaction, 10k/batch)", seconds: seconds,
                items: queryStoreSize)
        }
        let day = SyntheticSamples.start.addingTimeInterval(Double(queryStoreSize / 2) * 300)
        let oneDay =
            SamplePredicate.type(.quantity(.stepCount)) && .date(start: day, end: day.addingTimeInterval(86_400))
        var sqliteDay = 0.0
        for (name, storage) in [("SQLiteStorage", sqlite), ("PostgresStorage", big)] as [(String, any SampleStorage)] {
            var found = 0
            let seconds = try await measure(repetitions: 20) {
                found = try await storage.samples(matching: SampleRequest(predicate: oneDay)).count
            }
            if name == "SQLiteStorage" { sqliteDay = seconds }
            report.add(
                "\(name) one-day query over \(queryStoreSize) (\(found) samples)", seconds: seconds,
                baseline: name == "SQLiteStorage" ? nil : sqliteDay)
        }

        // Ten years of a phone + watch person: merged daily steps (slots prepared once, as an import does).
        let tenYearsSQLite = try SQLiteStorage(path: dir.appendingPathComponent("person.sqlite").path)
        let tenYearsPostgres = try postgres("person")
        var sqliteYears = 0.0
        for (name, storage) in [("SQLiteStorage", tenYearsSQLite), ("PostgresStorage", tenYearsPostgres)]
            as [(String, any SampleStorage)]
        {
            var person = PersonYears(days: years * 365 + years / 4)
            _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
                var batch: [AnySample] = []
                for index in 0..<person.days {
                    batch += person.day(index)
                    if batch.count >= 20_000 || index == person.days - 1 {
                        _ = try await sink.write(BulkBatch(samples: batch)) { sample, _ in sample }
                        batch.removeAll(keepingCapacity: true)
                    }
                }
                return 0
            }
            let store = Self.store(storage)
            try await store.prepareStatistics(for: [.stepCount])
            var days = 0
            let seconds = try await measure(repetitions: 5) {
                days = try await Self.dailySteps(store, from: PersonYears.start, days: person.days).count
            }
            if name == "SQLiteStorage" { sqliteYears = seconds }
            report.add(
                "\(name): \(years) years of merged daily steps (\(days) days, slots prepared)", seconds: seconds,
                baseline: name == "SQLiteStorage" ? nil : sqliteYears)
        }

        // Scale in people: one person's queries with only them in the database, then with `people` people.
        let first = try postgres("p0")
        try await fill(first, samples: perPerson)
        let month = SyntheticSamples.start.addingTimeInterval(Double(perPerson / 4) * 300)
        let probe =
            SamplePredicate.type(.quantity(.stepCount)) && .date(start: month, end: month.addingTimeInterval(86_400))
        let firstStore = Self.store(first)
        func probeQueries() async throws -> (day: Double, month: Double) {
            let dayQuery = try await measure(repetitions: 30) {
                _ = try await first.samples(matching: SampleRequest(predicate: probe))
            }
            let monthStats = try await measure(repetitions: 10) {
                _ = try await Self.dailySteps(firstStore, from: month, days: 30)
            }
            return (dayQuery, monthStats)
        }
        let alone = try await probeQueries()
        for index in 1..<people { try await fill(try postgres("p\(index)"), samples: perPerson) }
        let crowded = try await probeQueries()
        report.add("PostgresStorage one-day query, 1 person × \(perPerson) in the database", seconds: alone.day)
        report.add(
            "PostgresStorage one-day query, same person, \(people) people × \(perPerson)", seconds: crowded.day,
            baseline: alone.day)
        report.add("PostgresStorage 30 daily step sums, 1 person in the database", seconds: alone.month)
        report.add(
            "PostgresStorage 30 daily step sums, same person, \(people) people", seconds: crowded.month,
            baseline: alone.month)

        // Concurrent readers: 8 clients, each a one-day query of a random person, for 10 seconds.
        let stores = try (0..<people).map { try postgres("p\($0)") }
        let (throughput, p50, p99) = try await Self.load(
            stores, clients: 8, seconds: 10, from: SyntheticSamples.start, samples: perPerson)
        print(
            "concurrent one-day queries, 8 clients over \(people) people: \(Int(throughput)) queries/s, "
                + "p50 \(String(format: "%.2f", p50 * 1000)) ms, p99 \(String(format: "%.2f", p99 * 1000)) ms")
        report.add("PostgresStorage concurrent one-day queries (8 clients, p99)", seconds: p99)
    }

    static func store(_ storage: any SampleStorage) -> HealthStore {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!  // safe: a fixed identifier
        let now = PersonYears.start
        return HealthStore(
            storage: storage, app: .healthApp, clock: ClosureClock { now }, calendar: utc, uuids: { UUID() })
    }

    static func dailySteps(_ store: HealthStore, from start: Date, days: Int) async throws -> [StatisticsResult] {
        let end = start.addingTimeInterval(Double(days) * 86_400)
        let collection = try await store.statisticsCollection(
            of: .stepCount, predicate: .date(start: start, end: end), options: .cumulativeSum, anchorDate: start,
            intervalComponents: DateComponents(day: 1))
        return collection.statistics()
    }

    static func fill(_ storage: PostgresStorage, samples: Int) async throws {
        _ = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
            for offset in stride(from: 0, to: samples, by: 10_000) {
                let batch = SyntheticSamples.samples(offset..<min(offset + 10_000, samples))
                _ = try await sink.write(BulkBatch(samples: batch)) { sample, _ in sample }
            }
            return 0
        }
    }

    /// Runs `clients` concurrent loops of one-day queries on random people for `seconds`: queries per second,
    /// median and 99th percentile latency.
    static func load(
        _ stores: [PostgresStorage], clients: Int, seconds: Double, from start: Date, samples: Int
    ) async throws -> (Double, Double, Double) {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(seconds * 1000))
        let latencies = try await withThrowingTaskGroup(of: [Double].self) { group in
            for client in 0..<clients {
                group.addTask {
                    var generator = SystemRandomNumberGenerator()
                    var mine: [Double] = []
                    _ = client
                    while clock.now < deadline {
                        let store = stores[Int.random(in: 0..<stores.count, using: &generator)]
                        let offset = Double(Int.random(in: 0..<max(1, samples / 300), using: &generator)) * 86_400
                        let day = start.addingTimeInterval(offset)
                        let predicate =
                            SamplePredicate.type(.quantity(.stepCount))
                            && .date(start: day, end: day.addingTimeInterval(86_400))
                        let began = clock.now
                        _ = try await store.samples(matching: SampleRequest(predicate: predicate))
                        let elapsed = clock.now - began
                        mine.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                    }
                    return mine
                }
            }
            var all: [Double] = []
            for try await part in group { all += part }
            return all.sorted()
        }
        guard !latencies.isEmpty else { return (0, 0, 0) }
        let p50 = latencies[latencies.count / 2]
        let p99 = latencies[min(latencies.count - 1, Int(Double(latencies.count) * 0.99))]
        return (Double(latencies.count) / seconds, p50, p99)
    }
}
