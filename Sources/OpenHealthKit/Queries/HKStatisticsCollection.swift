public import Foundation
import HealthCore
import HealthQuery

/// Statistics per calendar bucket: HealthKit's `HKStatisticsCollection`, a view of the engine's
/// `StatisticsCollection`.
///
/// ```swift
/// collection.enumerateStatistics(from: weekAgo, to: now) { statistics, stop in
///     let steps = statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0
/// }
/// ```
public final class HKStatisticsCollection: NSObject, @unchecked Sendable {
    let quantityType: HKQuantityType
    let collection: StatisticsCollection
    private let sourcesByID: [String: HKSource]

    init(quantityType: HKQuantityType, collection: StatisticsCollection, sources: [String: HKSource]) {
        self.quantityType = quantityType
        self.collection = collection
        self.sourcesByID = sources
    }

    private func wrap(_ result: StatisticsResult) -> HKStatistics {
        HKStatistics(quantityType: quantityType, result: result, sources: sourcesByID)
    }

    /// The buckets that have data, in chronological order.
    public func statistics() -> [HKStatistics] { collection.statistics().map(wrap) }

    /// The statistics of the bucket containing a date; nil when it has no data.
    public func statistics(for date: Date) -> HKStatistics? { collection.statistics(for: date).map(wrap) }

    /// Visits every bucket from the one containing `startDate` through the one containing `endDate`, empty ones
    /// included (their quantities are nil). Set `stop.pointee = true` to stop early.
    public func enumerateStatistics(
        from startDate: Date, to endDate: Date, with block: (HKStatistics, UnsafeMutablePointer<ObjCBool>) -> Void
    ) {
        var stop: ObjCBool = false
        for result in collection.enumerateStatistics(from: startDate, to: endDate) {
            block(wrap(result), &stop)
            if stop.boolValue { return }
        }
    }

    /// The sources with data in any bucket (with `.separateBySource`).
    public func sources() -> Set<HKSource> {
        Set(
            collection.sources().map {
                sourcesByID[$0] ?? HKSource(Source(name: $0, bundleIdentifier: $0))
            })
    }
}
