import Foundation

/// The merged sum of one cumulative type under one source order, per 15-minute slot of absolute time.
///
/// Slot `k` covers `[k·900, (k+1)·900)` seconds since 2001-01-01 UTC, so every bucket that starts and ends on a
/// quarter hour — hours, days, weeks, months and years in every time zone in use, whose offsets are all
/// multiples of 15 minutes — is a whole number of slots, and its merged sum is the sum of its slots' (the
/// merge is additive across adjacent intervals: reference §6.4). See docs/decisions/0002-statistics-slots.md.
struct MergedSlots: Sendable {
    /// The length of a slot, in seconds.
    static let length: Double = 900

    /// The store's anchor the slots reflect (every change up to it is in).
    var anchor: Int64
    /// The index of the first slot held.
    var first: Int
    /// Each slot's merged sum (0 without data).
    var sums: [Double]
    /// Whether any selected quantity takes part in the slot (HealthKit reports a bucket only then).
    var present: [Bool]
    /// Whether the store's settings hold exactly these slots (read from there, or saved after the last change).
    var isSaved = false

    /// No slots yet.
    init(anchor: Int64) {
        self.anchor = anchor
        self.first = 0
        self.sums = []
        self.present = []
    }

    /// The slot index of a time on the grid, or nil when it is off the grid (or out of range).
    static func slot(exactly date: Date) -> Int? {
        let slots = date.timeIntervalSinceReferenceDate / length
        guard slots.isFinite, abs(slots) < 0x1p50, slots == slots.rounded() else { return nil }
        return Int(slots)
    }

    /// The slot holding a time.
    static func slot(containing seconds: Double) -> Int {
        Int((seconds / length).rounded(.down))
    }

    /// The start of a slot.
    static func start(ofSlot slot: Int) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(slot) * length)
    }

    /// One past the last slot held.
    var end: Int { first + sums.count }

    /// The longest span slots are kept for: 60 years of 15-minute slots (2.1M slots, about 19 MB). A type whose
    /// samples span more (a date in year 0 or 9999 among them) has no slots; its statistics sweep the samples.
    static let maxSpan = 60 * 366 * 96

    /// Thrown when slots would have to span more than ``maxSpan``.
    struct SpanTooLong: Error {}

    /// The slots with data: the first and last present slot, or nil when none has data.
    var presentRange: ClosedRange<Int>? {
        guard let low = present.firstIndex(of: true), let high = present.lastIndex(of: true) else { return nil }
        return (first + low)...(first + high)
    }

    /// Makes room for slots `range` (keeping what is held).
    mutating func cover(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if sums.isEmpty {
            first = range.lowerBound
            sums = Array(repeating: 0, count: range.count)
            present = Array(repeating: false, count: range.count)
            return
        }
        if range.lowerBound < first {
            let extra = first - range.lowerBound
            sums.insert(contentsOf: repeatElement(0, count: extra), at: 0)
            present.insert(contentsOf: repeatElement(false, count: extra), at: 0)
            first = range.lowerBound
        }
        if range.upperBound > end {
            let extra = range.upperBound - end
            sums.append(contentsOf: repeatElement(0, count: extra))
            present.append(contentsOf: repeatElement(false, count: extra))
        }
    }

    /// Replaces slots `from ..< from + values.count`, which must be held.
    mutating func replace(from slot: Int, sums newSums: [Double], present newPresent: [Bool]) {
        let offset = slot - first
        sums.replaceSubrange(offset..<(offset + newSums.count), with: newSums)
        present.replaceSubrange(offset..<(offset + newPresent.count), with: newPresent)
    }

    /// The sum of slots `range` and whether any of them has data; slots not held count as empty.
    func total(_ range: Range<Int>) -> (sum: Double, present: Bool) {
        let low = max(range.lowerBound, first) - first
        let high = min(range.upperBound, end) - first
        guard low < high else { return (0, false) }
        var sum = 0.0
        var any = false
        for index in low..<high where present[index] {
            sum += sums[index]
            any = true
        }
        return (sum, any)
    }
}
