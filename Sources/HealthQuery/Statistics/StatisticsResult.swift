public import Foundation
public import HealthCore

/// The statistics of one window or bucket: HealthKit's `HKStatistics`, as a value.
///
/// Values are in ``unit`` (the type's canonical unit). Per-source values exist only with
/// `separateBySource`; ``sources`` is then every source with data in the window, highest priority first,
/// including sources the merge suppressed entirely.
///
/// ```swift
/// let result = computation.statistics(of: inputs, in: window)
/// result?.sumQuantity()                                  // 1300 count
/// result?.sumQuantity(for: "com.apple.health.WATCH")     // 1000 count
/// ```
///
/// The per-source sums do not add up to the merged sum where sources overlap (see the Statistics article).
///
/// ## Topics
/// - ``sumQuantity()``
/// - ``averageQuantity()``
/// - ``minimumQuantity()``
/// - ``maximumQuantity()``
/// - ``mostRecentQuantity()``
/// - ``mostRecentQuantityDateInterval()``
/// - ``duration()``
public struct StatisticsResult: Sendable, Hashable {
    /// The window's start (for a query without a date range, the earliest start of the data).
    public var startDate: Date
    /// The window's end (for a query without a date range, the latest end of the data).
    public var endDate: Date
    /// The unit of every value (the type's canonical unit).
    public var unit: HealthUnit
    /// The statistics of all sources merged.
    public var merged: StatisticsValues
    /// The sources with data in the window, highest priority first; `nil` without `separateBySource`.
    public var sources: [String]?
    /// The statistics of each source (keyed by bundle identifier); empty without `separateBySource`.
    public var bySource: [String: StatisticsValues]

    /// Creates a result.
    /// - Parameters:
    ///   - startDate: The window's start.
    ///   - endDate: The window's end.
    ///   - unit: The unit of the values.
    ///   - merged: The merged statistics.
    ///   - sources: The sources, with `separateBySource`.
    ///   - bySource: Per-source statistics, with `separateBySource`.
    public init(
        startDate: Date, endDate: Date, unit: HealthUnit, merged: StatisticsValues, sources: [String]? = nil,
        bySource: [String: StatisticsValues] = [:]
    ) {
        self.startDate = startDate
        self.endDate = endDate
        self.unit = unit
        self.merged = merged
        self.sources = sources
        self.bySource = bySource
    }

    /// The merged sum, or `nil` unless `cumulativeSum` was requested.
    public func sumQuantity() -> Quantity? { quantity(merged.sum) }
    /// The average, or `nil` unless `discreteAverage` was requested.
    public func averageQuantity() -> Quantity? { quantity(merged.average) }
    /// The minimum, or `nil` unless `discreteMin` was requested.
    public func minimumQuantity() -> Quantity? { quantity(merged.minimum) }
    /// The maximum, or `nil` unless `discreteMax` was requested.
    public func maximumQuantity() -> Quantity? { quantity(merged.maximum) }
    /// The most recent quantity, or `nil` unless `mostRecent` was requested.
    public func mostRecentQuantity() -> Quantity? { quantity(merged.mostRecent) }
    /// The most recent quantity's interval, or `nil` unless `mostRecent` was requested.
    public func mostRecentQuantityDateInterval() -> DateInterval? { merged.mostRecentInterval }
    /// The covered time in seconds, or `nil` unless `duration` was requested.
    public func duration() -> Quantity? { merged.duration.map { Quantity(unit: .second(), doubleValue: $0) } }

    /// One source's own sum, or `nil` without `separateBySource` and `cumulativeSum`.
    /// - Parameter source: The source's bundle identifier.
    public func sumQuantity(for source: String) -> Quantity? { quantity(bySource[source]?.sum) }
    /// One source's average, or `nil` without `separateBySource` and `discreteAverage`.
    /// - Parameter source: The source's bundle identifier.
    public func averageQuantity(for source: String) -> Quantity? { quantity(bySource[source]?.average) }
    /// One source's minimum, or `nil` without `separateBySource` and `discreteMin`.
    /// - Parameter source: The source's bundle identifier.
    public func minimumQuantity(for source: String) -> Quantity? { quantity(bySource[source]?.minimum) }
    /// One source's maximum, or `nil` without `separateBySource` and `discreteMax`.
    /// - Parameter source: The source's bundle identifier.
    public func maximumQuantity(for source: String) -> Quantity? { quantity(bySource[source]?.maximum) }
    /// One source's most recent quantity, or `nil` without `separateBySource` and `mostRecent`.
    /// - Parameter source: The source's bundle identifier.
    public func mostRecentQuantity(for source: String) -> Quantity? { quantity(bySource[source]?.mostRecent) }
    /// One source's most recent interval, or `nil` without `separateBySource` and `mostRecent`.
    /// - Parameter source: The source's bundle identifier.
    public func mostRecentQuantityDateInterval(for source: String) -> DateInterval? {
        bySource[source]?.mostRecentInterval
    }
    /// One source's covered time, or `nil` without `separateBySource` and `duration`.
    /// - Parameter source: The source's bundle identifier.
    public func duration(for source: String) -> Quantity? {
        bySource[source]?.duration.map { Quantity(unit: .second(), doubleValue: $0) }
    }

    private func quantity(_ value: Double?) -> Quantity? {
        value.map { Quantity(unit: unit, doubleValue: $0) }
    }
}
