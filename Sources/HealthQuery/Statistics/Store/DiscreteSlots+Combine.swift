import Foundation
import HealthCore

extension DiscreteSlots {
    /// What the slots say about one bucket.
    enum BucketAnswer {
        /// No quantity takes part in the bucket.
        case empty
        /// The bucket's statistics, equal to the swept ones up to rounding.
        case result(StatisticsResult)
        /// The slots cannot answer exactly (a quantity over a slot edge, or a weight the bucket's end clips):
        /// sweep the bucket's samples.
        case sweep
    }

    /// The statistics of the bucket made of slots `range` (which must be covered), as the engine computes them
    /// from the samples (§5.5 rules 5–8).
    ///
    /// - Parameter ranks: The rank of each of ``sources`` in the computation's source order.
    func answer(
        _ range: Range<Int>, _ computation: StatisticsComputation, ranks: [SourceRank]
    ) -> BucketAnswer {
        let slice = entries(in: range)
        guard !slice.isEmpty else { return .empty }
        let bySource = computation.options.contains(.separateBySource)
        var merged = Aggregate()
        var own: [Int32: Aggregate] = [:]
        var overflowsAtEnd = false
        for entry in slice {
            guard entry.isExact else { return .sweep }
            if entry.slot == range.upperBound - 1, entry.overflows { overflowsAtEnd = true }
            merged.add(entry, rank: ranks[Int(entry.source)])
            if bySource { own[entry.source, default: Aggregate()].add(entry, rank: ranks[Int(entry.source)]) }
        }
        if computation.aggregationStyle != .discreteArithmetic, merged.hasDurations, overflowsAtEnd { return .sweep }
        let lower = MergedSlots.start(ofSlot: range.lowerBound)
        let upper = MergedSlots.start(ofSlot: range.upperBound)
        var result = StatisticsResult(
            startDate: lower, endDate: upper, unit: computation.unit, merged: merged.values(computation))
        if bySource {
            let names = own.keys.sorted { ranks[Int($0)] < ranks[Int($1)] }.map { sources[Int($0)] }
            result.sources = names
            for (source, aggregate) in own { result.bySource[sources[Int(source)]] = aggregate.values(computation) }
        }
        return .result(result)
    }

    /// Slot entries combined.
    private struct Aggregate {
        var count = 0
        var sum = 0.0
        var weighted = 0.0
        var weight = 0.0
        var minimum = Double.infinity
        var maximum = -Double.infinity
        var hasDurations = false
        var last: (value: Double, start: Double, end: Double, rank: SourceRank)?

        mutating func add(_ entry: DiscreteSlotEntry, rank: SourceRank) {
            count += entry.count
            sum += entry.sum
            weighted += entry.weighted
            weight += entry.weight
            minimum = min(minimum, entry.minimum)
            maximum = max(maximum, entry.maximum)
            hasDurations = hasDurations || entry.hasDurations
            // Latest end, then latest start, then the higher priority (one source's quantities are in one
            // entry per slot, and a later slot's are always more recent).
            let candidate = (value: entry.lastValue, start: entry.lastStart, end: entry.lastEnd, rank: rank)
            guard let current = last else {
                last = candidate
                return
            }
            if candidate.end != current.end {
                if candidate.end > current.end { last = candidate }
            } else if candidate.start != current.start {
                if candidate.start > current.start { last = candidate }
            } else if candidate.rank < current.rank {
                last = candidate
            }
        }

        func average(_ style: AggregationStyle) -> Double? {
            guard count > 0 else { return nil }
            let mean = sum / Double(count)
            switch style {
            case .cumulative, .discreteArithmetic:
                return mean
            case .discreteTemporallyWeighted:
                guard hasDurations, weight > 0 else { return mean }
                return weighted / weight
            case .discreteEquivalentContinuousLevel:
                guard hasDurations else { return 10 * log10(mean) }
                return weight > 0 ? 10 * log10(weighted / weight) : nil
            }
        }

        func values(_ computation: StatisticsComputation) -> StatisticsValues {
            let options = computation.options
            var values = StatisticsValues()
            if options.contains(.discreteAverage) { values.average = average(computation.aggregationStyle) }
            if options.contains(.discreteMin), count > 0 { values.minimum = minimum }
            if options.contains(.discreteMax), count > 0 { values.maximum = maximum }
            if options.contains(.mostRecent), let last {
                values.mostRecent = last.value
                values.mostRecentInterval = DateInterval(
                    start: Date(timeIntervalSinceReferenceDate: last.start),
                    end: Date(timeIntervalSinceReferenceDate: last.end))
            }
            return values
        }
    }
}
