public import Foundation

extension StatisticsComputation {
    /// The statistics of every bucket from the one holding `from` through the one holding `to`, including
    /// buckets without data (`enumerateStatistics(from:to:)`).
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities in ``unit``.
    ///   - buckets: The collection's buckets.
    ///   - from: The first date.
    ///   - to: The last date.
    /// - Returns: One entry per bucket: its interval and its statistics (`nil` without data).
    /// - Complexity: O(n log n + m) for n inputs and m buckets.
    public func statistics(
        of inputs: [StatisticsInput], buckets: StatisticsBuckets, from: Date, through to: Date
    ) -> [(bucket: DateInterval, statistics: StatisticsResult?)] {
        let boundaries = buckets.boundaries(from: from, through: to)
        guard boundaries.count >= 2, let results = try? statistics(of: inputs, boundaries: boundaries) else {
            return []
        }
        return zip(zip(boundaries, boundaries.dropFirst()), results).map { pair, result in
            (DateInterval(start: pair.0, end: pair.1), result)
        }
    }

    /// The statistics of the buckets that have data, in order (`HKStatisticsCollection.statistics()`).
    ///
    /// The buckets cover the span of the inputs; the inputs are clipped to the buckets only, never to a
    /// predicate's range (§5.6).
    ///
    /// ```swift
    /// computation.collection(of: inputs, buckets: hourly).map(\.merged.sum)   // [100, 330, 70] for E6
    /// ```
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities in ``unit``.
    ///   - buckets: The collection's buckets.
    /// - Returns: The non-empty buckets' statistics.
    public func collection(of inputs: [StatisticsInput], buckets: StatisticsBuckets) -> [StatisticsResult] {
        guard let span = StatisticsInput.span(of: inputs) else { return [] }
        return statistics(of: inputs, buckets: buckets, from: span.start, through: span.end).compactMap(\.statistics)
    }
}
