import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// `prepareStatistics(for:)` leaves the store's settings holding merged slots at the store's current anchor,
/// for cumulative types only, so the next process starts from them.
@Suite struct PrepareStatisticsTests {
    /// The anchor recorded in saved slots (bytes 4..<12 of the encoding), or nil when none are saved.
    static func savedAnchor(_ storage: any SampleStorage, _ store: HealthStore) async throws -> Int64? {
        let order = try await store.sourceOrder(for: .stepCount).bundleIdentifiers.joined(separator: ",")
        let key = "statistics.slots.v1|\(QuantityTypeIdentifier.stepCount.rawValue)|16|\(order)"
        guard let data = try await storage.setting(key), data.count >= 12 else { return nil }
        return data.subdata(in: 4..<12).withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
    }

    @Test func preparedSlotsFollowTheStoreAndServeAFreshCache() async throws {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let start = Fixtures.date(2024, 3, 25, in: calendar)
        let storage = InMemoryStorage()
        _ = try await storage.commit(
            StorageCommit(
                inserts: SlotCacheTests.samples(seed: 5, count: 300, from: start, uuids: UUIDSequence(start: 1))))
        let store = SlotCacheTests.store(storage, zone: "Europe/Berlin")
        #expect(try await Self.savedAnchor(storage, store) == nil, "nothing is prepared before asked")

        let prepared = try await store.prepareStatistics(for: [.heartRate, .stepCount, .bodyMass])
        #expect(prepared == [.stepCount], "discrete types are always swept, so only steps are prepared")
        #expect(try await Self.savedAnchor(storage, store) == storage.currentAnchor())

        // A few samples saved later: a query patches the slots in memory but does not save a small patch …
        _ = try await storage.commit(
            StorageCommit(
                inserts: SlotCacheTests.samples(seed: 6, count: 5, from: start, uuids: UUIDSequence(start: 5_000))))
        try await SlotCacheTests.expectSame(store, .all, anchor: start, DateComponents(day: 1), "patched")
        let before = try await storage.currentAnchor()
        #expect(try await Self.savedAnchor(storage, store) == before - 5)
        // … preparing saves the patched slots, and preparing again at the same anchor changes nothing.
        try await store.prepareStatistics(for: [.stepCount])
        #expect(try await Self.savedAnchor(storage, store) == before)
        try await store.prepareStatistics(for: [.stepCount])
        #expect(try await Self.savedAnchor(storage, store) == before)

        // The next process (a fresh cache) answers from the saved slots, equal to the sweep.
        let next = HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: calendar,
            uuids: { UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)) },
            statisticsCache: StatisticsCache())
        try await SlotCacheTests.expectSame(next, .all, anchor: start, DateComponents(hour: 1), "next process")
    }

    @Test func samplesSpanningMillenniaAreSweptNotSlotted() async throws {
        // One sample dated in year 1 and one in 9999 beside a normal month: slots for that span would take
        // gigabytes (an export built to hurt did exactly this), so the type keeps no slots and queries sweep.
        let start = Fixtures.date(2024, 3, 25, in: Fixtures.calendar())
        let storage = InMemoryStorage()
        let build = SampleBuilder(uuids: UUIDSequence(start: 7_000))
        let ancient = Fixtures.date(1, 1, 1, in: Fixtures.calendar())
        let far = Fixtures.date(9999, 12, 31, in: Fixtures.calendar())
        _ = try await storage.commit(
            StorageCommit(
                inserts: SlotCacheTests.samples(seed: 7, count: 200, from: start, uuids: UUIDSequence(start: 1))
                    + [
                        .quantity(build.steps(5, start: ancient, end: ancient.addingTimeInterval(60))),
                        .quantity(build.steps(5, start: far, end: far.addingTimeInterval(60))),
                    ]))
        let store = SlotCacheTests.store(storage, zone: "UTC")
        #expect(try await store.prepareStatistics(for: [.stepCount]) == [.stepCount])
        #expect(try await Self.savedAnchor(storage, store) == nil, "no slots are kept for such a span")
        #expect(store.statisticsCache.count == 0)
        try await SlotCacheTests.expectSame(
            store, .date(start: start, end: start.addingTimeInterval(14 * 86_400)), anchor: start,
            DateComponents(day: 1), "swept")
    }

    @Test func anEmptyStorePreparesEmptySlots() async throws {
        let storage = InMemoryStorage()
        let store = SlotCacheTests.store(storage, zone: "UTC")
        #expect(try await store.prepareStatistics(for: [.stepCount]) == [.stepCount])
        #expect(try await Self.savedAnchor(storage, store) == 0)
        let collection = try await store.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: Fixtures.date(2024, 1, 1, in: Fixtures.calendar()),
            intervalComponents: DateComponents(day: 1))
        #expect(collection.statistics().isEmpty)
    }
}
