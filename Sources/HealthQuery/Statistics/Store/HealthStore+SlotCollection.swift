import Foundation
import HealthCore
import HealthStorage

extension HealthStore {
    /// A cumulative-sum collection answered from the merged slots (docs/decisions/0002-statistics-slots.md),
    /// or nil when the query is not one the slots can answer exactly: other options, a predicate other than
    /// none or one plain date window, an app that may not read the type (it sees only its own samples), or
    /// buckets off the quarter-hour grid (minute buckets, an anchor at 12:07).
    ///
    /// With a date window, buckets wholly inside it equal the unrestricted ones (every sample overlapping them
    /// overlaps the window); the buckets at its edges, which hold only parts of the selected samples, are
    /// swept from the samples as before.
    func slotCollection(
        _ type: QuantityTypeIdentifier, _ predicate: SamplePredicate, _ computation: StatisticsComputation,
        _ buckets: StatisticsBuckets, persistence: SlotPersistence
    ) async throws -> StatisticsCollection? {
        guard computation.aggregationStyle == .cumulative, computation.options == .cumulativeSum,
            let (windowStart, windowEnd) = Self.plainWindow(predicate),
            Self.onGrid(buckets.start(ofBucket: 0)), Self.onGrid(buckets.start(ofBucket: 1)),
            try await authorizationRecord().canRead(.quantity(type))
        else { return nil }
        let empty = StatisticsCollection(buckets: buckets, unit: computation.unit, results: [])
        guard let slots = try await mergedSlots(for: computation, persistence: persistence) else { return nil }
        guard let present = slots.presentRange,
            let (from, through) = try await selectedExtent(
                type, predicate, windowStart, windowEnd,
                within: MergedSlots.start(ofSlot: present.lowerBound), MergedSlots.start(ofSlot: present.upperBound)),
            let indices = buckets.indices(from: from, through: through)
        else { return empty }
        var results: [StatisticsResult] = []
        var swept: [Int] = []
        for index in indices {
            guard let lower = buckets.start(ofBucket: index), let upper = buckets.start(ofBucket: index + 1) else {
                return nil
            }
            let inside = (windowStart.map { lower >= $0 } ?? true) && (windowEnd.map { upper <= $0 } ?? true)
            guard inside else {
                swept.append(index)
                continue
            }
            guard let first = MergedSlots.slot(exactly: lower), let end = MergedSlots.slot(exactly: upper) else {
                return nil
            }
            let total = slots.total(first..<end)
            guard total.present else { continue }
            results.append(
                StatisticsResult(
                    startDate: lower, endDate: upper, unit: computation.unit,
                    merged: StatisticsValues(sum: total.sum)))
        }
        // The edge buckets, a run of neighbours per read.
        var runStart = 0
        while runStart < swept.count {
            var runEnd = runStart
            while runEnd + 1 < swept.count, swept[runEnd + 1] == swept[runEnd] + 1 { runEnd += 1 }
            results += try await sweptResults(
                type, predicate, computation, buckets, swept[runStart]...swept[runEnd])
            runStart = runEnd + 1
        }
        results.sort { $0.startDate < $1.startDate }
        return StatisticsCollection(buckets: buckets, unit: computation.unit, results: results)
    }

    /// From the earliest start to the latest end of the selected samples, to bucket precision: `low...high`
    /// (the held slots' extent, or the window) bounds it inside the window; two small reads give how far
    /// samples straddling its edges reach out (sorting all selected samples by end would scan every later
    /// sample of the type).
    func selectedExtent(
        _ type: QuantityTypeIdentifier, _ predicate: SamplePredicate, _ windowStart: Date?, _ windowEnd: Date?,
        within low: Date, _ high: Date
    ) async throws -> (Date, Date)? {
        var from = low
        var through = high
        let scoped = SamplePredicate.type(.quantity(type)) && predicate
        if let windowStart {
            from = max(from, windowStart)
            let straddling = scoped && .date(start: nil, end: windowStart)
            if let first = try await fetchStored(straddling, sort: [.startDate], limit: 1).first {
                from = min(from, first.sample.startDate)
            }
        }
        if let windowEnd {
            through = min(through, windowEnd)
            let straddling = scoped && .date(start: windowEnd, end: nil)
            let latest = SampleSortOrder(.endDate, ascending: false)
            if let last = try await fetchStored(straddling, sort: [latest], limit: 1).first {
                through = max(through, last.sample.endDate)
            }
        }
        return from <= through ? (from, through) : nil
    }

    /// The window of a predicate that is nothing but a plain (overlap) date window, `(nil, nil)` for `.all`;
    /// nil for anything else.
    static func plainWindow(_ predicate: SamplePredicate) -> (Date?, Date?)? {
        switch predicate.node {
        case .all: return (nil, nil)
        case .date(let start, let end, let options) where options.isEmpty: return (start, end)
        default: return nil
        }
    }

    static func onGrid(_ date: Date?) -> Bool {
        date.flatMap(MergedSlots.slot(exactly:)) != nil
    }
}
