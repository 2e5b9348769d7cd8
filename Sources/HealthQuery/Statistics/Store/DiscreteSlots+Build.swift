import Foundation
import HealthCore

extension DiscreteSlots {
    /// The entries of slots `range` from the quantities read for them: every quantity overlapping the range,
    /// plus those starting up to ten minutes after it (they bound the weights of the range's last instants).
    ///
    /// - Returns: Entries sorted by slot then source, whose sources index the returned names.
    static func entries(
        of inputs: [StatisticsInput], style: AggregationStyle, slots range: Range<Int>
    ) -> (entries: [DiscreteSlotEntry], sourceNames: [String]) {
        let prepared = PreparedPieces(inputs, order: SourceOrder())
        let aggregation = DiscreteAggregation(prepared.pieces, sourceCount: prepared.sources.count)
        var builder = Builder(style: style, range: range)
        for index in prepared.pieces.indices {
            builder.add(prepared.pieces[index], gap: aggregation.gaps[index])
        }
        return (builder.finish(), prepared.sources)
    }

    /// Accumulates entries keyed by slot and source rank.
    private struct Builder {
        let style: AggregationStyle
        let range: Range<Int>
        var accumulators: [Key: Accumulator] = [:]

        struct Key: Hashable {
            var slot: Int
            var rank: Int
        }

        struct Accumulator {
            var entry: DiscreteSlotEntry
            var last: Piece?

            init(_ slot: Int, _ rank: Int) {
                entry = DiscreteSlotEntry(slot: slot, source: Int32(rank))
                last = nil
            }
        }

        init(style: AggregationStyle, range: Range<Int>) {
            self.style = style
            self.range = range
        }

        mutating func add(_ piece: Piece, gap: Double) {
            if piece.isInstant {
                let slot = MergedSlots.slot(containing: piece.start)
                guard range.contains(slot) else { return }
                // The weight a bucket ending after the next quantity (or ten minutes) gives it.
                let weight = min(gap, DiscreteAggregation.instantWeightCap)
                let slotEnd = Double(slot + 1) * MergedSlots.length
                record(piece, slot: slot, weight: weight, overflows: piece.start + weight > slotEnd)
                return
            }
            let first = MergedSlots.slot(containing: piece.start)
            let last = Int((piece.end / MergedSlots.length).rounded(.up)) - 1
            if first == last {
                guard range.contains(first) else { return }
                record(piece, slot: first, weight: piece.end - piece.start, overflows: false)
                return
            }
            // Across a slot edge: the slots it touches are swept.
            let low = max(first, range.lowerBound)
            let high = min(last, range.upperBound - 1)
            guard low <= high else { return }
            for slot in low...high {
                accumulators[Key(slot: slot, rank: piece.rank), default: Accumulator(slot, piece.rank)].entry
                    .isExact = false
            }
        }

        private mutating func record(_ piece: Piece, slot: Int, weight: Double, overflows: Bool) {
            let term = style == .discreteEquivalentContinuousLevel ? pow(10, piece.value / 10) : piece.value
            let key = Key(slot: slot, rank: piece.rank)
            var accumulator = accumulators[key] ?? Accumulator(slot, piece.rank)
            accumulator.entry.count += 1
            accumulator.entry.sum += term
            accumulator.entry.weighted += weight * term
            accumulator.entry.weight += weight
            accumulator.entry.minimum = min(accumulator.entry.minimum, piece.value)
            accumulator.entry.maximum = max(accumulator.entry.maximum, piece.value)
            if !piece.isInstant { accumulator.entry.hasDurations = true }
            if overflows { accumulator.entry.overflows = true }
            if accumulator.last.map({ DiscreteAggregation.isMoreRecent(piece, than: $0) }) ?? true {
                accumulator.last = piece
            }
            accumulators[key] = accumulator
        }

        func finish() -> [DiscreteSlotEntry] {
            accumulators.values.map { accumulator in
                var entry = accumulator.entry
                if let last = accumulator.last {
                    entry.lastValue = last.value
                    entry.lastStart = last.start
                    entry.lastEnd = last.end
                }
                return entry
            }.sorted { ($0.slot, $0.source) < ($1.slot, $1.source) }
        }
    }
}
