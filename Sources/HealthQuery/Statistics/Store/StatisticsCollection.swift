public import Foundation
public import HealthCore

/// The answer of a statistics collection query: HealthKit's `HKStatisticsCollection`.
///
/// Buckets follow the calendar from the anchor in both directions (23- and 25-hour days at DST changes,
/// months of different lengths). Only buckets with data are stored; ``enumerateStatistics(from:to:)`` fills the
/// gaps with empty statistics, as HealthKit does.
public struct StatisticsCollection: Sendable {
    /// The bucket layout.
    public let buckets: StatisticsBuckets
    /// The unit of every value (the type's canonical unit).
    public let unit: HealthUnit
    private let results: [StatisticsResult]
    private let byStart: [Date: Int]

    /// Creates a collection from the non-empty buckets' statistics.
    public init(buckets: StatisticsBuckets, unit: HealthUnit, results: [StatisticsResult]) {
        self.buckets = buckets
        self.unit = unit
        self.results = results.sorted { $0.startDate < $1.startDate }
        self.byStart = Dictionary(
            self.results.enumerated().map { ($0.element.startDate, $0.offset) }, uniquingKeysWith: { first, _ in first }
        )
    }

    /// The buckets that have data, in chronological order (`statistics()`).
    public func statistics() -> [StatisticsResult] { results }

    /// The statistics of the bucket containing a date, or nil when it has no data (`statistics(for:)`).
    public func statistics(for date: Date) -> StatisticsResult? {
        guard let bucket = buckets.bucket(containing: date), let index = byStart[bucket.start] else { return nil }
        return results[index]
    }

    /// Every bucket from the one containing `from` through the one containing `to`, with empty statistics
    /// (all values nil) for buckets without data (`enumerateStatistics(from:to:with:)`).
    public func enumerateStatistics(from: Date, to: Date) -> [StatisticsResult] {
        buckets.buckets(from: from, through: to).map { bucket in
            byStart[bucket.start].map { results[$0] }
                ?? StatisticsResult(
                    startDate: bucket.start, endDate: bucket.end, unit: unit, merged: StatisticsValues())
        }
    }

    /// The sources of every bucket, in first-seen order (with `separateBySource`).
    public func sources() -> [String] {
        var seen: Set<String> = []
        var ordered: [String] = []
        for result in results {
            for source in result.sources ?? [] where seen.insert(source).inserted { ordered.append(source) }
        }
        return ordered
    }
}
