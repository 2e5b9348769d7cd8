import ExampleTestSupport
import Foundation
import HealthKit
import Testing

@testable import StepCounter

/// Los Angeles, 2025-06-02 … 2025-06-06: five days carried by an iPhone and worn on an Apple Watch.
private let losAngeles = ExampleStores.calendar("America/Los_Angeles")
private let days = (2...6).map { ExampleStores.date(2025, 6, $0, in: losAngeles) }
private let now = ExampleStores.date(2025, 6, 7, 9, in: losAngeles)

private func configuration(
    _ backend: Backend, authorization: HKHealthStore.Configuration.Authorization = .grantAll
) -> HKHealthStore.Configuration {
    ExampleStores.configuration(
        backend, app: ExampleStores.app("StepCounter"), authorization: authorization, calendar: losAngeles
    ) { now }
}

private func fillPhoneAndWatchDays(_ store: HKHealthStore, _ which: [Date] = days) async throws {
    for (index, day) in which.enumerated() {
        try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: UInt64(100 + index))
    }
}

private func counter(_ store: HKHealthStore, _ historyPath: String) -> StepCounter {
    StepCounter(store: store, history: StepHistoryFile(url: URL(fileURLWithPath: historyPath)), calendar: losAngeles)
}

/// What the Health app shows, computed here from the raw samples: per local day, every watch sample in full and
/// each phone sample only for the part of its interval no watch sample covers (a uniform rate over it).
private func mergedAndSummed(
    _ store: HKHealthStore
) async throws -> (merged: [String: Double], summed: [String: Double]) {
    let samples = try await HKSampleQueryDescriptor(
        predicates: [.quantitySample(type: StepCounter.steps)], sortDescriptors: []
    ).result(for: store)
    let isWatch = { (sample: HKQuantitySample) in sample.sourceRevision.productType?.hasPrefix("Watch") == true }
    let watch = samples.filter(isWatch)
    var merged: [String: Double] = [:]
    var summed: [String: Double] = [:]
    for sample in samples {
        let key = dayKey(sample.startDate)
        let steps = sample.quantity.doubleValue(for: .count())
        summed[key, default: 0] += steps
        if isWatch(sample) {
            merged[key, default: 0] += steps
            continue
        }
        let length = sample.endDate.timeIntervalSince(sample.startDate)
        let covered = coveredSeconds(from: sample.startDate, to: sample.endDate, by: watch)
        merged[key, default: 0] += steps * (length - covered) / length
    }
    return (merged, summed)
}

/// Seconds of `[start, end)` covered by the union of the samples' intervals.
private func coveredSeconds(from start: Date, to end: Date, by samples: [HKQuantitySample]) -> TimeInterval {
    let pieces = samples.compactMap { sample -> (Date, Date)? in
        let from = max(start, sample.startDate)
        let to = min(end, sample.endDate)
        return from < to ? (from, to) : nil
    }.sorted { $0.0 < $1.0 }
    var seconds: TimeInterval = 0
    var reached = start
    for (from, to) in pieces where to > reached {
        seconds += to.timeIntervalSince(max(from, reached))
        reached = to
    }
    return seconds
}

private func dayKey(_ date: Date) -> String {
    let parts = losAngeles.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
}

private func history(_ counter: StepCounter) async throws -> [String: Double] {
    Dictionary(uniqueKeysWithValues: try await counter.recordedDays().map { ($0.day, $0.steps) })
}

@Suite struct StepCounterTests {
    @Test(arguments: Backend.allCases)
    func daysEqualTheMergedNotSummedPhoneAndWatchTotals(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            try await fillPhoneAndWatchDays(store)
            let counter = counter(store, ExampleStores.temporaryPath("json"))

            let result = try await counter.sync(now: now)
            let recorded = try await history(counter)
            let expected = try await mergedAndSummed(store)

            #expect(result == .updated(days: days.map(dayKey)))
            #expect(recorded.keys.sorted() == days.map(dayKey))
            for (day, steps) in recorded {
                let merged = try #require(expected.merged[day])
                let summed = try #require(expected.summed[day])
                #expect(abs(steps - merged) < 1e-6 * merged, "\(day): \(steps) vs merged \(merged)")
                #expect(summed - steps > 100, "\(day): the phone and the watch counted the same steps twice")
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func historyIsUpsertedByDayAndSurvivesARestart(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let path = ExampleStores.temporaryPath("json")
            try await fillPhoneAndWatchDays(store, Array(days.prefix(3)))
            _ = try await counter(store, path).sync(now: now)
            let before = try await history(counter(store, path))

            // Two more days land, then the app restarts with a new counter on the same file.
            try await fillPhoneAndWatchDays(store, Array(days.suffix(2)))
            let restarted = counter(store, path)
            _ = try await restarted.sync(now: now)
            _ = try await restarted.sync(now: now)
            let after = try await history(restarted)

            #expect(before.count == 3)
            #expect(after.count == 5)
            for (day, steps) in before { #expect(after[day] == steps) }
            let file = try String(contentsOfFile: path, encoding: .utf8)
            #expect(file.components(separatedBy: dayKey(days[0])).count == 2)
        }
    }

    @Test(arguments: Backend.allCases)
    func revokingReadKeepsTheHistoryAndReportsIt(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let path = ExampleStores.temporaryPath("json")
            try await fillPhoneAndWatchDays(store, Array(days.prefix(4)))
            let counter = counter(store, path)
            _ = try await counter.sync(now: now)
            let kept = try await history(counter)

            // The person turns reading steps off in Settings; a day lands meanwhile.
            try await store.setAuthorization(for: StepCounter.steps, share: nil, read: false)
            try await fillPhoneAndWatchDays(store, Array(days.suffix(1)))
            #expect(try await counter.sync(now: now) == .stepsNotVisible)
            #expect(try await history(counter) == kept)

            // And back on: the day that landed meanwhile is picked up.
            try await store.setAuthorization(for: StepCounter.steps, share: nil, read: true)
            #expect(try await counter.sync(now: now) == .updated(days: days.map(dayKey)))
            let expected = try await mergedAndSummed(store).merged
            let recorded = try await history(counter)
            #expect(recorded.count == 5)
            for (day, steps) in recorded { #expect(abs(steps - (expected[day] ?? 0)) < 1e-6 * steps) }
        }
    }

    @Test(arguments: Backend.allCases)
    func aPersonWhoFirstSaysNoCanSayYesLater(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend, authorization: .denyAll)) { store in
            try await fillPhoneAndWatchDays(store)
            let counter = counter(store, ExampleStores.temporaryPath("json"))
            #expect(try await counter.sync(now: now) == .nothingYet)
            #expect(try await counter.recordedDays().isEmpty)

            try await store.setAuthorization(for: StepCounter.steps, share: nil, read: true)
            #expect(try await counter.sync(now: now) == .updated(days: days.map(dayKey)))
        }
    }
}
