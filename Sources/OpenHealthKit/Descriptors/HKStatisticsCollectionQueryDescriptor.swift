public import Foundation
import HealthQuery

/// A statistics collection query for Swift concurrency: HealthKit's `HKStatisticsCollectionQueryDescriptor`.
public struct HKStatisticsCollectionQueryDescriptor: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable {
    /// One element of ``results(for:)``.
    public struct Result: @unchecked Sendable {
        /// The whole, up-to-date collection.
        public let statisticsCollection: HKStatisticsCollection
        /// The statistics that changed: always nil here (the engine recomputes whole collections).
        public let updatedStatistics: [HKStatistics]?
    }

    /// The long-running results.
    public typealias Results = HKQueryResults<Result>

    /// The type and predicate.
    public let predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics computed.
    public let options: HKStatisticsOptions
    /// Any date on the bucket grid.
    public let anchorDate: Date
    /// The bucket length.
    public let intervalComponents: DateComponents

    /// Creates a descriptor.
    public init(
        predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) {
        self.predicate = predicate
        self.options = options
        self.anchorDate = anchorDate
        self.intervalComponents = intervalComponents
    }

    private var quantityType: HKQuantityType {
        predicate.sampleType as? HKQuantityType ?? HKQuantityType(identifier: predicate.sampleType.identifier)
    }

    /// The collection, once.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatisticsCollection {
        try await healthStore.statisticsCollection(
            quantityType, predicate: predicate.nsPredicate, options: options, anchorDate: anchorDate,
            intervalComponents: intervalComponents)
    }

    /// The collection, then the recomputed collection after each commit that touches the type.
    public func results(for healthStore: HKHealthStore) -> Results {
        do {
            let updates = try healthStore.statisticsCollectionUpdates(
                quantityType, predicate: predicate.nsPredicate, options: options, anchorDate: anchorDate,
                intervalComponents: intervalComponents)
            return Results(
                stream: healthStore.relay(updates) {
                    Result(statisticsCollection: $0.collection, updatedStatistics: nil)
                })
        } catch {
            return Results(stream: AsyncThrowingStream { $0.finish(throwing: error) })
        }
    }
}
