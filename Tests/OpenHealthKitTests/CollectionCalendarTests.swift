import Foundation
import HealthTesting
import OpenHealthKit
import Testing

/// `intervalComponents.calendar` does the bucket arithmetic, as in HealthKit (reference §5.6); the store's
/// calendar (UTC in these tests) only when it is unset.
@Suite("HKStatisticsCollectionQuery honours intervalComponents.calendar")
struct CollectionCalendarTests {
    static let newYork = Fixtures.calendar("America/New_York")
    static let steps = HKQuantityType(.stepCount)

    /// New York's local time on the fall-back weekend of 2023 (Sunday 5 November lasts 25 hours).
    static func local(_ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
        newYork.date(from: DateComponents(year: 2023, month: 11, day: day, hour: hour, minute: minute))
            ?? .distantPast
    }

    /// Daily buckets anchored at New York's midnight, with or without New York's calendar in the components.
    static func daily(inNewYork: Bool) -> DateComponents {
        var components = DateComponents(day: 1)
        if inNewYork { components.calendar = newYork }
        return components
    }

    /// 100 steps at 23:30 on the 25-hour Sunday, in New York.
    static func withLateWalk(
        _ backend: TestSupport.Backend, _ body: (HKHealthStore) async throws -> Void
    ) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            try await store.requestAuthorization(toShare: [steps], read: [steps])
            try await store.save(TestSupport.steps(100, local(5, 23, 30), local(5, 23, 40)))
            try await body(store)
        }
    }

    static func collection(
        _ store: HKHealthStore, _ components: DateComponents
    ) async throws -> HKStatisticsCollection {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKStatisticsCollectionQuery(
                quantityType: steps, quantitySamplePredicate: nil, options: .cumulativeSum, anchorDate: local(4),
                intervalComponents: components)
            query.initialResultsHandler = { _, collection, error in
                if let collection {
                    continuation.resume(returning: collection)
                } else {
                    continuation.resume(throwing: error ?? HKError(.unknownError))
                }
            }
            store.execute(query)
        }
    }

    @Test("a day of the components' calendar lasts 25 hours on fall-back day", arguments: TestSupport.Backend.allCases)
    func componentsCalendar(backend: TestSupport.Backend) async throws {
        try await Self.withLateWalk(backend) { store in
            let collection = try await Self.collection(store, Self.daily(inNewYork: true))
            let bucket = collection.statistics(for: Self.local(5, 23, 30))
            #expect(bucket?.startDate == Self.local(5))
            #expect(bucket?.endDate == Self.local(6))
            #expect(bucket.map { Int($0.endDate.timeIntervalSince($0.startDate).rounded()) } == 25 * 3_600)
            #expect(bucket?.sumQuantity()?.doubleValue(for: .count()) == 100)

            let described = try await HKStatisticsCollectionQueryDescriptor(
                predicate: .quantitySample(type: Self.steps), options: .cumulativeSum, anchorDate: Self.local(4),
                intervalComponents: Self.daily(inNewYork: true)
            ).result(for: store)
            #expect(described.statistics().map(\.startDate) == [Self.local(5)])
        }
    }

    @Test(
        "without a calendar in the components, the store's calendar counts days",
        arguments: TestSupport.Backend.allCases)
    func storeCalendar(backend: TestSupport.Backend) async throws {
        try await Self.withLateWalk(backend) { store in
            let collection = try await Self.collection(store, Self.daily(inNewYork: false))
            let bucket = collection.statistics(for: Self.local(5, 23, 30))
            // UTC days from New York's Saturday midnight (04:00 UTC): Sunday's bucket ends at 23:00 local.
            #expect(bucket?.startDate == Self.local(5, 23))
            #expect(bucket.map { Int($0.endDate.timeIntervalSince($0.startDate).rounded()) } == 24 * 3_600)
        }
    }
}
