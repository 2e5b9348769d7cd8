public import Foundation

/// The multi-source merge of cumulative quantities (§6.4): where sources overlap, the highest-priority one
/// counts; elsewhere every source fills its own gaps.
///
/// Each input is a uniform rate over its interval and is prorated by time. Within one source, overlapping
/// inputs add up. An instantaneous input counts in full unless a higher-priority source covers its instant.
///
/// ```swift
/// let merge = CumulativeMerge(order: SourceOrder([watch, phone]))
/// // Watch 09:00–09:10 1000 steps, iPhone 09:05–09:15 600 steps
/// merge.sum(of: inputs, in: day)               // 1300: 500 Watch only + 500 Watch over iPhone + 300 iPhone only
/// merge.sumsBySource(of: inputs, in: day)      // [watch: 1000, phone: 600]
/// ```
///
/// ## Topics
/// - ``sum(of:in:)``
/// - ``sums(of:boundaries:)``
/// - ``sumsBySource(of:in:)``
/// - ``sumsBySource(of:boundaries:)``
public struct CumulativeMerge: Sendable, Hashable {
    /// The source priority used to resolve overlaps.
    public var order: SourceOrder

    /// Creates a merge with a source order.
    /// - Parameter order: The per-type source order, highest priority first.
    public init(order: SourceOrder) {
        self.order = order
    }

    /// The merged sum over one window, or `nil` when no input takes part in it.
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities, in any order.
    ///   - window: The half-open window `[start, end)`; `nil` for the whole timeline.
    /// - Returns: The merged sum in the inputs' unit, or `nil` for no data.
    /// - Complexity: O(n log n).
    public func sum(of inputs: [StatisticsInput], in window: DateInterval?) -> Double? {
        let boundaries = BucketBoundaries(window: window)
        return sums(PreparedPieces(inputs, order: order), boundaries)[0]
    }

    /// The merged sum of every bucket, in one sweep.
    ///
    /// Bucket `j` is `[boundaries[j], boundaries[j+1])`. This is the fast path for daily totals over years.
    ///
    /// ```swift
    /// merge.sums(of: inputs, boundaries: [nine, ten, eleven])   // [800, 600] for E9
    /// ```
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities, in any order.
    ///   - boundaries: At least two strictly increasing dates.
    /// - Returns: One value per bucket: the merged sum, or `nil` when no input takes part in the bucket.
    /// - Throws: ``StatisticsError/Code/invalidBoundaries`` when the boundaries are too few or not increasing.
    /// - Complexity: O(n log n + m log m) for n inputs and m buckets (plus m for the result).
    public func sums(of inputs: [StatisticsInput], boundaries: [Date]) throws(StatisticsError) -> [Double?] {
        sums(PreparedPieces(inputs, order: order), try BucketBoundaries(dates: boundaries))
    }

    /// Every source's own sum over one window: prorated, same-source overlaps added, nothing suppressed.
    ///
    /// These do not add up to ``sum(of:in:)`` where sources overlap.
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities.
    ///   - window: The half-open window; `nil` for the whole timeline.
    /// - Returns: The sum of each source with at least one input taking part in the window.
    /// - Complexity: O(n log n).
    public func sumsBySource(of inputs: [StatisticsInput], in window: DateInterval?) -> [String: Double] {
        bySource(PreparedPieces(inputs, order: order), BucketBoundaries(window: window))[0]
    }

    /// Every source's own sum in every bucket.
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities.
    ///   - boundaries: At least two strictly increasing dates.
    /// - Returns: One dictionary per bucket (empty when no input takes part in it).
    /// - Throws: ``StatisticsError/Code/invalidBoundaries`` for bad boundaries.
    /// - Complexity: O(n log n + Σ buckets per input).
    public func sumsBySource(
        of inputs: [StatisticsInput], boundaries: [Date]
    ) throws(StatisticsError) -> [[String: Double]] {
        bySource(PreparedPieces(inputs, order: order), try BucketBoundaries(dates: boundaries))
    }

    private func sums(_ prepared: PreparedPieces, _ boundaries: BucketBoundaries) -> [Double?] {
        let merged = MergeSweep(prepared, boundaries: boundaries).sums
        let present = boundaries.presence(of: prepared.pieces)
        return zip(merged, present).map { $1 ? $0 : nil }
    }

    private func bySource(_ prepared: PreparedPieces, _ boundaries: BucketBoundaries) -> [[String: Double]] {
        var result = [[Int: Double]](repeating: [:], count: boundaries.count)
        for piece in prepared.pieces {
            for bucket in boundaries.buckets(of: piece) {
                result[bucket][piece.rank, default: 0] += boundaries.share(of: piece, inBucket: bucket)
            }
        }
        return result.map { sums in
            Dictionary(uniqueKeysWithValues: sums.map { (prepared.sources[$0.key], $0.value) })
        }
    }
}

extension BucketBoundaries {
    /// One bucket for a window, or the whole timeline for `nil`.
    init(window: DateInterval?) {
        if let window {
            let start = window.start.timeIntervalSinceReferenceDate
            let end = window.end.timeIntervalSinceReferenceDate
            // A zero-length window holds nothing; keep the boundaries strictly increasing.
            self.values = [start, end > start ? end : start.nextUp]
            self.holdsNothing = !(end > start)
        } else {
            self.values = [-Double.infinity, Double.infinity]
        }
    }

    /// Validated boundaries from dates.
    init(dates: [Date]) throws(StatisticsError) {
        let values = dates.map(\.timeIntervalSinceReferenceDate)
        guard values.count >= 2 else {
            throw StatisticsError(.invalidBoundaries, "need at least two boundaries, got \(values.count)")
        }
        for index in 1..<values.count where !(values[index - 1] < values[index]) {
            throw StatisticsError(.invalidBoundaries, "boundary \(index) does not follow boundary \(index - 1)")
        }
        self.values = values
    }

    /// Whether each bucket has at least one piece taking part in it (a difference array over bucket ranges).
    func presence(of pieces: [Piece]) -> [Bool] {
        var difference = [Int](repeating: 0, count: count + 1)
        for piece in pieces {
            let range = buckets(of: piece)
            guard !range.isEmpty else { continue }
            difference[range.lowerBound] += 1
            difference[range.upperBound] -= 1
        }
        var running = 0
        return (0..<count).map { index in
            running += difference[index]
            return running > 0
        }
    }

    /// The piece's prorated contribution to one bucket (its full value when instantaneous).
    func share(of piece: Piece, inBucket bucket: Int) -> Double {
        if piece.isInstant { return piece.value }
        let start = max(piece.start, values[bucket])
        let end = min(piece.end, values[bucket + 1])
        return end > start ? piece.rate * (end - start) : 0
    }
}
