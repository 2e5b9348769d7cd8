import Foundation
import HealthCore

/// Runs a ``StatisticsComputation`` over prepared pieces and bucket boundaries.
struct StatisticsEngine {
    let computation: StatisticsComputation
    let prepared: PreparedPieces
    let boundaries: BucketBoundaries

    init(_ computation: StatisticsComputation, _ prepared: PreparedPieces, _ boundaries: BucketBoundaries) {
        self.computation = computation
        self.prepared = prepared
        self.boundaries = boundaries
    }

    private var options: StatisticsOptions { computation.options }
    private var wantsSum: Bool { computation.aggregationStyle == .cumulative && options.contains(.cumulativeSum) }

    /// One result per bucket (`nil` without data).
    func results() -> [StatisticsResult?] {
        let merged = wantsSum ? MergeSweep(prepared, boundaries: boundaries).sums : nil
        let needsMembers = !options.subtracting(.cumulativeSum).isEmpty
        guard needsMembers else {
            let present = boundaries.presence(of: prepared.pieces)
            return (0..<boundaries.count).map { bucket in
                guard present[bucket] else { return nil }
                return result(bucket, merged: StatisticsValues(sum: merged?[bucket]), sources: nil, bySource: [:])
            }
        }
        var members = [[Int]](repeating: [], count: boundaries.count)
        for (index, piece) in prepared.pieces.enumerated() {
            for bucket in boundaries.buckets(of: piece) { members[bucket].append(index) }
        }
        let aggregation = DiscreteAggregation(prepared.pieces, sourceCount: prepared.sources.count)
        return (0..<boundaries.count).map { bucket in
            let indices = members[bucket]
            guard !indices.isEmpty else { return nil }
            var values = values(indices, bucket, aggregation)
            values.sum = merged?[bucket]
            guard options.contains(.separateBySource) else {
                return result(bucket, merged: values, sources: nil, bySource: [:])
            }
            var byRank: [Int: [Int]] = [:]
            for index in indices { byRank[prepared.pieces[index].rank, default: []].append(index) }
            var bySource: [String: StatisticsValues] = [:]
            for (rank, own) in byRank {
                var sourceValues = self.values(own, bucket, aggregation)
                if wantsSum {
                    var sum = 0.0
                    for index in own { sum += boundaries.share(of: prepared.pieces[index], inBucket: bucket) }
                    sourceValues.sum = sum
                }
                bySource[prepared.sources[rank]] = sourceValues
            }
            let sources = byRank.keys.sorted().map { prepared.sources[$0] }
            return result(bucket, merged: values, sources: sources, bySource: bySource)
        }
    }

    /// Everything but the sum, for the given pieces of one bucket.
    private func values(_ indices: [Int], _ bucket: Int, _ aggregation: DiscreteAggregation) -> StatisticsValues {
        let lower = boundaries.values[bucket]
        let upper = boundaries.values[bucket + 1]
        var values = StatisticsValues()
        if options.contains(.discreteAverage) {
            values.average = aggregation.average(computation.aggregationStyle, indices, lower, upper)
        }
        if options.contains(.discreteMin) { values.minimum = aggregation.minimum(indices) }
        if options.contains(.discreteMax) { values.maximum = aggregation.maximum(indices) }
        if options.contains(.mostRecent), let piece = aggregation.mostRecent(indices) {
            values.mostRecent = piece.value
            values.mostRecentInterval = DateInterval(
                start: Date(timeIntervalSinceReferenceDate: piece.start),
                end: Date(timeIntervalSinceReferenceDate: piece.end))
        }
        if options.contains(.duration) { values.duration = aggregation.unionDuration(indices, lower, upper) }
        return values
    }

    private func result(
        _ bucket: Int, merged: StatisticsValues, sources: [String]?, bySource: [String: StatisticsValues]
    ) -> StatisticsResult {
        StatisticsResult(
            startDate: Date(timeIntervalSinceReferenceDate: boundaries.values[bucket]),
            endDate: Date(timeIntervalSinceReferenceDate: boundaries.values[bucket + 1]),
            unit: computation.unit, merged: merged, sources: sources, bySource: bySource)
    }
}
