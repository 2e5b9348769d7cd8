import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import PropertyBased
import Testing

/// A generated sample: source index, start minute, duration in minutes (0 = instantaneous), value.
struct GeneratedPiece: Sendable, Hashable {
    var source: Int
    var startMinute: Int
    var minutes: Int
    var value: Int
}

@Suite struct MergePropertyTests {
    static let sources = [Src.manual, Src.watch, Src.phone, Src.appA]
    static let piece = zip(Gen.int(in: 0...3), Gen.int(in: 0...600), Gen.int(in: 0...120), Gen.int(in: 0...1000))
        .map { GeneratedPiece(source: $0.0, startMinute: $0.1, minutes: $0.2 % 4 == 0 ? 0 : $0.2, value: $0.3) }
    static let pieces = piece.array(of: 1...25)
    static let permutation = Gen.element(of: permutations(of: Array(0..<4))).map { $0 ?? [0, 1, 2, 3] }
    static let cuts = Gen.int(in: 1...779).array(of: 0...12)

    static func permutations(of items: [Int]) -> [[Int]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let head = rest.remove(at: index)
            return permutations(of: rest).map { [head] + $0 }
        }
    }

    static func inputs(_ pieces: [GeneratedPiece]) -> [StatisticsInput] {
        pieces.enumerated().map { index, piece in
            let start = StatsFixture.day.addingTimeInterval(Double(piece.startMinute) * 60)
            return StatisticsInput(
                sourceBundleIdentifier: sources[piece.source], start: start,
                end: start.addingTimeInterval(Double(piece.minutes) * 60), value: Double(piece.value),
                uuid: UUIDSequence.uuid(UInt64(index + 1)))
        }
    }

    static func order(_ permutation: [Int]) -> SourceOrder { SourceOrder(permutation.map { sources[$0] }) }

    /// Covers every generated sample: [00:00, 13:00).
    static let range = DateInterval(start: StatsFixture.day, duration: 780 * 60)

    static func boundaries(_ cuts: [Int]) -> [Date] {
        ([0, 780] + cuts).sorted().reduce(into: [Int]()) { if $0.last != $1 { $0.append($1) } }
            .map { StatsFixture.day.addingTimeInterval(Double($0) * 60) }
    }

    /// Plain prorated sum of one source, no merge.
    static func plainSum(_ inputs: [StatisticsInput], in window: DateInterval) -> Double {
        inputs.reduce(0.0) { total, input in
            if input.isInstantaneous {
                return total + (window.start <= input.start && input.start < window.end ? input.value : 0)
            }
            let start = max(input.start, window.start)
            let end = min(input.end, window.end)
            guard end > start else { return total }
            return total + input.value * end.timeIntervalSince(start) / input.end.timeIntervalSince(input.start)
        }
    }

    @Test func additivityAcrossPartitioningBuckets() async {
        await propertyCheck(count: 300, input: Self.pieces, Self.permutation, Self.cuts) { pieces, permutation, cuts in
            let inputs = Self.inputs(pieces)
            let merge = CumulativeMerge(order: Self.order(permutation))
            let total = merge.sum(of: inputs, in: Self.range)
            let parts = try merge.sums(of: inputs, boundaries: Self.boundaries(cuts))
            #expect(close(parts.reduce(0.0) { $0 + ($1 ?? 0) }, total ?? 0, tolerance: 1e-9))
        }
    }

    @Test func multiBucketSweepEqualsPerBucketWindows() async {
        await propertyCheck(count: 300, input: Self.pieces, Self.permutation, Self.cuts) { pieces, permutation, cuts in
            let inputs = Self.inputs(pieces)
            let merge = CumulativeMerge(order: Self.order(permutation))
            let boundaries = Self.boundaries(cuts)
            let sums = try merge.sums(of: inputs, boundaries: boundaries)
            let bySource = try merge.sumsBySource(of: inputs, boundaries: boundaries)
            for index in sums.indices {
                let window = DateInterval(start: boundaries[index], end: boundaries[index + 1])
                #expect(close(sums[index], merge.sum(of: inputs, in: window)))
                let single = merge.sumsBySource(of: inputs, in: window)
                #expect(Set(single.keys) == Set(bySource[index].keys))
                for (source, value) in single { #expect(close(bySource[index][source], value)) }
            }
        }
    }

    @Test func singleSourceEqualsPlainProratedSum() async {
        await propertyCheck(count: 300, input: Self.pieces, Self.cuts) { pieces, cuts in
            let inputs = Self.inputs(
                pieces.map {
                    GeneratedPiece(source: 2, startMinute: $0.startMinute, minutes: $0.minutes, value: $0.value)
                })
            let merge = CumulativeMerge(order: SourceOrder())
            let boundaries = Self.boundaries(cuts)
            for index in 0..<(boundaries.count - 1) {
                let window = DateInterval(start: boundaries[index], end: boundaries[index + 1])
                let merged = merge.sum(of: inputs, in: window) ?? 0
                #expect(close(merged, Self.plainSum(inputs, in: window)))
            }
        }
    }

    @Test func mergedSumIsBoundedByOwnSums() async {
        await propertyCheck(
            count: 300, input: Self.pieces, Self.permutation, Gen.int(in: 0...700), Gen.int(in: 1...300)
        ) {
            pieces, permutation, from, length in
            let inputs = Self.inputs(pieces)
            let order = Self.order(permutation)
            let merge = CumulativeMerge(order: order)
            let window = DateInterval(
                start: StatsFixture.day.addingTimeInterval(Double(from) * 60), duration: Double(length) * 60)
            guard let merged = merge.sum(of: inputs, in: window) else { return }
            let own = merge.sumsBySource(of: inputs, in: window)
            let slack = 1e-9 * max(1, merged)
            #expect(merged <= own.values.reduce(0, +) + slack)
            let top = try #require(order.sorted(own.keys).first)
            #expect(merged >= (own[top] ?? 0) - slack)
        }
    }

    /// Slot k of an hour belongs to source k % 4, so no two sources ever overlap.
    @Test func reorderingChangesNothingWithoutOverlaps() async {
        let slotted = zip(Gen.int(in: 0...11), Gen.int(in: 0...59), Gen.int(in: 0...60), Gen.int(in: 0...1000))
            .map { slot, offset, minutes, value in
                GeneratedPiece(
                    source: slot % 4, startMinute: slot * 60 + offset, minutes: min(minutes, 60 - offset), value: value)
            }
        await propertyCheck(count: 300, input: slotted.array(of: 1...25), Self.permutation, Self.permutation) {
            pieces, first, second in
            let inputs = Self.inputs(pieces)
            let a = CumulativeMerge(order: Self.order(first))
            let b = CumulativeMerge(order: Self.order(second))
            let merged = a.sum(of: inputs, in: Self.range)
            #expect(close(merged, b.sum(of: inputs, in: Self.range)))
            #expect(close(merged ?? 0, a.sumsBySource(of: inputs, in: Self.range).values.reduce(0, +)))
        }
    }

    @Test func inputOrderDoesNotChangeAnyBit() async {
        await propertyCheck(count: 200, input: Self.pieces, Self.permutation, Self.cuts) { pieces, permutation, cuts in
            let inputs = Self.inputs(pieces)
            let computation = try StatisticsComputation(
                type: .stepCount, options: [.cumulativeSum, .separateBySource, .duration, .mostRecent],
                sourceOrder: Self.order(permutation))
            let boundaries = Self.boundaries(cuts)
            let forward = try computation.statistics(of: inputs, boundaries: boundaries)
            let backward = try computation.statistics(of: inputs.reversed(), boundaries: boundaries)
            #expect(forward == backward)
        }
    }

    @Test func discreteBucketsEqualSingleWindows() async {
        await propertyCheck(count: 200, input: Self.pieces, Self.cuts) { pieces, cuts in
            let inputs = Self.inputs(pieces)
            let computation = try StatisticsComputation(
                type: .heartRate,
                options: [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration, .separateBySource],
                sourceOrder: SourceOrder())
            let boundaries = Self.boundaries(cuts)
            let bucketed = try computation.statistics(of: inputs, boundaries: boundaries)
            for index in bucketed.indices {
                let window = DateInterval(start: boundaries[index], end: boundaries[index + 1])
                let single = computation.statistics(of: inputs, in: window)
                #expect((single == nil) == (bucketed[index] == nil))
                #expect(close(single?.merged.average, bucketed[index]?.merged.average))
                #expect(single?.merged.mostRecent == bucketed[index]?.merged.mostRecent)
                #expect(close(single?.merged.duration, bucketed[index]?.merged.duration))
                #expect(single?.sources == bucketed[index]?.sources)
            }
        }
    }
}
