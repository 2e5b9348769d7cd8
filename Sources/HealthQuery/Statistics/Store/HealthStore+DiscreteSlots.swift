import Foundation
import HealthCore
import HealthStorage

extension HealthStore {
    /// The per-slot aggregates of a discrete computation's type covering slots `range`, up to date with the
    /// store: from the cache (patched from the change log since), extended to the range, or built for it.
    ///
    /// Nil when the range is wider than ``DiscreteSlots/maxSpan``: such a query sweeps its samples.
    func discreteSlots(
        for computation: StatisticsComputation, covering range: Range<Int>
    ) async throws -> DiscreteSlots? {
        guard range.count <= DiscreteSlots.maxSpan else { return nil }
        let key = DiscreteSlots.Key(
            type: computation.typeIdentifier, unit: computation.unit, style: computation.aggregationStyle)
        let anchor = try await currentAnchor()
        var slots = DiscreteSlots(anchor: anchor)
        if let held = statisticsCache.discreteSlots(for: key), held.anchor <= anchor,
            let patched = try await patch(held, computation, to: anchor)
        {
            slots = patched
        }
        let union =
            slots.covered.isEmpty
            ? range
            : min(slots.covered.lowerBound, range.lowerBound)..<max(slots.covered.upperBound, range.upperBound)
        // Far from what is held (or too wide together): start again with the range alone.
        if union.count > DiscreteSlots.maxSpan || union.count > slots.covered.count + range.count {
            slots = DiscreteSlots(anchor: anchor)
        }
        if slots.covered.isEmpty {
            try await fill(&slots, range, computation)
        } else {
            let held = slots.covered
            if range.lowerBound < held.lowerBound {
                try await fill(&slots, range.lowerBound..<held.lowerBound, computation)
            }
            if range.upperBound > held.upperBound {
                try await fill(&slots, held.upperBound..<range.upperBound, computation)
            }
        }
        statisticsCache.store(slots, for: key)
        return slots
    }

    /// Applies the additions since `slots.anchor` to the covered slots; nil when something was deleted (the
    /// change log does not keep its span) or too much changed, and the slots must be built again.
    private func patch(
        _ slots: DiscreteSlots, _ computation: StatisticsComputation, to anchor: Int64
    ) async throws -> DiscreteSlots? {
        guard slots.anchor < anchor else { return slots }
        // The slots each addition touches, and the one before (a new quantity shortens the weight of its
        // source's previous instant).
        var touched: [Range<Int>] = []
        let walked = try await additions(
            of: .quantity(computation.typeIdentifier), after: slots.anchor, limit: Self.slotRebuildThreshold
        ) { stored in
            let start = stored.sample.startDate.timeIntervalSinceReferenceDate
            let end = stored.sample.endDate.timeIntervalSinceReferenceDate
            guard start.isFinite, end.isFinite, end >= start else { return }
            touched.append((MergedSlots.slot(containing: start) - 1)..<(MergedSlots.slot(containing: end) + 1))
        }
        guard walked != nil else { return nil }
        var patched = slots
        patched.anchor = anchor
        // Only the runs of slots the additions touch are read again (a day of 2016 and today's readings are two
        // small reads, not the years between), each a month per read like a build.
        for run in Self.merged(touched) {
            let lower = max(run.lowerBound, slots.covered.lowerBound)
            let upper = min(run.upperBound, slots.covered.upperBound)
            if lower < upper { try await fill(&patched, lower..<upper, computation) }
        }
        return patched
    }

    /// Ranges sorted and joined where they overlap or touch.
    static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            if let last = runs.last, range.lowerBound <= last.upperBound {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                runs.append(range)
            }
        }
        return runs
    }

    /// Computes slots `range` and adds them, a month of slots per storage read, two reads in flight.
    private func fill(
        _ slots: inout DiscreteSlots, _ range: Range<Int>, _ computation: StatisticsComputation
    ) async throws {
        guard !range.isEmpty else { return }
        let storage = self.storage
        var parts: [Int: ([DiscreteSlotEntry], [String])] = [:]
        try await withThrowingTaskGroup(of: (Int, [DiscreteSlotEntry], [String]).self) { group in
            var next = range.lowerBound
            var running = 0
            while next < range.upperBound || running > 0 {
                while running < Self.slotReadsInFlight, next < range.upperBound {
                    let part = next..<min(next + Self.slotsPerRead, range.upperBound)
                    group.addTask {
                        let (entries, names) = try await Self.discreteEntries(part, computation, storage)
                        return (part.lowerBound, entries, names)
                    }
                    next = part.upperBound
                    running += 1
                }
                guard let (start, entries, names) = try await group.next() else { break }
                parts[start] = (entries, names)
                running -= 1
            }
        }
        // In order into a fresh set (each part appended at its end), then into the held slots in one replacement:
        // inserting part by part at the front of years of entries would move them all each time.
        var filled = DiscreteSlots(anchor: slots.anchor)
        var start = range.lowerBound
        while start < range.upperBound {
            let end = min(start + Self.slotsPerRead, range.upperBound)
            if let (entries, names) = parts[start] { filled.replace(start..<end, with: entries, sourceNames: names) }
            start = end
        }
        slots.replace(range, with: filled.entries, sourceNames: filled.sources)
    }

    /// The entries of slots `range`, from every quantity of the type overlapping them and those starting up
    /// to ten minutes later (which bound the weights of the last instants).
    private static func discreteEntries(
        _ range: Range<Int>, _ computation: StatisticsComputation, _ storage: any SampleStorage
    ) async throws -> ([DiscreteSlotEntry], [String]) {
        let predicate =
            SamplePredicate.type(.quantity(computation.typeIdentifier))
            && .date(
                start: MergedSlots.start(ofSlot: range.lowerBound),
                end: MergedSlots.start(ofSlot: range.upperBound).addingTimeInterval(lookahead))
        let pieces: [QuantityPiece]
        do { pieces = try await storage.quantityPieces(matching: predicate, canonicalUnit: computation.unit) } catch {
            throw error.healthError
        }
        return DiscreteSlots.entries(
            of: pieces.map(StatisticsInput.init(piece:)), style: computation.aggregationStyle, slots: range)
    }
}
