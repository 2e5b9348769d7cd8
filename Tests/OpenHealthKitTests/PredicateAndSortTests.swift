import Foundation
import OpenHealthKit
import Testing

@Suite("NSPredicate trees and sort descriptors")
struct PredicateAndSortTests {
    /// Steps at 08:00, 09:00, 10:00 and 11:00 (values 8, 9, 10, 11), one with metadata.
    static func seeded(_ backend: TestSupport.Backend, _ body: (HKHealthStore) async throws -> Void) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let steps = HKQuantityType(.stepCount)
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            var samples: [HKObject] = []
            for hour in 8...11 {
                samples.append(
                    HKQuantitySample(
                        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: Double(hour)),
                        start: TestSupport.at(hour), end: TestSupport.at(hour, 30),
                        metadata: hour == 10 ? [HKMetadataKeyWasUserEntered: true] : nil))
            }
            try await store.save(samples)
            try await body(store)
        }
    }

    static func values(_ samples: [HKSample]) -> [Double] {
        (samples as? [HKQuantitySample] ?? []).map { $0.quantity.doubleValue(for: .count()) }
    }

    @Test(
        "NSCompoundPredicate and/or/not of HKQuery predicates select as the engine does",
        arguments: TestSupport.Backend.allCases)
    func compound(backend: TestSupport.Backend) async throws {
        try await Self.seeded(backend) { store in
            let steps = HKQuantityType(.stepCount)
            let window = HKQuery.predicateForSamples(
                withStart: TestSupport.at(9), end: TestSupport.at(11), options: .strictStartDate)
            let big = HKQuery.predicateForQuantitySamples(
                with: .greaterThanOrEqualTo, quantity: HKQuantity(unit: .count(), doubleValue: 10))
            let and = NSCompoundPredicate(andPredicateWithSubpredicates: [window, big])
            let found1 = try await TestSupport.run(store, steps, and)
            #expect(Self.values(found1) == [10])
            let or = NSCompoundPredicate(orPredicateWithSubpredicates: [window, big])
            let found2 = try await TestSupport.run(store, steps, or)
            #expect(Self.values(found2).sorted() == [9, 10, 11])
            let not = NSCompoundPredicate(notPredicateWithSubpredicate: window)
            let found3 = try await TestSupport.run(store, steps, not)
            #expect(Self.values(found3).sorted() == [8, 11])
            let userEntered = HKQuery.predicateForObjects(withMetadataKey: HKMetadataKeyWasUserEntered)
            let found4 = try await TestSupport.run(store, steps, userEntered)
            #expect(Self.values(found4) == [10])
            let found5 = try await TestSupport.run(store, steps, NSPredicate(value: false))
            #expect(found5.isEmpty)
            let found6 = try await TestSupport.run(store, steps, NSPredicate(value: true))
            #expect(found6.count == 4)
            let own = HKQuery.predicateForObjects(from: HKSource.default())
            let found7 = try await TestSupport.run(store, steps, own)
            #expect(found7.count == 4)
        }
    }

    @Test("a block predicate cannot be translated: errorInvalidArgument")
    func blockPredicate() async throws {
        try await Self.seeded(.memory) { store in
            await #expect(throws: HKError(.errorInvalidArgument)) {
                _ = try await TestSupport.run(store, HKQuantityType(.stepCount), NSPredicate { _, _ in true })
            }
        }
    }

    @Test("HK predicates evaluate in memory on HKSamples")
    func inMemoryEvaluation() async throws {
        try await Self.seeded(.memory) { store in
            let all = try await TestSupport.run(store, HKQuantityType(.stepCount))
            let window = HKQuery.predicateForSamples(withStart: TestSupport.at(9), end: TestSupport.at(10), options: [])
            let kept = (all as NSArray).filtered(using: window)
            #expect(Self.values(kept.compactMap { $0 as? HKSample }).sorted() == [9])
        }
    }

    @Test(
        "sort descriptors by key path and by HealthKit key, the limit applied after sorting",
        arguments: TestSupport.Backend.allCases)
    func sorting(backend: TestSupport.Backend) async throws {
        try await Self.seeded(backend) { store in
            let steps = HKQuantityType(.stepCount)
            let newestFirst = [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)]
            let found8 = try await TestSupport.run(store, steps, limit: 2, sort: newestFirst)
            #expect(Self.values(found8) == [11, 10])
            let byKey = [NSSortDescriptor(key: HKSampleSortIdentifierEndDate, ascending: true)]
            let found9 = try await TestSupport.run(store, steps, sort: byKey)
            #expect(Self.values(found9) == [8, 9, 10, 11])
            let byValueInMemory = [
                NSSortDescriptor(keyPath: \HKQuantitySample.count, ascending: true),
                NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false),
            ]
            let found10 = try await TestSupport.run(store, steps, limit: 3, sort: byValueInMemory)
            #expect(Self.values(found10) == [11, 10, 9])
            await #expect(throws: HKError(.errorInvalidArgument)) {
                _ = try await TestSupport.run(
                    store, steps, sort: [NSSortDescriptor(key: HKWorkoutSortIdentifierTotalDistance, ascending: true)])
            }
        }
    }
}
