import Foundation

/// One input in engine form: times as seconds since the reference date, the source as a dense rank.
struct Piece: Sendable {
    /// Dense rank of the source (0 = highest priority among the sources present).
    var rank: Int
    var start: Double
    var end: Double
    var value: Double
    /// `value / (end − start)`; 0 for an instantaneous piece.
    var rate: Double
    var uuidHigh: UInt64
    var uuidLow: UInt64
    var seriesIndex: Int

    var isInstant: Bool { end == start }

    /// The summation order of §6.4: `(start, end, uuid)`, then series index, rank and value for totality.
    static func precedes(_ lhs: Piece, _ rhs: Piece) -> Bool {
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.end != rhs.end { return lhs.end < rhs.end }
        if lhs.uuidHigh != rhs.uuidHigh { return lhs.uuidHigh < rhs.uuidHigh }
        if lhs.uuidLow != rhs.uuidLow { return lhs.uuidLow < rhs.uuidLow }
        if lhs.seriesIndex != rhs.seriesIndex { return lhs.seriesIndex < rhs.seriesIndex }
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        return lhs.value < rhs.value
    }

    /// Whether the piece takes part in the half-open window `[lower, upper)`.
    func overlaps(_ lower: Double, _ upper: Double) -> Bool {
        isInstant ? (lower <= start && start < upper) : (start < upper && end > lower)
    }
}

/// The inputs sorted in summation order, with their sources ranked.
struct PreparedPieces: Sendable {
    /// Sorted by ``Piece/precedes(_:_:)``.
    var pieces: [Piece]
    /// Bundle identifier of each dense rank, highest priority first.
    var sources: [String]

    /// Ranks the sources present and sorts the pieces. Inputs that end before they start, or with
    /// non-finite times or values, are dropped.
    init(_ inputs: [StatisticsInput], order: SourceOrder) {
        // Inputs come in runs of one source (a storage's read gives each source's pieces one shared string), so
        // a source is hashed once per run instead of twice per input: that was about half of this initializer.
        var present: Set<String> = []
        var previous: String?
        for input in inputs where input.sourceBundleIdentifier != previous {
            previous = input.sourceBundleIdentifier
            present.insert(input.sourceBundleIdentifier)
        }
        let sources = order.sorted(present)
        var denseRank: [String: Int] = [:]
        for (index, source) in sources.enumerated() { denseRank[source] = index }
        var pieces: [Piece] = []
        pieces.reserveCapacity(inputs.count)
        var run: (source: String, rank: Int?)?
        for input in inputs {
            let start = input.start.timeIntervalSinceReferenceDate
            let end = input.end.timeIntervalSinceReferenceDate
            if run?.source != input.sourceBundleIdentifier {
                run = (input.sourceBundleIdentifier, denseRank[input.sourceBundleIdentifier])
            }
            guard start.isFinite, end.isFinite, input.value.isFinite, end >= start, let rank = run?.rank
            else { continue }
            let (high, low) = input.uuid.orderKey
            pieces.append(
                Piece(
                    rank: rank, start: start, end: end, value: input.value,
                    rate: end > start ? input.value / (end - start) : 0, uuidHigh: high, uuidLow: low,
                    seriesIndex: input.seriesIndex))
        }
        pieces.sort(by: Piece.precedes)
        self.pieces = pieces
        self.sources = sources
    }
}

extension UUID {
    /// The 16 bytes as two big-endian words: comparing them orders UUIDs like their strings.
    var orderKey: (UInt64, UInt64) {
        let bytes = uuid
        let high = [bytes.0, bytes.1, bytes.2, bytes.3, bytes.4, bytes.5, bytes.6, bytes.7]
        let low = [bytes.8, bytes.9, bytes.10, bytes.11, bytes.12, bytes.13, bytes.14, bytes.15]
        return (
            high.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }, low.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        )
    }
}

/// Bucket lookup over strictly increasing boundaries `b[0] < … < b[m]`; bucket `j` is `[b[j], b[j+1])`.
struct BucketBoundaries: Sendable {
    var values: [Double]
    /// True for a zero-length window: its one bucket holds nothing.
    var holdsNothing = false

    var count: Int { values.count - 1 }
    var lower: Double { values[0] }
    var upper: Double { values[values.count - 1] }

    /// The bucket holding `time` (`lower <= time < upper` is the caller's duty): the largest `j` with
    /// `b[j] <= time`.
    func bucket(containing time: Double) -> Int {
        var low = 0
        var high = count  // invariant: b[low] <= time < b[high]
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if values[middle] <= time { low = middle } else { high = middle }
        }
        return low
    }

    /// The buckets a piece takes part in, as a half-open index range (empty when it misses them all).
    func buckets(of piece: Piece) -> Range<Int> {
        if holdsNothing { return 0..<0 }
        if piece.isInstant {
            guard lower <= piece.start, piece.start < upper else { return 0..<0 }
            let index = bucket(containing: piece.start)
            return index..<(index + 1)
        }
        let start = max(piece.start, lower)
        let end = min(piece.end, upper)
        guard start < end else { return 0..<0 }
        let first = bucket(containing: start)
        var low = first  // invariant: b[low] < end
        var high = count  // invariant: b[high] >= end
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if values[middle] < end { low = middle } else { high = middle }
        }
        return first..<(low + 1)
    }
}
