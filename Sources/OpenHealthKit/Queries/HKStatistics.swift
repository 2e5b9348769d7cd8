public import Foundation
import HealthCore
import HealthQuery

/// Statistics of a quantity type over an interval: HealthKit's `HKStatistics`, a view of the engine's
/// `StatisticsResult`.
///
/// The merged values follow the engine's source-priority merge (the Health app's numbers); the per-source
/// accessors exist with `.separateBySource`.
public final class HKStatistics: NSObject, @unchecked Sendable {
    /// The quantity type.
    public let quantityType: HKQuantityType
    let result: StatisticsResult
    private let sourcesByID: [String: HKSource]

    init(quantityType: HKQuantityType, result: StatisticsResult, sources: [String: HKSource]) {
        self.quantityType = quantityType
        self.result = result
        self.sourcesByID = sources
    }

    /// Workout statistics as an `HKStatistics` (merged values only).
    convenience init(_ statistics: WorkoutStatistics) {
        let unit =
            [statistics.sum, statistics.average, statistics.minimum, statistics.maximum, statistics.mostRecent]
            .compactMap { $0?.unit }.first ?? .count()
        func value(_ quantity: Quantity?) -> Double? { quantity.flatMap { try? $0.doubleValue(for: unit) } }
        let result = StatisticsResult(
            startDate: statistics.startDate, endDate: statistics.endDate, unit: unit,
            merged: StatisticsValues(
                sum: value(statistics.sum), average: value(statistics.average), minimum: value(statistics.minimum),
                maximum: value(statistics.maximum), mostRecent: value(statistics.mostRecent)))
        self.init(
            quantityType: HKQuantityType(identifier: statistics.quantityType.rawValue), result: result, sources: [:])
    }

    /// The interval's start.
    public var startDate: Date { result.startDate }
    /// The interval's end.
    public var endDate: Date { result.endDate }
    /// The sources with data in the interval, with `.separateBySource` (nil otherwise).
    public var sources: [HKSource]? { result.sources.map { $0.map(source) } }

    /// The merged sum (`.cumulativeSum`).
    public func sumQuantity() -> HKQuantity? { result.sumQuantity().map { HKQuantity($0) } }
    /// The average (`.discreteAverage`).
    public func averageQuantity() -> HKQuantity? { result.averageQuantity().map { HKQuantity($0) } }
    /// The minimum (`.discreteMin`).
    public func minimumQuantity() -> HKQuantity? { result.minimumQuantity().map { HKQuantity($0) } }
    /// The maximum (`.discreteMax`).
    public func maximumQuantity() -> HKQuantity? { result.maximumQuantity().map { HKQuantity($0) } }
    /// The most recent quantity (`.mostRecent`).
    public func mostRecentQuantity() -> HKQuantity? { result.mostRecentQuantity().map { HKQuantity($0) } }
    /// The interval of the most recent quantity (`.mostRecent`).
    public func mostRecentQuantityDateInterval() -> DateInterval? { result.mostRecentQuantityDateInterval() }
    /// The time covered by the samples (`.duration`).
    public func duration() -> HKQuantity? { result.duration().map { HKQuantity($0) } }

    /// One source's own sum (`.separateBySource`).
    public func sumQuantity(for source: HKSource) -> HKQuantity? {
        result.sumQuantity(for: source.bundleIdentifier).map { HKQuantity($0) }
    }
    /// One source's average.
    public func averageQuantity(for source: HKSource) -> HKQuantity? {
        result.averageQuantity(for: source.bundleIdentifier).map { HKQuantity($0) }
    }
    /// One source's minimum.
    public func minimumQuantity(for source: HKSource) -> HKQuantity? {
        result.minimumQuantity(for: source.bundleIdentifier).map { HKQuantity($0) }
    }
    /// One source's maximum.
    public func maximumQuantity(for source: HKSource) -> HKQuantity? {
        result.maximumQuantity(for: source.bundleIdentifier).map { HKQuantity($0) }
    }
    /// One source's most recent quantity.
    public func mostRecentQuantity(for source: HKSource) -> HKQuantity? {
        result.mostRecentQuantity(for: source.bundleIdentifier).map { HKQuantity($0) }
    }
    /// One source's most recent interval.
    public func mostRecentQuantityDateInterval(for source: HKSource) -> DateInterval? {
        result.mostRecentQuantityDateInterval(for: source.bundleIdentifier)
    }
    /// One source's covered time.
    public func duration(for source: HKSource) -> HKQuantity? {
        result.duration(for: source.bundleIdentifier).map { HKQuantity($0) }
    }

    private func source(_ bundleIdentifier: String) -> HKSource {
        sourcesByID[bundleIdentifier]
            ?? HKSource(Source(name: bundleIdentifier, bundleIdentifier: bundleIdentifier))
    }
}
