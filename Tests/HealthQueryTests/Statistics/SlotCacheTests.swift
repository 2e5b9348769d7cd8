import Foundation
import HealthCore
import HealthQuery
import HealthSimulation
import HealthStorage
import HealthTesting
import Testing

/// Cumulative-sum collections answered from the merged-slot cache equal the ones swept from the samples, for
/// every bucket size, time zone and window, and stay equal as samples are added, deleted and reordered.
@Suite struct SlotCacheTests {
    static let sources = [Fixtures.watch, Fixtures.phone, Fixtures.app]

    /// Ten days of random overlapping samples from three sources: odd minutes, instants, long samples.
    static func samples(seed: UInt64, count: Int, from start: Date, uuids: UUIDSequence) -> [AnySample] {
        var random = SplitMix64(seed: seed)
        let build = SampleBuilder(uuids: uuids)
        return (0..<count).map { _ in
            let begin = start.addingTimeInterval(Double(random.nextInt(in: 0...(10 * 1_440))) * 60 + 7)
            let minutes = [0, 1, 3, 10, 17, 45, 130, 600][random.nextInt(in: 0...7)]
            let source = sources[random.nextInt(in: 0...2)]
            return .quantity(
                build.steps(
                    Double(random.nextInt(in: 0...900)), start: begin,
                    end: begin.addingTimeInterval(Double(minutes) * 60), source: source))
        }
    }

    /// The same collection through the cache (`predicate`) and swept (the predicate with a redundant type
    /// condition, which the cache does not take).
    static func expectSame(
        _ store: HealthStore, _ window: SamplePredicate, anchor: Date, _ interval: DateComponents,
        _ label: String
    ) async throws {
        let cached = try await store.statisticsCollection(
            of: .stepCount, predicate: window, options: .cumulativeSum, anchorDate: anchor,
            intervalComponents: interval
        ).statistics()
        let swept = try await store.statisticsCollection(
            of: .stepCount, predicate: .type(.quantity(.stepCount)) && window, options: .cumulativeSum,
            anchorDate: anchor, intervalComponents: interval
        ).statistics()
        #expect(cached.count == swept.count, "\(label): bucket count")
        for (a, b) in zip(cached, swept) {
            #expect(a.startDate == b.startDate && a.endDate == b.endDate, "\(label): bucket at \(b.startDate)")
            let x = a.merged.sum ?? -1
            let y = b.merged.sum ?? -2
            #expect(abs(x - y) <= 1e-9 * max(1, abs(y)), "\(label): sum at \(b.startDate)")
        }
        #expect(!swept.isEmpty, "\(label): the data fills some buckets")
    }

