import Foundation
import OpenHealthKit
import Testing

@Suite("Swift-concurrency query descriptors")
struct DescriptorTests {
    static func seeded(_ backend: TestSupport.Backend, _ body: (HKHealthStore) async throws -> Void) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save(
                (1...4).map { TestSupport.steps(Double($0 * 100), TestSupport.at(8 + $0), TestSupport.at(8 + $0, 20)) })
            try await body(store)
        }
    }

    @Test("HKSampleQueryDescriptor sorts with SortDescriptor and limits", arguments: TestSupport.Backend.allCases)
    func sampleDescriptor(backend: TestSupport.Backend) async throws {
        try await Self.seeded(backend) { store in
            let descriptor = HKSampleQueryDescriptor(
                predicates: [.quantitySample(type: HKQuantityType(.stepCount))],
                sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 2)
            let newest = try await descriptor.result(for: store)
            #expect(newest.map { $0.quantity.doubleValue(for: .count()) } == [400, 300])
        }
    }

    @Test("HKAnchoredObjectQueryDescriptor: result once, results as a stream of changes")
    func anchoredDescriptor() async throws {
        try await Self.seeded(.memory) { store in
            let descriptor = HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: HKQuantityType(.stepCount))], anchor: nil)
            let first = try await descriptor.result(for: store)
            #expect(first.addedSamples.count == 4)
            #expect(first.deletedObjects.isEmpty)
            let later = HKAnchoredObjectQueryDescriptor(
                predicates: [.quantitySample(type: HKQuantityType(.stepCount))], anchor: first.newAnchor)
            var iterator = later.results(for: store).makeAsyncIterator()
            let snapshot = try await iterator.next()
            #expect(snapshot?.addedSamples.isEmpty == true)
            try await store.save(TestSupport.steps(7, TestSupport.at(20), TestSupport.at(20, 1)))
            let change = try await iterator.next()
            #expect(change?.addedSamples.map { $0.quantity.doubleValue(for: .count()) } == [7])
        }
    }

    @Test("statistics descriptors equal the handler queries; no data is nil", arguments: TestSupport.Backend.allCases)
    func statisticsDescriptors(backend: TestSupport.Backend) async throws {
        try await Self.seeded(backend) { store in
            let steps = HKQuantityType(.stepCount)
            let total = try await HKStatisticsQueryDescriptor(
                predicate: .quantitySample(type: steps), options: .cumulativeSum
            )
            .result(for: store)
            #expect(total?.sumQuantity()?.doubleValue(for: .count()) == 1000)
            let none = HKQuery.predicateForSamples(withStart: TestSupport.at(0, day: 3), end: nil)
            let empty = try await HKStatisticsQueryDescriptor(
                predicate: .quantitySample(type: steps, predicate: none), options: .cumulativeSum
            ).result(for: store)
            #expect(empty == nil)
            let daily = HKStatisticsCollectionQueryDescriptor(
                predicate: .quantitySample(type: steps), options: .cumulativeSum, anchorDate: TestSupport.midnight,
                intervalComponents: DateComponents(hour: 1))
            let collection = try await daily.result(for: store)
            #expect(
                collection.statistics().map { $0.sumQuantity()?.doubleValue(for: .count()) } == [100, 200, 300, 400])
            var updates = daily.results(for: store).makeAsyncIterator()
            let initial = try await updates.next()
            #expect(initial?.statisticsCollection.statistics().count == 4)
            #expect(initial?.updatedStatistics == nil)
            try await store.save(TestSupport.steps(50, TestSupport.at(15), TestSupport.at(15, 10)))
            let next = try await updates.next()
            #expect(next?.statisticsCollection.statistics().count == 5)
        }
    }
}
