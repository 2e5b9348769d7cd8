import Foundation
import OpenHealthKit
import Testing

/// `HKQuantitySeriesSampleBuilder`: quantities in, one saved series sample out — queried back with its count and
/// discrete fields, summed by statistics quantity by quantity, and refused for what HealthKit refuses.
@Suite("HKQuantitySeriesSampleBuilder")
struct SeriesBuilderTests {
    static let heartRate = HKQuantityType(.heartRate)
    static let steps = HKQuantityType(.stepCount)
    static let bpm = HKUnit.count().unitDivided(by: .minute())

    @Test("a discrete series is saved as one sample with its quantities", arguments: TestSupport.Backend.allCases)
    func discreteSeries(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            try await store.requestAuthorization(toShare: [Self.heartRate], read: [Self.heartRate])
            let start = TestSupport.at(7)
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: Self.heartRate, startDate: start, device: nil)
            for (second, value) in [(5.0, 120.0), (65, 150), (125, 90)] {
                try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: value), at: start.addingTimeInterval(second))
            }
            let saved = try await builder.finishSeries(metadata: ["HKWasUserEntered": false])
            #expect(saved.count == 1)
            let sample = try #require(saved.first as? HKDiscreteQuantitySample)
            #expect(sample.count == 3)
            #expect(sample.startDate == start && sample.endDate == start.addingTimeInterval(125))
            #expect(sample.quantity.doubleValue(for: Self.bpm) == 120)
            #expect(sample.minimumQuantity.doubleValue(for: Self.bpm) == 90)
            #expect(sample.maximumQuantity.doubleValue(for: Self.bpm) == 150)
            #expect(sample.mostRecentQuantity.doubleValue(for: Self.bpm) == 90)
            #expect(sample.sourceRevision.source.bundleIdentifier == TestSupport.stepsApp.bundleIdentifier)
            // Queried back as it was saved.
            let queried = try await TestSupport.run(store, Self.heartRate)
            #expect(queried.map(\.uuid) == [sample.uuid])
            #expect((queried.first as? HKQuantitySample)?.count == 3)
            // Finished: no more quantities.
            #expect(throws: HKError.self) {
                try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 80), at: start.addingTimeInterval(200))
            }
        }
    }

    @Test("a cumulative series sums in statistics quantity by quantity")
    func cumulativeSeries() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            try await store.requestAuthorization(toShare: [Self.steps], read: [Self.steps])
            let start = TestSupport.at(9)
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: Self.steps, startDate: start, device: HKDevice.local())
            for minute in 0..<10 {
                let from = start.addingTimeInterval(Double(minute) * 60)
                try builder.insert(
                    HKQuantity(unit: .count(), doubleValue: Double(10 * (minute + 1))),
                    for: DateInterval(start: from, duration: 60))
            }
            let end = start.addingTimeInterval(900)
            let saved = try await builder.finishSeries(metadata: nil, endDate: end)
            let sample = try #require(saved.first as? HKCumulativeQuantitySample)
            #expect(sample.count == 10 && sample.endDate == end)
            #expect(sample.sumQuantity.doubleValue(for: .count()) == 550)
            // The first five minutes hold 10 + 20 + 30 + 40 + 50 steps: statistics read the series (the whole
            // sample prorated over its fifteen minutes would give 183.3).
            let firstFive = HKQuery.predicateForSamples(
                withStart: start, end: start.addingTimeInterval(300), options: .strictStartDate)
            let statistics = try await HKStatisticsQueryDescriptor(
                predicate: HKSamplePredicate.quantitySample(type: Self.steps, predicate: firstFive),
                options: .cumulativeSum
            ).result(for: store)
            #expect(statistics?.sumQuantity()?.doubleValue(for: .count()) == 150)
            let window = HKQuery.predicateForSamples(withStart: start, end: start.addingTimeInterval(300))
            let collection = try await HKStatisticsCollectionQueryDescriptor(
                predicate: HKSamplePredicate.quantitySample(type: Self.steps, predicate: window),
                options: .cumulativeSum, anchorDate: TestSupport.midnight,
                intervalComponents: DateComponents(minute: 5)
            ).result(for: store)
            let firstBucket = collection.statistics(for: start)?.sumQuantity()?.doubleValue(for: .count())
            #expect(firstBucket == 150)
        }
    }

    @Test("what HealthKit refuses is refused, and a refused save can be finished again")
    func refusals() async throws {
        try await TestSupport.withStore(TestSupport.configuration(.memory)) { store in
            let start = TestSupport.at(10)
            let builder = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: Self.heartRate, startDate: start, device: nil)
            #expect(throws: HKError.self) { try builder.insert(HKQuantity(unit: .gram(), doubleValue: 1), at: start) }
            #expect(throws: HKError.self) {
                try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 60), at: start.addingTimeInterval(-1))
            }
            await #expect(throws: HKError.self) { _ = try await builder.finishSeries(metadata: nil) }
            try builder.insert(HKQuantity(unit: Self.bpm, doubleValue: 60), at: start.addingTimeInterval(10))
            await #expect(throws: HKError.self) {
                _ = try await builder.finishSeries(metadata: nil, endDate: start.addingTimeInterval(5))
            }
            // Not yet authorized: the store refuses; after asking, the same builder saves.
            await #expect(throws: HKError.self) { _ = try await builder.finishSeries(metadata: nil) }
            try await store.requestAuthorization(toShare: [Self.heartRate], read: [])
            #expect(try await builder.finishSeries(metadata: nil).count == 1)

            let discarded = HKQuantitySeriesSampleBuilder(
                healthStore: store, quantityType: Self.heartRate, startDate: start, device: nil)
            try discarded.insert(HKQuantity(unit: Self.bpm, doubleValue: 70), at: start)
            discarded.discard()
            await #expect(throws: HKError.self) { _ = try await discarded.finishSeries(metadata: nil) }
        }
    }
}
