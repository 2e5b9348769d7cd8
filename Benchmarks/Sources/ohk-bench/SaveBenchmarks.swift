import Foundation
import HealthCore
import HealthQuery
import HealthStorageSQLite

/// The in-process side of the server's batch-save benchmark (Benchmarks/server/run.py): HealthStore.save of
/// batches of 100 step samples — validation, authorization, one transaction each — on a SQLite file store, the
/// same batch shape the HTTP benchmark posts.
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
    }
}

/// A clock that stands still.
struct FixedClock: HealthClock {
    let now: Date
    init(_ now: Date) { self.now = now }
}
