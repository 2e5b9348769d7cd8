import Foundation
import HealthCore
import HealthSimulation
import HealthStorage
import HealthTesting
import Testing

@testable import HealthQuery

/// Discrete collections (minimum, maximum, average by style, most recent; merged and per source) answered from
/// the per-slot aggregates equal the ones swept from the samples — for every style, bucket size, time zone and
/// window, with instants, durations inside a slot and durations over slot edges — and stay equal as samples
/// are added and deleted.
@Suite struct DiscreteSlotCacheTests {
    static let sources = [Fixtures.watch, Fixtures.phone, Fixtures.app]

    /// Ten days of random quantities from three sources: mostly instants a few minutes apart (a watch's heart
    /// rate), some within a slot, some reaching over slot edges, some at the same instant from two sources.
    static func samples(
        _ type: QuantityTypeIdentifier, unit: String, seed: UInt64, count: Int, from start: Date,
        uuids: UUIDSequence, durations: Bool = true
    ) -> [AnySample] {
        var random = SplitMix64(seed: seed)
        let build = SampleBuilder(uuids: uuids)
        let unit = (try? HealthUnit(from: unit)) ?? .count()
        return (0..<count).map { _ in
            // Whole minutes, so several sources share instants and slot edges.
            let begin = start.addingTimeInterval(Double(random.nextInt(in: 0...(10 * 1_440))) * 60)
            let seconds = durations ? [0, 0, 0, 0, 0, 30, 240, 900, 2_000][random.nextInt(in: 0...8)] : 0
            let source = sources[random.nextInt(in: 0...2)]
            return .quantity(
                build.quantity(
                    type, Double(random.nextInt(in: 40...180)), unit, start: begin,
                    end: begin.addingTimeInterval(Double(seconds)), source: source))
        }
    }

    static let allOptions: [StatisticsOptions] = [
        [.discreteAverage, .discreteMin, .discreteMax, .mostRecent],
        [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource],
    ]

    /// The same collection through the slots (`window`) and swept (the window with a redundant type
    /// condition, which the slots do not take).
    static func expectSame(
        _ store: HealthStore, _ type: QuantityTypeIdentifier, _ window: SamplePredicate, anchor: Date,
        _ interval: DateComponents, _ label: String
    ) async throws {
        for options in allOptions {
            let cached = try await store.statisticsCollection(
                of: type, predicate: window, options: options, anchorDate: anchor, intervalComponents: interval
            ).statistics()
            let swept = try await store.statisticsCollection(
                of: type, predicate: .type(.quantity(type)) && window, options: options, anchorDate: anchor,
                intervalComponents: interval
            ).statistics()
            #expect(cached.count == swept.count, "\(label): bucket count")
            #expect(!swept.isEmpty, "\(label): the data fills some buckets")
            for (a, b) in zip(cached, swept) {
                let at = "\(label) at \(b.startDate)"
                #expect(a.startDate == b.startDate && a.endDate == b.endDate, "\(at): bucket")
                expectClose(a.merged, b.merged, at)
                #expect(a.sources == b.sources, "\(at): sources")
                #expect(Set(a.bySource.keys) == Set(b.bySource.keys), "\(at): per-source keys")
                for (source, values) in b.bySource {
                    if let mine = a.bySource[source] { expectClose(mine, values, "\(at) \(source)") }
                }
            }
        }
    }

