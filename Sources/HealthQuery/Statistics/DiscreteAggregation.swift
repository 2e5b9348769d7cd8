import Foundation
import HealthCore

/// The per-window computations on the pieces taking part in a window `[lower, upper)` (§5.5 rules 5–9).
///
/// Every function takes piece indices in summation order (start ascending) so results do not depend on the
/// order of the inputs.
struct DiscreteAggregation {
    /// The longest weight an instantaneous quantity gets in a time-weighted mean (§5.5 rule 6).
    static let instantWeightCap: Double = 600

    let pieces: [Piece]
    /// For each piece: the time to the next strictly later start of the same source (infinity when none).
    let gaps: [Double]

    init(_ pieces: [Piece], sourceCount: Int) {
        self.pieces = pieces
        var gaps = [Double](repeating: .infinity, count: pieces.count)
        var currentStart = [Double](repeating: .infinity, count: sourceCount)
        var nextStart = [Double](repeating: .infinity, count: sourceCount)
        for index in pieces.indices.reversed() {
            let piece = pieces[index]
            if piece.start < currentStart[piece.rank] {
                nextStart[piece.rank] = currentStart[piece.rank]
                currentStart[piece.rank] = piece.start
            }
            gaps[index] = nextStart[piece.rank] - piece.start
        }
        self.gaps = gaps
    }

    /// Plain arithmetic mean (discreteArithmetic).
    func arithmeticMean(_ indices: [Int]) -> Double? {
        guard !indices.isEmpty else { return nil }
        var total = 0.0
        for index in indices { total += pieces[index].value }
        return total / Double(indices.count)
    }

    /// The weight of a piece in a window: its overlap, or for an instantaneous piece the gap to the next
    /// quantity of its source capped at ten minutes (the cap when there is no next one), clipped to the
    /// window.
    func weight(_ index: Int, _ lower: Double, _ upper: Double) -> Double {
        let piece = pieces[index]
        if piece.isInstant {
            return max(0, min(gaps[index], DiscreteAggregation.instantWeightCap, upper - piece.start))
        }
        return max(0, min(piece.end, upper) - max(piece.start, lower))
    }

    /// Whether any piece has a duration: only then do weights apply (§5.5 rules 6 and 7).
    private func hasDurations(_ indices: [Int]) -> Bool {
        indices.contains { !pieces[$0].isInstant }
    }

    /// Time-weighted mean (discreteTemporallyWeighted); the arithmetic mean when every quantity is
    /// instantaneous.
    func timeWeightedMean(_ indices: [Int], _ lower: Double, _ upper: Double) -> Double? {
        guard !indices.isEmpty else { return nil }
        guard hasDurations(indices) else { return arithmeticMean(indices) }
        var weighted = 0.0
        var totalWeight = 0.0
        for index in indices {
            let weight = weight(index, lower, upper)
            weighted += weight * pieces[index].value
            totalWeight += weight
        }
        return totalWeight > 0 ? weighted / totalWeight : arithmeticMean(indices)
    }

    /// Equivalent continuous level, `10·log10(Σ wᵢ·10^(Lᵢ/10) / Σ wᵢ)`; equal weights (the arithmetic mean in
    /// the power domain) when every quantity is instantaneous.
    func equivalentContinuousLevel(_ indices: [Int], _ lower: Double, _ upper: Double) -> Double? {
        guard !indices.isEmpty else { return nil }
        var energy = 0.0
        var totalWeight = 0.0
        let weighted = hasDurations(indices)
        for index in indices {
            let weight = weighted ? weight(index, lower, upper) : 1
            energy += weight * pow(10, pieces[index].value / 10)
            totalWeight += weight
        }
        return totalWeight > 0 ? 10 * log10(energy / totalWeight) : nil
    }

    /// The average for a style.
    func average(_ style: AggregationStyle, _ indices: [Int], _ lower: Double, _ upper: Double) -> Double? {
        switch style {
        case .cumulative, .discreteArithmetic: arithmeticMean(indices)
        case .discreteTemporallyWeighted: timeWeightedMean(indices, lower, upper)
        case .discreteEquivalentContinuousLevel: equivalentContinuousLevel(indices, lower, upper)
        }
    }

    func minimum(_ indices: [Int]) -> Double? { indices.lazy.map { pieces[$0].value }.min() }

    func maximum(_ indices: [Int]) -> Double? { indices.lazy.map { pieces[$0].value }.max() }

    /// The most recent piece: latest end, then latest start, then highest priority, then smallest UUID,
    /// then latest position in its series (§5.5 rule 8).
    func mostRecent(_ indices: [Int]) -> Piece? {
        var best: Piece?
        for index in indices {
            let piece = pieces[index]
            guard let current = best else {
                best = piece
                continue
            }
            if DiscreteAggregation.isMoreRecent(piece, than: current) { best = piece }
        }
        return best
    }

    static func isMoreRecent(_ lhs: Piece, than rhs: Piece) -> Bool {
        if lhs.end != rhs.end { return lhs.end > rhs.end }
        if lhs.start != rhs.start { return lhs.start > rhs.start }
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
        if lhs.uuidHigh != rhs.uuidHigh { return lhs.uuidHigh < rhs.uuidHigh }
        if lhs.uuidLow != rhs.uuidLow { return lhs.uuidLow < rhs.uuidLow }
        return lhs.seriesIndex > rhs.seriesIndex
    }

    /// Length of the union of the pieces' intervals clipped to the window (indices in start order).
    func unionDuration(_ indices: [Int], _ lower: Double, _ upper: Double) -> Double {
        var total = 0.0
        var runStart = -Double.infinity
        var runEnd = -Double.infinity
        for index in indices {
            let start = max(pieces[index].start, lower)
            let end = min(pieces[index].end, upper)
            guard end > start else { continue }
            if start > runEnd {
                if runEnd > runStart { total += runEnd - runStart }
                runStart = start
                runEnd = end
            } else {
                runEnd = max(runEnd, end)
            }
        }
        if runEnd > runStart { total += runEnd - runStart }
        return total
    }
}
