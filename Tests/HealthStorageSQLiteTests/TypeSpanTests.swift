import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// The `type_spans` lower bound on `start_date` never hides a long sample from an overlap query.
@Suite struct TypeSpanTests {
    let build = SampleBuilder()
    let day0 = Fixtures.date(2024, 3, 1)

    private func hours(_ h: Double) -> Date { day0.addingTimeInterval(h * 3_600) }

    @Test func longSamplesStillOverlapWindowsFarAfterTheirStart() async throws {
        let path = try TemporaryDirectory.file("spans.sqlite")
        var storage = try SQLiteStorage(path: path)
        let short = build.steps(10, start: hours(70), end: hours(70.1))
        let long = build.steps(5_000, start: hours(0), end: hours(90))  // 3.75 days, under stepCount's 4-day limit
        let sleep = build.category(.sleepAnalysis, 1, start: hours(60), end: hours(72))
        _ = try await storage.commit(StorageCommit(inserts: [.quantity(short), .quantity(long), .category(sleep)]))
        let window = SamplePredicate.date(start: hours(80), end: hours(81))
        func stepsIn(_ predicate: SamplePredicate) async throws -> Set<UUID> {
            Set(try await storage.samples(matching: SampleRequest(predicate: predicate)).map(\.sample.uuid))
        }
        #expect(try await stepsIn(.type(.quantity(.stepCount)) && window) == [long.uuid])
        #expect(try await stepsIn(window) == [long.uuid])
        #expect(
            try await stepsIn(.type(.category(.sleepAnalysis)) && .date(start: hours(71), end: hours(80))) == [
                sleep.uuid
            ])
        // The bound is per type: sleep's shorter span must not cut off the long step sample in a mixed query.
        let mixed =
            SamplePredicate.types([.quantity(.stepCount), .category(.sleepAnalysis)])
            && .date(start: hours(71), end: hours(80))
        #expect(try await stepsIn(mixed) == [sleep.uuid, long.uuid])
        // Spans survive a reopen, and deleting the long sample never makes the bound too tight for later inserts.
        try storage.close()
        storage = try SQLiteStorage(path: path)
        #expect(try await stepsIn(.type(.quantity(.stepCount)) && window) == [long.uuid])
        _ = try await storage.commit(StorageCommit(deletions: [long.uuid]))
        let later = build.steps(7, start: hours(10), end: hours(85))
        _ = try await storage.commit(StorageCommit(inserts: [.quantity(later)]))
        #expect(try await stepsIn(.type(.quantity(.stepCount)) && window) == [later.uuid])
        try storage.close()
    }
}
