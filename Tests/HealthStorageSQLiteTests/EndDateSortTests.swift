import Foundation
import HealthCore
import HealthSimulation
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// Fetches sorted by end date with a limit, which the store answers from the `(type_id, start_date)` index with
/// ``EndDateBound``'s bound (it keeps no end-date index: decision 0027), return exactly the samples a full sort
/// returns: long samples that end late, ties on the end date, several types with different longest spans.
@Suite("SQLite store: end-date sorts without an end-date index")
struct EndDateSortTests {
    static let day0 = Fixtures.date(2024, 1, 1)
    static let phone = Source(name: "Phone", bundleIdentifier: "com.apple.health.phone")

    /// 1,500 samples of three types over 60 days, in a random order: steps lasting up to three days, heart rates
    /// of no length, sleep up to 12 hours; one in ten ends on a shared minute (ties), some from a second source.
    static func samples() throws -> [AnySample] {
        var random = SplitMix64(seed: 27)
        let build = SampleBuilder()
        let beatsPerMinute = try HealthUnit(from: "count/min")
        return (0..<1_500).map { index in
            let start = day0.addingTimeInterval(random.nextUnit() * 60 * 86_400)
            let source: Source? = index.isMultiple(of: 4) ? phone : Fixtures.watch
            switch index % 3 {
            case 0:
                var length = random.nextUnit() < 0.05 ? random.nextUnit() * 3 * 86_400 : random.nextUnit() * 600
                if index.isMultiple(of: 10) {
                    // Ends on the day's first minute after it starts: many samples share that end.
                    let end = day0.addingTimeInterval((start.timeIntervalSince(day0) / 86_400).rounded(.up) * 86_400)
                    length = end.timeIntervalSince(start)
                }
                return .quantity(
                    build.steps(
                        Double(index), start: start, end: start.addingTimeInterval(length), source: source))
            case 1:
                return .quantity(
                    build.quantity(.heartRate, 60, beatsPerMinute, start: start, source: source))
            default:
                return .category(
                    build.category(
                        .sleepAnalysis, 1, start: start, end: start.addingTimeInterval(random.nextUnit() * 43_200),
                        source: source))
            }
        }
    }

    @Test func limitedEndDateSortsEqualAFullSort() async throws {
        let storage = try SQLiteStorage.temporary()
        let samples = try Self.samples()
        _ = try await storage.commit(StorageCommit(inserts: samples))
        // The reference: every sample of the predicate, sorted in memory by end date, then by anchor.
        let all = try await storage.samples(matching: SampleRequest(predicate: .all))
        let predicates: [SamplePredicate] = [
            .all,
            .type(.quantity(.stepCount)),
            .type(.quantity(.heartRate)),
            .types([.quantity(.stepCount), .category(.sleepAnalysis)]),
            .type(.quantity(.stepCount)) && .sources([Self.phone]),
            .type(.category(.sleepAnalysis)) && !.sources([Self.phone]),
        ]
        var compared = 0
        for predicate in predicates {
            let matching = all.filter { predicate.evaluate($0.sample) }
            for ascending in [false, true] {
                let sorted = matching.sorted {
                    let (a, b) = ($0.sample.endDate, $1.sample.endDate)
                    if a != b { return ascending ? a < b : a > b }
                    return $0.anchor < $1.anchor
                }
                for limit in [1, 2, 7, 50, 400, 5_000] {
                    let request = SampleRequest(
                        predicate: predicate, sort: [SampleSortOrder(.endDate, ascending: ascending)], limit: limit)
                    let fetched = try await storage.samples(matching: request)
                    #expect(
                        fetched.map(\.anchor) == sorted.prefix(limit).map(\.anchor),
                        "\(predicate), ascending \(ascending), limit \(limit)")
                    compared += 1
                }
            }
        }
        #expect(compared == 72)
        #expect(all.count == samples.count)
    }

    /// The newest sample of a type is read through a range of the start-date index, not a sort of every sample
    /// of the type; a strict end-date window has a range too.
    @Test func theNewestSampleIsARangeOfTheStartDateIndex() async throws {
        let storage = try SQLiteStorage.temporary()
        _ = try await storage.commit(StorageCommit(inserts: try Self.samples()))
        let newest = try storage.queryPlan(
            SampleRequest(
                predicate: .type(.quantity(.heartRate)), sort: [SampleSortOrder(.endDate, ascending: false)], limit: 1)
        )
        #expect(
            newest.contains { $0.contains("samples_by_type_start (type_id=? AND start_date>?)") }, "\(newest)")
        let oldest = try storage.queryPlan(
            SampleRequest(
                predicate: .type(.quantity(.heartRate)), sort: [SampleSortOrder(.endDate, ascending: true)], limit: 1))
        #expect(oldest.contains { $0.contains("samples_by_type_start (type_id=? AND start_date<?)") }, "\(oldest)")
        let strict = try storage.queryPlan(
            SampleRequest(
                predicate: .type(.quantity(.heartRate))
                    && .date(
                        start: Self.day0, end: Self.day0.addingTimeInterval(86_400),
                        options: [.strictStartDate, .strictEndDate])
            ))
        #expect(
            strict.contains { $0.contains("samples_by_type_start (type_id=? AND start_date>? AND start_date<?)") },
            "\(strict)")
    }
}
