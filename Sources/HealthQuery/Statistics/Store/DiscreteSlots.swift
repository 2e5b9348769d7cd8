import Foundation
import HealthCore

/// One source's quantities of a discrete type in one 15-minute slot, reduced to what combines across slots:
/// count, sums, extremes and the most recent quantity (docs/decisions/0011-discrete-slots.md).
struct DiscreteSlotEntry: Sendable {
    /// The slot (see ``MergedSlots/slot(containing:)``).
    var slot: Int
    /// The source: an index into ``DiscreteSlots/sources``.
    var source: Int32
    /// Whether the slot's quantities of this source combine exactly: false when a quantity with a duration
    /// reaches over a slot edge (it takes part in two buckets, with a clipped weight), so a bucket holding the
    /// slot is swept from the samples.
    var isExact = true
    /// Whether a quantity has a duration (only then do weights apply, §5.5 rules 6 and 7).
    var hasDurations = false
    /// Whether an instantaneous quantity's weight reaches past the slot's end: exact unless the slot ends a
    /// bucket whose weights apply (the weight is then clipped to the bucket).
    var overflows = false
    var count = 0
    /// Σ value; for an equivalent-continuous-level type, Σ 10^(value/10).
    var sum = 0.0
    /// Σ weight·value; for an equivalent-continuous-level type, Σ weight·10^(value/10).
    var weighted = 0.0
    /// Σ weight.
    var weight = 0.0
    var minimum = Double.infinity
    var maximum = -Double.infinity
    /// The most recent quantity of the source in the slot (§5.5 rule 8).
    var lastValue = 0.0
    var lastStart = -Double.infinity
    var lastEnd = -Double.infinity

    init(slot: Int, source: Int32) {
        self.slot = slot
        self.source = source
    }
}

/// The per-slot, per-source aggregates of one discrete quantity type over a covered range of slots — what
/// makes a year of heart-rate minimum, maximum and average a read of memory instead of a sweep of 100,000
/// samples.
///
/// Unlike ``MergedSlots`` they do not depend on a source order (sources are kept apart and combined per
/// query) nor on the requested options. They cover the slots queries asked for, extended on demand, and are
/// kept in memory only (``StatisticsCache``).
struct DiscreteSlots: Sendable {
    /// What the slots are of: a type in its canonical unit, combined by its style.
    struct Key: Sendable, Hashable {
        var type: QuantityTypeIdentifier
        var unit: HealthUnit
        var style: AggregationStyle
    }

    /// The most slots covered: eleven years (the dashboard's ten-year view and a margin; about 3 MB per year of
    /// a watch's heart rate). Wider queries are swept.
    static let maxSpan = 11 * 366 * 96

    /// The store's anchor the slots reflect.
    var anchor: Int64
    /// The covered slots: every quantity of the type in them is in ``entries``.
    var covered: Range<Int>
    /// Sorted by slot, then source.
    var entries: [DiscreteSlotEntry] = []
    /// Bundle identifiers of the sources, by index.
    var sources: [String] = []
    private var sourceIndex: [String: Int32] = [:]

    init(anchor: Int64, covered: Range<Int> = 0..<0) {
        self.anchor = anchor
        self.covered = covered
    }

    /// Replaces the entries of slots `range` by `newEntries` (sorted, inside `range`, their sources indexing
    /// `names`), and covers the range. The range must overlap or touch the covered slots, or nothing be covered.
    mutating func replace(_ range: Range<Int>, with newEntries: [DiscreteSlotEntry], sourceNames names: [String]) {
        guard !range.isEmpty else { return }
        var mapping: [Int32] = []
        for name in names { mapping.append(index(of: name)) }
        let low = lowerBound(range.lowerBound)
        let high = lowerBound(range.upperBound)
        entries.replaceSubrange(
            low..<high,
            with: newEntries.map { entry in
                var entry = entry
                entry.source = mapping[Int(entry.source)]
                return entry
            })
        covered =
            covered.isEmpty
            ? range : min(covered.lowerBound, range.lowerBound)..<max(covered.upperBound, range.upperBound)
    }

    private mutating func index(of name: String) -> Int32 {
        if let index = sourceIndex[name] { return index }
        let index = Int32(sources.count)
        sources.append(name)
        sourceIndex[name] = index
        return index
    }

    /// The first entry at or after `slot`.
    func lowerBound(_ slot: Int) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].slot < slot { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The entries of slots `range`.
    func entries(in range: Range<Int>) -> ArraySlice<DiscreteSlotEntry> {
        entries[lowerBound(range.lowerBound)..<lowerBound(range.upperBound)]
    }
}