    static func store(_ storage: any SampleStorage, zone: String) -> HealthStore {
        let uuids = UUIDSequence(start: 90_000)
        return HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: Fixtures.calendar(zone),
            uuids: { uuids.next() })
    }

    @Test(arguments: ["UTC", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe"])
    func cachedEqualsSweptEverywhere(zone: String) async throws {
        let calendar = Fixtures.calendar(zone)
        // Ten days across a daylight-saving change where the zone has one.
        let start = Fixtures.date(2024, 3, 5, in: calendar)
        let storage = InMemoryStorage()
        _ = try await storage.commit(
            StorageCommit(inserts: Self.samples(seed: 7, count: 500, from: start, uuids: UUIDSequence(start: 1))))
        let store = Self.store(storage, zone: zone)
        let intervals = [
            DateComponents(hour: 1), DateComponents(day: 1), DateComponents(day: 7), DateComponents(month: 1),
        ]
        let aligned = calendar.date(byAdding: .day, value: 2, to: start) ?? start
        let windows: [(String, SamplePredicate)] = [
            ("all", .all),
            ("whole days", .date(start: aligned, end: aligned.addingTimeInterval(4 * 86_400))),
            ("odd times", .date(start: aligned.addingTimeInterval(607), end: aligned.addingTimeInterval(300_000))),
            ("open end", .date(start: aligned, end: nil)),
        ]
        for interval in intervals {
            for (name, window) in windows {
                try await Self.expectSame(store, window, anchor: start, interval, "\(zone) \(interval) \(name)")
            }
        }
        #expect(store.statisticsCache.count == 1, "one computation, cached")
        // An anchor off the quarter-hour grid is swept, with the same answers.
        try await Self.expectSame(
            store, .all, anchor: start.addingTimeInterval(7 * 60), DateComponents(hour: 1), "\(zone) off grid")
    }

    @Test func theCacheFollowsAddsDeletesAndReordering() async throws {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let start = Fixtures.date(2024, 10, 22, in: calendar)
        let storage = InMemoryStorage()
        let first = Self.samples(seed: 11, count: 800, from: start, uuids: UUIDSequence(start: 1))
        _ = try await storage.commit(StorageCommit(inserts: first))
        let store = Self.store(storage, zone: "Europe/Berlin")
        let day = DateComponents(day: 1)
        let hour = DateComponents(hour: 1)
        try await Self.expectSame(store, .all, anchor: start, day, "initial")
        // Samples added behind the store's back (another process) overlap held slots and extend them.
        let more = Self.samples(
            seed: 12, count: 300, from: start.addingTimeInterval(5 * 86_400), uuids: UUIDSequence(start: 5_000))
        _ = try await storage.commit(StorageCommit(inserts: more))
        try await Self.expectSame(store, .all, anchor: start, day, "after adding")
        try await Self.expectSame(store, .all, anchor: start, hour, "after adding, hourly")
        // Through the store, as apps do.
        let later = Self.samples(
            seed: 13, count: 50, from: start.addingTimeInterval(-3 * 86_400), uuids: UUIDSequence(start: 9_000))
        _ = try await store.save(later)
        try await Self.expectSame(store, .all, anchor: start, hour, "after saving earlier days")
        // Deletions.
        try await store.delete(Array(first.prefix(200)))
        try await Self.expectSame(store, .all, anchor: start, day, "after deleting")
        // The person reorders the sources: the app now wins over both devices.
        try await store.setSourceOrder(
            [Fixtures.app.bundleIdentifier, Fixtures.phone.bundleIdentifier, Fixtures.watch.bundleIdentifier],
            for: .stepCount)
        try await Self.expectSame(store, .all, anchor: start, day, "after reordering")
        #expect(store.statisticsCache.count == 2, "one entry per source order")
    }

    @Test func slotsSavedByOneProcessServeTheNextAfterItsChanges() async throws {
        let calendar = Fixtures.calendar("America/New_York")
        let start = Fixtures.date(2024, 3, 1, in: calendar)
        let storage = InMemoryStorage()
        _ = try await storage.commit(
            StorageCommit(inserts: Self.samples(seed: 21, count: 400, from: start, uuids: UUIDSequence(start: 1))))
        let first = Self.store(storage, zone: "America/New_York")
        try await Self.expectSame(first, .all, anchor: start, DateComponents(day: 1), "first process")
        let order = try await first.sourceOrder(for: .stepCount).bundleIdentifiers.joined(separator: ",")
        let key = "statistics.slots.v1|\(QuantityTypeIdentifier.stepCount.rawValue)|16|\(order)"
        let saved = try await storage.setting(key)
        #expect((saved?.count ?? 0) > 960 * 8, "ten days of slots are saved with the store")
        // Another process writes, then a third one (a fresh cache) reads the saved slots and patches them.
        _ = try await storage.commit(
            StorageCommit(
                inserts: Self.samples(
                    seed: 22, count: 100, from: start.addingTimeInterval(86_400), uuids: UUIDSequence(start: 7_000))))
        let next = HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: calendar,
            uuids: { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)) },
            statisticsCache: StatisticsCache())
        try await Self.expectSame(next, .all, anchor: start, DateComponents(hour: 1), "next process")
        #expect(next.statisticsCache.count == 1)
        // Unreadable saved bytes are rebuilt, never trusted.
        try await storage.setSetting(key, Data([1, 2, 3]))
        _ = try await storage.commit(
            StorageCommit(
                inserts: Self.samples(seed: 23, count: 20, from: start, uuids: UUIDSequence(start: 8_000))))
        let third = Self.store(storage, zone: "America/New_York")
        try await Self.expectSame(third, .all, anchor: start, DateComponents(day: 1), "after corrupt bytes")
        #expect((try await storage.setting(key)?.count ?? 0) > 960 * 8, "rebuilt and saved again")
    }

    @Test func anAppThatMayNotReadSeesOnlyItsOwnSamplesThroughTheCache() async throws {
        let calendar = Fixtures.calendar()
        let start = Fixtures.date(2024, 1, 1, in: calendar)
        let storage = InMemoryStorage()
        _ = try await storage.commit(
            StorageCommit(inserts: Self.samples(seed: 3, count: 200, from: start, uuids: UUIDSequence(start: 1))))
        let health = Self.store(storage, zone: "UTC")
        let all = try await health.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: start, intervalComponents: DateComponents(day: 1))
        #expect(all.statistics().count >= 10)
        let app = health.store(for: Apps.steps, policy: .denyAll)
        try await app.requestAuthorization(toShare: [.quantity(.stepCount)], read: [.quantity(.stepCount)])
        let mine = try await app.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: start, intervalComponents: DateComponents(day: 1))
        #expect(mine.statistics().isEmpty, "no own samples, nothing to see")
    }
}
