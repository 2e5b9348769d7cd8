public import Foundation
import HealthQuery

/// Statistics of a quantity type over the samples a predicate selects: HealthKit's `HKStatisticsQuery`.
///
/// The engine computes them (source-priority merge for sums, time-weighted averages for heart rate); a query
/// that matches no sample fails with `HKError(.errorNoData)`, and options the type does not allow (a sum of heart
/// rate) with `HKError(.errorInvalidArgument)` — HealthKit raises an exception there.
public final class HKStatisticsQuery: HKQuery, @unchecked Sendable {
    /// The statistics computed.
    public let options: HKStatisticsOptions
    private let completionHandler: @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void

    /// Creates a query.
    public init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        completionHandler handler: @escaping @Sendable (HKStatisticsQuery, HKStatistics?, (any Error)?) -> Void
    ) {
        self.options = options
        self.completionHandler = handler
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { [self] in
            do {
                let type = objectType as? HKQuantityType ?? HKQuantityType(identifier: objectType?.identifier ?? "")
                let statistics = try await store.statistics(type, predicate: predicate, options: options)
                deliver { completionHandler(self, statistics, nil) }
            } catch {
                deliver { completionHandler(self, nil, error) }
            }
        }
    }
}

extension HKHealthStore {
    /// The engine's statistics as `HKStatistics`.
    func statistics(
        _ type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions
    ) async throws(HKError) -> HKStatistics {
        let selection = try PredicateTranslation.samplePredicate(predicate)
        let id = type.quantityIdentifier
        let engineOptions = options.engineValue
        let result = try await performRead {
            try await $0.statistics(of: id, predicate: selection, options: engineOptions)
        }
        let sources = try await sourceDirectory(of: id, result.sources ?? [])
        return HKStatistics(quantityType: type, result: result, sources: sources)
    }

    /// The engine's statistics collection as `HKStatisticsCollection`.
    func statisticsCollection(
        _ type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) async throws(HKError) -> HKStatisticsCollection {
        let selection = try PredicateTranslation.samplePredicate(predicate)
        let id = type.quantityIdentifier
        let engineOptions = options.engineValue
        let collection = try await performRead {
            try await $0.statisticsCollection(
                of: id, predicate: selection, options: engineOptions, anchorDate: anchorDate,
                intervalComponents: intervalComponents)
        }
        return try await wrap(collection, type: type, options: options)
    }

    /// Wraps an engine collection, with source names when statistics are separated by source.
    func wrap(
        _ collection: StatisticsCollection, type: HKQuantityType, options: HKStatisticsOptions
    ) async throws(HKError) -> HKStatisticsCollection {
        let sources =
            options.contains(.separateBySource)
            ? try await sourceDirectory(of: type.quantityIdentifier, collection.sources()) : [:]
        return HKStatisticsCollection(quantityType: type, collection: collection, sources: sources)
    }
}
