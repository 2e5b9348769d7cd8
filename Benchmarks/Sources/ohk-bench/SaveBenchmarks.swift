import Foundation
import GRDBSQLite
import HealthCore
import HealthQuery
import HealthStorageSQLite

/// The in-process side of the server's batch-save benchmark (Benchmarks/server/run.py): HealthStore.save of
/// batches of 100 step samples — validation, authorization, one transaction each — on a SQLite file store, the
/// same batch shape the HTTP benchmark posts. Then saves of one sample each into a file of the store's page size
/// (`SQLiteStorage.pageSize`) and into one made with SQLite's default 4 KiB pages, alternated (decision 0025): a
/// one-sample commit writes whole pages to the log.
enum SaveBenchmarks {
    static func run(batches: Int, report: inout Report) async throws {
        let dir = try temporaryDirectory("save")
        defer { removeUnlessKept(dir) }
        let start = Date(timeIntervalSince1970: 1_748_736_000)  // 2025-06-01T00:00:00Z
        func batch(_ number: Int) -> [AnySample] {
            (0..<100).map { k in
                let begin = start.addingTimeInterval(Double(number * 100 + k) * 60)
                return .quantity(
                    QuantitySample(
                        uuid: UUID(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: Double(10 + k)),
                        start: begin, end: begin.addingTimeInterval(60), sourceRevision: nil))
            }
        }
        var run = 0
        func saveAll() async throws {
            run += 1
            let storage = try SQLiteStorage(path: dir.appendingPathComponent("save-\(run).sqlite").path)
            let store = HealthStore(
                storage: storage, app: .owner(bundleIdentifier: "org.openhealthkit.bench", name: "bench"),
                clock: FixedClock(Date(timeIntervalSince1970: 1_780_000_000)),
                calendar: Calendar(identifier: .gregorian),
                uuids: { UUID() })
            for number in 0..<batches { _ = try await store.save(batch(number)) }
        }
        let seconds = try await measure(repetitions: 3) { try await saveAll() }
        report.add(
            "HealthStore.save in process, \(batches) batches of 100 (SQLite file)", seconds: seconds,
            items: batches * 100)

        // One sample per save, the two page sizes alternated in one run.
        // Four times as many saves as batches, in whole batches of 100, at least one batch.
        let samples = (0..<max(1, batches * 4 / 100)).flatMap { batch($0) }
        var seconds4K: [Double] = []
        var secondsOwn: [Double] = []
        for _ in 0..<3 {
            for pageSize in [4_096, SQLiteStorage.pageSize] {
                run += 1
                let path = dir.appendingPathComponent("single-\(run).sqlite").path
                if pageSize == 4_096 { try makeFile(path, pageSize: 4_096) }
                let store = HealthStore(
                    storage: try SQLiteStorage(path: path),
                    app: .owner(bundleIdentifier: "org.openhealthkit.bench", name: "bench"),
                    clock: FixedClock(Date(timeIntervalSince1970: 1_780_000_000)),
                    calendar: Calendar(identifier: .gregorian), uuids: { UUID() })
                let began = Date()
                for sample in samples { _ = try await store.save([sample]) }
                let elapsed = Date().timeIntervalSince(began)
                if pageSize == 4_096 { seconds4K.append(elapsed) } else { secondsOwn.append(elapsed) }
            }
        }
        let baseline = seconds4K.sorted()[1]
        report.add(
            "HealthStore.save in process, \(samples.count) saves of 1 sample, 4 KiB pages (median of 3)",
            seconds: baseline, items: samples.count)
        report.add(
            "HealthStore.save in process, \(samples.count) saves of 1 sample, \(SQLiteStorage.pageSize / 1_024) KiB "
                + "pages (median of 3)", seconds: secondsOwn.sorted()[1], items: samples.count, baseline: baseline)
    }

    /// An empty database file in WAL mode with `pageSize`-byte pages, as SQLite's default made every store before
    /// decision 0025: the store keeps an existing file's page size.
    private static func makeFile(_ path: String, pageSize: Int) throws {
        var db: OpaquePointer?
        guard sqlite3_open(path, &db) == SQLITE_OK, let db else { throw SQLiteFloor.FloorError("open \(path)") }
        defer { sqlite3_close(db) }
        guard sqlite3_exec(db, "PRAGMA page_size = \(pageSize); PRAGMA journal_mode = WAL", nil, nil, nil) == SQLITE_OK
        else { throw SQLiteFloor.FloorError("page size of \(path)") }
    }
}

/// A clock that stands still.
struct FixedClock: HealthClock {
    let now: Date
    init(_ now: Date) { self.now = now }
}