    static func expectClose(_ a: StatisticsValues, _ b: StatisticsValues, _ label: String) {
        func close(_ x: Double?, _ y: Double?) -> Bool {
            guard let x, let y else { return x == nil && y == nil }
            return abs(x - y) <= 1e-9 * max(1, abs(y))
        }
        #expect(
            close(a.average, b.average),
            "\(label): average \(String(describing: a.average)) vs \(String(describing: b.average))")
        #expect(a.minimum == b.minimum, "\(label): minimum")
        #expect(a.maximum == b.maximum, "\(label): maximum")
        #expect(a.mostRecent == b.mostRecent, "\(label): most recent")
        #expect(a.mostRecentInterval == b.mostRecentInterval, "\(label): most recent interval")
    }

    static func store(_ storage: any SampleStorage, zone: String) -> HealthStore {
        let uuids = UUIDSequence(start: 90_000)
        return HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: Fixtures.calendar(zone),
            uuids: { uuids.next() })
    }

    @Test(arguments: [
        (QuantityTypeIdentifier.heartRate, "count/min"), (.bodyMass, "kg"), (.environmentalAudioExposure, "dBASPL"),
    ])
    func slotsEqualSweptForEveryStyle(type: QuantityTypeIdentifier, unit: String) async throws {
        for zone in ["UTC", "America/New_York", "Asia/Kathmandu"] {
            let calendar = Fixtures.calendar(zone)
            // Ten days across New York's daylight-saving change.
            let start = Fixtures.date(2024, 3, 5, in: calendar)
            let storage = InMemoryStorage()
            let samples = Self.samples(
                type, unit: unit, seed: 5, count: 1_500, from: start, uuids: UUIDSequence(start: 1))
            _ = try await storage.commit(StorageCommit(inserts: samples))
            let store = Self.store(storage, zone: zone)
            let aligned = calendar.date(byAdding: .day, value: 2, to: start) ?? start
            let windows: [(String, SamplePredicate)] = [
                ("all", .all),
                ("whole days", .date(start: aligned, end: aligned.addingTimeInterval(4 * 86_400))),
                ("odd times", .date(start: aligned.addingTimeInterval(607), end: aligned.addingTimeInterval(300_000))),
            ]
            for interval in [DateComponents(hour: 1), DateComponents(day: 1), DateComponents(day: 7)] {
                for (name, window) in windows {
                    try await Self.expectSame(
                        store, type, window, anchor: start, interval, "\(type.rawValue) \(zone) \(interval) \(name)")
                }
            }
            #expect(store.statisticsCache.discreteCount == 1, "one type, one set of slots")
        }
    }

    @Test func instantsAreAnsweredFromTheSlotsAlone() throws {
        let start = Fixtures.date(2024, 6, 1, in: Fixtures.calendar())
        let inputs = try Self.samples(
            .heartRate, unit: "count/s", seed: 9, count: 2_000, from: start, uuids: UUIDSequence(start: 1),
            durations: false
        ).compactMap { sample -> StatisticsInput? in
            guard case .quantity(let quantity) = sample else { return nil }
            return StatisticsInput(
                sourceBundleIdentifier: quantity.sourceRevision?.source.bundleIdentifier ?? "",
                start: quantity.startDate, end: quantity.endDate,
                value: try quantity.quantity.doubleValue(for: HealthUnit(from: "count/s")),
                uuid: quantity.uuid)
        }
        let first = MergedSlots.slot(exactly: start) ?? 0
        let range = first..<(first + 10 * 96)
        let (entries, names) = DiscreteSlots.entries(of: inputs, style: .discreteTemporallyWeighted, slots: range)
        var slots = DiscreteSlots(anchor: 0)
        slots.replace(range, with: entries, sourceNames: names)
        let computation = try StatisticsComputation(
            type: .heartRate, options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource],
            sourceOrder: SourceOrder([Fixtures.phone.bundleIdentifier]))
        let ranks = slots.sources.map(computation.sourceOrder.rank(of:))
        let days = (0...10).map { MergedSlots.start(ofSlot: first + $0 * 96) }
        let swept = try computation.statistics(of: inputs, boundaries: days)
        for day in 0..<10 {
            guard
                case .result(let result) = slots.answer(
                    (first + day * 96)..<(first + (day + 1) * 96), computation, ranks: ranks),
                let expected = swept[day]
            else {
                Issue.record("day \(day) is not answered from the slots")
                continue
            }
            Self.expectClose(result.merged, expected.merged, "day \(day)")
            #expect(result.sources == expected.sources, "day \(day): sources in priority order")
            for (source, values) in expected.bySource {
                Self.expectClose(result.bySource[source] ?? StatisticsValues(), values, "day \(day) \(source)")
            }
        }
    }

    @Test func theSlotsFollowAddsAndDeletes() async throws {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let start = Fixtures.date(2024, 10, 22, in: calendar)
        let storage = InMemoryStorage()
        let first = Self.samples(
            .heartRate, unit: "count/min", seed: 11, count: 1_000, from: start, uuids: UUIDSequence(start: 1))
        _ = try await storage.commit(StorageCommit(inserts: first))
        let store = Self.store(storage, zone: "Europe/Berlin")
        let day = DateComponents(day: 1)
        let hour = DateComponents(hour: 1)
        let firstDays = SamplePredicate.date(start: start, end: start.addingTimeInterval(4 * 86_400))
        try await Self.expectSame(store, .heartRate, firstDays, anchor: start, hour, "first days")
        // Another process adds samples over the held slots and after them.
        let more = Self.samples(
            .heartRate, unit: "count/min", seed: 12, count: 400, from: start.addingTimeInterval(2 * 86_400),
            uuids: UUIDSequence(start: 5_000))
        _ = try await storage.commit(StorageCommit(inserts: more))
        try await Self.expectSame(store, .heartRate, firstDays, anchor: start, hour, "after adding")
        try await Self.expectSame(store, .heartRate, .all, anchor: start, day, "after adding, every day")
        // Through the store, before every held slot.
        let earlier = Self.samples(
            .heartRate, unit: "count/min", seed: 13, count: 80, from: start.addingTimeInterval(-3 * 86_400),
            uuids: UUIDSequence(start: 9_000))
        _ = try await store.save(earlier)
        try await Self.expectSame(store, .heartRate, .all, anchor: start, hour, "after saving earlier days")
        try await store.delete(Array(first.prefix(300)))
        try await Self.expectSame(store, .heartRate, .all, anchor: start, day, "after deleting")
        #expect(store.statisticsCache.discreteCount == 1)
    }

    @Test func anAppThatMayNotReadIsNotAnsweredFromTheSlots() async throws {
        let start = Fixtures.date(2024, 1, 1, in: Fixtures.calendar())
        let storage = InMemoryStorage()
        _ = try await storage.commit(
            StorageCommit(
                inserts: Self.samples(
                    .heartRate, unit: "count/min", seed: 3, count: 300, from: start, uuids: UUIDSequence(start: 1))))
        let health = Self.store(storage, zone: "UTC")
        let all = try await health.statisticsCollection(
            of: .heartRate, options: [.discreteMax], anchorDate: start, intervalComponents: DateComponents(day: 1))
        #expect(all.statistics().count >= 10)
        let app = health.store(for: Apps.steps, policy: .denyAll)
        try await app.requestAuthorization(toShare: [.quantity(.heartRate)], read: [.quantity(.heartRate)])
        let mine = try await app.statisticsCollection(
            of: .heartRate, options: [.discreteMax], anchorDate: start, intervalComponents: DateComponents(day: 1))
        #expect(mine.statistics().isEmpty, "no own samples, nothing to see")
    }
}
