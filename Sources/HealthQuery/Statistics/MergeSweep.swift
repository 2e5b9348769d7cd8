/// The §6.4 sweep over sorted pieces and bucket boundaries: one pass, every bucket's merged sum.
///
/// Elementary segments are the intervals between consecutive piece endpoints and bucket boundaries. Each
/// segment goes to the lowest-rank source with an active piece, which adds its active rate total times the
/// segment length (same-source overlaps add). Instantaneous pieces count in full unless a higher-priority
/// source has an active piece at their instant.
struct MergeSweep {
    /// The merged sum of every bucket (0 for a bucket without data; see ``hasData``).
    private(set) var sums: [Double]

    init(_ prepared: PreparedPieces, boundaries: BucketBoundaries) {
        let bucketCount = boundaries.count
        var sums = [Double](repeating: 0, count: bucketCount)
        guard !boundaries.holdsNothing else {
            self.sums = sums
            return
        }
        let lower = boundaries.lower
        let upper = boundaries.upper

        // Events: starts come out sorted because pieces are sorted by start; ends need a sort.
        var starts: [(time: Double, piece: Int)] = []
        var ends: [(time: Double, piece: Int)] = []
        var instants: [Int] = []
        for (index, piece) in prepared.pieces.enumerated() {
            if piece.isInstant {
                if lower <= piece.start, piece.start < upper { instants.append(index) }
                continue
            }
            let start = max(piece.start, lower)
            let end = min(piece.end, upper)
            guard start < end else { continue }
            starts.append((start, index))
            ends.append((end, index))
        }
        ends.sort { $0.time != $1.time ? $0.time < $1.time : $0.piece < $1.piece }

        var activeCount = [Int](repeating: 0, count: prepared.sources.count)
        var rateTotal = [Double](repeating: 0, count: prepared.sources.count)
        var heap = RankHeap()
        var bucket = 0
        var cursor = lower
        var nextStart = 0
        var nextEnd = 0
        var nextInstant = 0

        while nextStart < starts.count || nextEnd < ends.count || nextInstant < instants.count {
            var time = Double.infinity
            if nextStart < starts.count { time = min(time, starts[nextStart].time) }
            if nextEnd < ends.count { time = min(time, ends[nextEnd].time) }
            if nextInstant < instants.count { time = min(time, prepared.pieces[instants[nextInstant]].start) }

            // The segment [cursor, time) belongs to the top-ranked active source, split at bucket boundaries.
            if let winner = heap.top(where: { activeCount[$0] > 0 }), cursor < time {
                let rate = rateTotal[winner]
                var from = cursor
                while from < time {
                    while bucket + 1 < bucketCount, boundaries.values[bucket + 1] <= from { bucket += 1 }
                    let to = min(time, boundaries.values[bucket + 1])
                    sums[bucket] += rate * (to - from)
                    from = to
                }
            }
            cursor = max(cursor, time)

            while nextEnd < ends.count, ends[nextEnd].time == time {
                let piece = prepared.pieces[ends[nextEnd].piece]
                activeCount[piece.rank] -= 1
                rateTotal[piece.rank] = activeCount[piece.rank] == 0 ? 0 : rateTotal[piece.rank] - piece.rate
                nextEnd += 1
            }
            while nextStart < starts.count, starts[nextStart].time == time {
                let piece = prepared.pieces[starts[nextStart].piece]
                if activeCount[piece.rank] == 0 { heap.push(piece.rank) }
                activeCount[piece.rank] += 1
                rateTotal[piece.rank] += piece.rate
                nextStart += 1
            }
            if nextInstant < instants.count, prepared.pieces[instants[nextInstant]].start == time {
                let covering = heap.top(where: { activeCount[$0] > 0 })
                while bucket + 1 < bucketCount, boundaries.values[bucket + 1] <= time { bucket += 1 }
                while nextInstant < instants.count, prepared.pieces[instants[nextInstant]].start == time {
                    let piece = prepared.pieces[instants[nextInstant]]
                    if covering.map({ $0 >= piece.rank }) ?? true { sums[bucket] += piece.value }
                    nextInstant += 1
                }
            }
        }
        self.sums = sums
    }
}

/// A binary min-heap of source ranks with lazy deletion: stale entries are dropped when they reach the top.
struct RankHeap {
    private var storage: [Int] = []

    mutating func push(_ rank: Int) {
        storage.append(rank)
        var child = storage.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child] < storage[parent] else { break }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    /// The smallest rank that is still live, after discarding dead ones from the top.
    mutating func top(where isLive: (Int) -> Bool) -> Int? {
        while let first = storage.first {
            if isLive(first) { return first }
            popMin()
        }
        return nil
    }

    private mutating func popMin() {
        let last = storage.removeLast()
        guard !storage.isEmpty else { return }
        storage[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < storage.count, storage[left] < storage[smallest] { smallest = left }
            if right < storage.count, storage[right] < storage[smallest] { smallest = right }
            if smallest == parent { return }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
