import Foundation
import HealthCore
import HealthStorage

extension HealthStore {
    /// The options the discrete slots answer (a duration needs the union of intervals, which does not add up
    /// across slots).
    private static let discreteSlotOptions: StatisticsOptions = [
        .discreteAverage, .discreteMin, .discreteMax, .mostRecent, .separateBySource,
    ]

    /// A discrete type's collection answered from its per-slot aggregates (docs/decisions/0011-discrete-slots.md),
    /// or nil when the query is not one they answer: a cumulative type, a duration, a predicate other than
    /// none or one plain date window, an app that may not read the type, or buckets off the quarter-hour grid.
    ///
    /// Buckets wholly inside the window are combined from the slots, unless a quantity of theirs reaches over a
    /// slot edge (or a weight their end clips); those and the buckets at the window's edges are swept from the
    /// samples as before.
    func discreteSlotCollection(
        _ type: QuantityTypeIdentifier, _ predicate: SamplePredicate, _ computation: StatisticsComputation,
        _ buckets: StatisticsBuckets
    ) async throws -> StatisticsCollection? {
        let options = computation.options
        guard computation.aggregationStyle != .cumulative, options.isSubset(of: Self.discreteSlotOptions),
            !options.subtracting(.separateBySource).isEmpty,
            let (windowStart, windowEnd) = Self.plainWindow(predicate),
            Self.onGrid(buckets.start(ofBucket: 0)), Self.onGrid(buckets.start(ofBucket: 1)),
            try await authorizationRecord().canRead(.quantity(type))
        else { return nil }
        let empty = StatisticsCollection(buckets: buckets, unit: computation.unit, results: [])
        var low = windowStart
        var high = windowEnd
        if low == nil || high == nil {
            guard let span = try await selectedSpan(type, predicate: predicate) else { return empty }
            low = low ?? span.start
            high = high ?? span.end
        }
        // Samples straddling the window's edges take part in buckets outside it.
        guard let low, let high,
            let (from, through) = try await selectedExtent(type, predicate, windowStart, windowEnd, within: low, high),
            let indices = buckets.indices(from: from, through: through)
        else { return empty }
        // The buckets wholly inside the window, and the slots they span.
        var inside: [(index: Int, slots: Range<Int>)] = []
        var swept: [Int] = []
        for index in indices {
            guard let lower = buckets.start(ofBucket: index), let upper = buckets.start(ofBucket: index + 1) else {
                return nil
            }
            let isInside = (windowStart.map { lower >= $0 } ?? true) && (windowEnd.map { upper <= $0 } ?? true)
            guard isInside else {
                swept.append(index)
                continue
            }
            guard let first = MergedSlots.slot(exactly: lower), let end = MergedSlots.slot(exactly: upper) else {
                return nil
            }
            inside.append((index, first..<end))
        }
        var results: [StatisticsResult] = []
        if let low = inside.first?.slots.lowerBound, let high = inside.last?.slots.upperBound {
            guard let slots = try await discreteSlots(for: computation, covering: low..<high) else { return nil }
            let ranks = slots.sources.map(computation.sourceOrder.rank(of:))
            for (index, range) in inside {
                switch slots.answer(range, computation, ranks: ranks) {
                case .empty: continue
                case .result(let result): results.append(result)
                case .sweep: swept.append(index)
                }
            }
        }
        swept.sort()
        var runStart = 0
        while runStart < swept.count {
            var runEnd = runStart
            while runEnd + 1 < swept.count, swept[runEnd + 1] == swept[runEnd] + 1 { runEnd += 1 }
            results += try await sweptResults(type, predicate, computation, buckets, swept[runStart]...swept[runEnd])
            runStart = runEnd + 1
        }
        results.sort { $0.startDate < $1.startDate }
        return StatisticsCollection(buckets: buckets, unit: computation.unit, results: results)
    }
}
