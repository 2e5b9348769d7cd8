import Foundation
import HealthCore
import HealthQuery
import HealthSimulation
import HealthStorage
import HealthTesting
import Testing

/// The statistics and collection queries through HealthStore: storage, authorization, source order, chunking.
@Suite struct StoreStatisticsTests {
    let t9 = Fixtures.date(2024, 3, 1, 9)
    func at(_ minutes: Double) -> Date { t9.addingTimeInterval(minutes * 60) }

    func steps(_ value: Double, _ from: Double, _ to: Double, _ source: Source, id: UInt64) -> AnySample {
        .quantity(
            QuantitySample(
                uuid: UUIDSequence.uuid(id), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: value),
                start: at(from), end: at(to),
                sourceRevision: SourceRevision(
                    source: source, productType: source == Fixtures.watch ? "Watch6,1" : "iPhone16,2")))
    }

    func healthStore() -> HealthStore { makeStore(app: .healthApp) }

    @Test func e1MergedByDefaultOrderAndE2WithTheOrderReversed() async throws {
        let store = healthStore()
        try await store.save([steps(1000, 0, 10, Fixtures.watch, id: 1), steps(600, 5, 15, Fixtures.phone, id: 2)])
        let merged = try await store.statistics(of: .stepCount, options: [.cumulativeSum, .separateBySource])
        #expect(try merged.sumQuantity()?.doubleValue(for: .count()) == 1300)
        #expect(try merged.sumQuantity(for: Fixtures.phone.bundleIdentifier)?.doubleValue(for: .count()) == 600)
        try await store.setSourceOrder(
            [Fixtures.phone.bundleIdentifier, Fixtures.watch.bundleIdentifier], for: .stepCount)
        let reversed = try await store.statistics(of: .stepCount, options: .cumulativeSum)
        #expect(try reversed.sumQuantity()?.doubleValue(for: .count()) == 1100)
        try await store.setSourceOrder(nil, for: .stepCount)
        #expect(try await store.sourceOrder(for: .stepCount).bundleIdentifiers.first == Fixtures.watch.bundleIdentifier)
    }

    /// Issue 44, finding 2: the source order names only sources the app could learn of by reading — the type's
    /// sources for a reader, at most itself for an app without read — while statistics still merge by the whole
    /// order.
    @Test func theSourceOrderShowsAnAppOnlyTheSourcesItMayKnow() async throws {
        let owner = healthStore()
        let heartOnly = Source(name: "Pulse", bundleIdentifier: "com.example.pulse")
        let unit = try HealthUnit(from: "count/min")
        try await owner.save([
            steps(1000, 0, 10, Fixtures.watch, id: 1), steps(600, 5, 15, Fixtures.phone, id: 2),
            .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(3), type: .heartRate, quantity: Quantity(unit: unit, doubleValue: 60),
                    start: at(0), end: at(0), sourceRevision: SourceRevision(source: heartOnly))),
        ])
        let everyone = [Fixtures.watch.bundleIdentifier, Fixtures.phone.bundleIdentifier, heartOnly.bundleIdentifier]
        try await owner.setSourceOrder(everyone + [Apps.other.bundleIdentifier], for: .stepCount)
        #expect(try await owner.sourceOrder(for: .stepCount).bundleIdentifiers.count == 4)

        let denied = owner.store(for: Apps.other, policy: .perType(share: [stepsType], read: []))
        try await denied.requestAuthorization(toShare: [stepsType], read: [stepsType])
        #expect(try await denied.sourceOrder(for: .stepCount).bundleIdentifiers == [Apps.other.bundleIdentifier])
        let stranger = owner.store(for: Apps.silent, policy: .denyAll)
        #expect(try await stranger.sourceOrder(for: .stepCount).bundleIdentifiers.isEmpty)

        let reader = owner.store(for: Apps.steps, policy: .grantAll)
        try await reader.requestAuthorization(toShare: [], read: [stepsType])
        #expect(
            try await reader.sourceOrder(for: .stepCount).bundleIdentifiers
                == [Fixtures.watch.bundleIdentifier, Fixtures.phone.bundleIdentifier])
        // The merge itself still follows the whole order: the watch first, so 1000 + the phone's last 5 minutes.
        let sum = try await reader.statistics(of: .stepCount, options: .cumulativeSum).sumQuantity()
        #expect(try #require(sum).doubleValue(for: .count()) == 1300)
    }

    @Test func e6ThePredicateSelectsTheCollectionClipsAndTheStatisticsQueryClipsToItsWindow() async throws {
        let store = healthStore()
        let base = Fixtures.date(2024, 3, 1, 13, 24)
        func s(_ v: Double, _ a: Double, _ b: Double, _ id: UInt64) -> AnySample {
            .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(id), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: v),
                    start: base.addingTimeInterval(a * 60), end: base.addingTimeInterval(b * 60),
                    sourceRevision: SourceRevision(source: Fixtures.app)))
        }
        // 13:24–14:36 80; 13:57–14:02 100; 14:30–14:42 200; 14:55–15:07 120; 15:44–15:51 36
        try await store.save([
            s(80, 0, 72, 1), s(100, 33, 38, 2), s(200, 66, 78, 3), s(120, 91, 103, 4), s(36, 140, 147, 5),
        ])
        let window = SamplePredicate.date(start: Fixtures.date(2024, 3, 1, 14), end: Fixtures.date(2024, 3, 1, 15))
        let hourly = try await store.statisticsCollection(
            of: .stepCount, predicate: window, options: .cumulativeSum, anchorDate: Fixtures.date(2024, 1, 1),
            intervalComponents: DateComponents(hour: 1))
        let sums = try hourly.statistics().map { try #require($0.sumQuantity()).doubleValue(for: .count()) }
        #expect(sums.count == 3)
        #expect(abs(sums[0] - 100) < 1e-9 && abs(sums[1] - 330) < 1e-9 && abs(sums[2] - 70) < 1e-9)
        let clipped = try await store.statistics(of: .stepCount, predicate: window, options: .cumulativeSum)
        #expect(abs(try clipped.sumQuantity()!.doubleValue(for: .count()) - 330) < 1e-9)
        let empty = hourly.enumerateStatistics(
            from: Fixtures.date(2024, 3, 1, 12), to: Fixtures.date(2024, 3, 1, 16, 30))
        #expect(empty.count == 5)
        #expect(empty.first?.sumQuantity() == nil && empty.last?.sumQuantity() == nil)
        #expect(hourly.statistics(for: Fixtures.date(2024, 3, 1, 14, 30))?.startDate == Fixtures.date(2024, 3, 1, 14))
        #expect(hourly.statistics(for: Fixtures.date(2024, 3, 1, 18)) == nil)
    }

    @Test func noDataIsCode11AndASumOfHeartRateIsAnInvalidArgument() async throws {
        let store = healthStore()
        let none = await #expect(throws: HealthError.self) {
            try await store.statistics(of: .stepCount, options: .cumulativeSum)
        }
        #expect(none?.code.rawValue == 11)
        let illegal = await #expect(throws: HealthError.self) {
            try await store.statistics(of: .heartRate, options: .cumulativeSum)
        }
        #expect(illegal?.code == .invalidArgument)
    }

    @Test func aReadDeniedAppGetsStatisticsOfItsOwnSamplesOnly() async throws {
        let health = healthStore()
        try await health.save([steps(1000, 0, 10, Fixtures.watch, id: 1)])
        let app = health.store(for: Apps.steps, policy: .perType(share: [stepsType], read: []))
        try await app.requestAuthorization(toShare: [stepsType], read: [stepsType])
        try await app.save([
            .quantity(SampleBuilder(uuids: UUIDSequence(start: 500)).steps(7, start: at(30), end: at(31)))
        ])
        let seen = try await app.statistics(of: .stepCount, options: .cumulativeSum)
        #expect(try seen.sumQuantity()?.doubleValue(for: .count()) == 7)
    }

    @Test func collectionsOverManyChunksEqualOneWindowPerBucket() async throws {
        let store = healthStore()
        let start = Fixtures.date(2023, 1, 1)
        var samples: [AnySample] = []
        var rng = SplitMix64(seed: 7)
        for day in 0..<200 {
            for k in 0..<6 {
                let from = Double(day * 1440 + k * 200 + rng.nextInt(in: 0...100))
                let length = Double(rng.nextInt(in: 1...120))
                let source = rng.nextInt(in: 0...1) == 0 ? Fixtures.watch : Fixtures.phone
                samples.append(
                    .quantity(
                        QuantitySample(
                            uuid: UUIDSequence.uuid(UInt64(samples.count + 1)), type: .stepCount,
                            quantity: Quantity(unit: .count(), doubleValue: Double(rng.nextInt(in: 10...900))),
                            start: start.addingTimeInterval(from * 60),
                            end: start.addingTimeInterval((from + length) * 60),
                            sourceRevision: SourceRevision(
                                source: source, productType: source == Fixtures.watch ? "Watch6,1" : "iPhone16,2"))))
            }
        }
        try await store.save(samples)
        let daily = try await store.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: start, intervalComponents: DateComponents(day: 1))
        #expect(daily.statistics().count >= 200)
        for bucket in daily.statistics().prefix(150).dropFirst(60) {
            let single = try await store.statistics(
                of: .stepCount, predicate: .date(start: bucket.startDate, end: bucket.endDate), options: .cumulativeSum)
            let a = try #require(bucket.sumQuantity()).doubleValue(for: .count())
            let b = try #require(single.sumQuantity()).doubleValue(for: .count())
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)))
        }
    }

    @Test func theLongRunningCollectionUpdatesAfterEachCommit() async throws {
        let store = healthStore()
        try await store.save([steps(100, 0, 10, Fixtures.watch, id: 1)])
        var updates = store.statisticsCollectionUpdates(
            of: .stepCount, options: .cumulativeSum, anchorDate: Fixtures.date(2024, 1, 1),
            intervalComponents: DateComponents(day: 1)
        ).makeAsyncIterator()
        let initial = try await updates.next()
        #expect(try initial?.statistics().first?.sumQuantity()?.doubleValue(for: .count()) == 100)
        try await store.save([steps(50, 20, 30, Fixtures.watch, id: 2)])
        let next = try await updates.next()
        #expect(try next?.statistics().first?.sumQuantity()?.doubleValue(for: .count()) == 150)
    }

    @Test(arguments: [
        ("America/New_York", 2024, 3, 10, 82_800.0), ("America/New_York", 2024, 11, 3, 90_000.0),
        ("Europe/Berlin", 2024, 3, 31, 82_800.0), ("Europe/Berlin", 2024, 10, 27, 90_000.0),
    ])
    func dailyBucketsFollowDSTAndHoldExactlyTheirSamples(
        _ zone: String, _ y: Int, _ m: Int, _ d: Int, _ length: Double
    ) async throws {
        let calendar = Fixtures.calendar(zone)
        let uuids = UUIDSequence(start: 1)
        let store = HealthStore(
            storage: InMemoryStorage(), app: .healthApp, clock: ManualClock(), calendar: calendar,
            uuids: { uuids.next() })
        let dayStart = Fixtures.date(y, m, d, in: calendar)
        // One 10-minute sample at the start of every real hour from the day before through the day after.
        var samples: [AnySample] = []
        for hour in -24..<50 {
            let begin = dayStart.addingTimeInterval(Double(hour) * 3600)
            samples.append(
                .quantity(
                    QuantitySample(
                        uuid: uuids.next(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 1),
                        start: begin, end: begin.addingTimeInterval(600),
                        sourceRevision: SourceRevision(source: Fixtures.app))))
        }
        try await store.save(samples)
        let daily = try await store.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: Fixtures.date(2020, 1, 1, in: calendar),
            intervalComponents: DateComponents(day: 1))
        let bucket = try #require(daily.statistics(for: dayStart.addingTimeInterval(3600)))
        #expect(bucket.startDate == dayStart)
        #expect(bucket.endDate.timeIntervalSince(bucket.startDate) == length)
        #expect(try bucket.sumQuantity()?.doubleValue(for: .count()) == length / 3600)
    }
}
