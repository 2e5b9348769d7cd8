import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import Testing

@Suite struct DiscreteStatisticsTests {
    typealias F = StatsFixture

    static func at(_ seconds: Double) -> Date { F.day.addingTimeInterval(seconds) }

    static func input(
        _ source: String, _ start: Double, _ end: Double, _ value: Double, id: UInt64
    ) -> StatisticsInput {
        StatisticsInput(
            sourceBundleIdentifier: source, start: at(start), end: at(end), value: value, uuid: UUIDSequence.uuid(id))
    }

    static func window(_ start: Double, _ end: Double) -> DateInterval {
        DateInterval(start: at(start), end: at(end))
    }

    static func computation(
        _ type: QuantityTypeIdentifier, _ options: StatisticsOptions, order: [String] = []
    ) throws -> StatisticsComputation {
        try StatisticsComputation(type: type, options: options, sourceOrder: SourceOrder(order))
    }

    @Test func arithmeticMeanMinMaxAcrossSources() throws {
        let inputs = [
            Self.input(Src.watch, 0, 0, 70, id: 1), Self.input(Src.appA, 100, 200, 72, id: 2),
            Self.input(Src.appA, 300, 300, 74, id: 3),
        ]
        let computation = try Self.computation(
            .bodyMass, [.discreteAverage, .discreteMin, .discreteMax, .separateBySource])
        let result = try #require(computation.statistics(of: inputs, in: Self.window(0, 1000)))
        #expect(result.merged.average == 72 && result.merged.minimum == 70 && result.merged.maximum == 74)
        #expect(result.merged.sum == nil && result.merged.mostRecent == nil && result.merged.duration == nil)
        #expect(result.bySource[Src.appA]?.average == 73 && result.bySource[Src.watch]?.average == 70)
        #expect(try result.averageQuantity()?.doubleValue(for: .gramUnit(with: .kilo)) == 72)
        #expect(try result.minimumQuantity(for: Src.appA)?.doubleValue(for: .gramUnit(with: .kilo)) == 72)
    }

    @Test func arithmeticMeanCountsEachSeriesQuantityOnce() throws {
        let kg = HealthUnit.gramUnit(with: .kilo)
        let series = try #require(
            QuantitySample(
                uuid: UUIDSequence.uuid(1), type: .bodyMass,
                series: [60, 70, 80].enumerated().map { index, value in
                    SeriesQuantity(
                        quantity: Quantity(unit: kg, doubleValue: value), start: Self.at(Double(index) * 10),
                        end: Self.at(Double(index) * 10))
                }))
        let single = QuantitySample(
            uuid: UUIDSequence.uuid(2), type: .bodyMass, quantity: Quantity(unit: kg, doubleValue: 90),
            start: Self.at(50), end: Self.at(50))
        var inputs = try StatisticsInput.inputs(from: series, canonicalUnit: kg, sourceBundleIdentifier: Src.appA)
        inputs += try StatisticsInput.inputs(from: single, canonicalUnit: kg, sourceBundleIdentifier: Src.appA)
        let result = try Self.computation(.bodyMass, .discreteAverage).statistics(of: inputs, in: nil)
        #expect(result?.merged.average == 75)  // (60 + 70 + 80 + 90) / 4, not (70 + 90) / 2
        #expect(result?.startDate == Self.at(0) && result?.endDate == Self.at(50))
    }

    @Test func timeWeightedMean() throws {
        let inputs = [Self.input(Src.watch, 0, 60, 60, id: 1), Self.input(Src.watch, 60, 240, 120, id: 2)]
        let computation = try Self.computation(.heartRate, [.discreteAverage, .discreteMin, .discreteMax])
        let whole = try #require(computation.statistics(of: inputs, in: Self.window(0, 600)))
        #expect(close(whole.merged.average, 105))  // (60·60 + 120·180) / 240
        let clipped = try #require(computation.statistics(of: inputs, in: Self.window(30, 90)))
        #expect(close(clipped.merged.average, 90))  // 30 s at 60, 30 s at 120
        #expect(clipped.merged.minimum == 60 && clipped.merged.maximum == 120)
    }

    @Test func timeWeightedMeanOfInstantsOnlyIsArithmetic() throws {
        let inputs = [
            Self.input(Src.watch, 0, 0, 60, id: 1), Self.input(Src.watch, 5, 5, 80, id: 2),
            Self.input(Src.phone, 500, 500, 100, id: 3),
        ]
        let result = try Self.computation(.heartRate, .discreteAverage).statistics(of: inputs, in: Self.window(0, 600))
        #expect(close(result?.merged.average, 80))
    }

    /// Mixed: an instant weighs the gap to its source's next quantity, capped at 10 min, clipped to the window.
    @Test func timeWeightedMeanGivesInstantsTheGapToTheNextQuantity() throws {
        let inputs = [
            Self.input(Src.watch, 0, 60, 60, id: 1), Self.input(Src.watch, 60, 60, 120, id: 2),
            Self.input(Src.watch, 90, 90, 90, id: 3),
        ]
        let computation = try Self.computation(.heartRate, .discreteAverage)
        // weights 60, 30 (gap to 90 s), 210 (no next: 600 s cap, clipped to the window end at 300 s)
        #expect(close(computation.statistics(of: inputs, in: Self.window(0, 300))?.merged.average, 87))
        // window to 2000 s: the last instant weighs the full 600 s cap
        let expected: Double = 61_200.0 / 690  // (60·60 + 120·30 + 90·600) / (60 + 30 + 600)
        #expect(close(computation.statistics(of: inputs, in: Self.window(0, 2000))?.merged.average, expected))
    }

    @Test func equivalentContinuousLevel() throws {
        let inputs = [Self.input(Src.watch, 0, 60, 80, id: 1), Self.input(Src.watch, 60, 120, 70, id: 2)]
        let computation = try Self.computation(
            .environmentalAudioExposure, [.discreteAverage, .discreteMin, .discreteMax])
        let result = try #require(computation.statistics(of: inputs, in: Self.window(0, 3600)))
        #expect(close(result.merged.average, 77.40362689494245))
        #expect(result.merged.minimum == 70 && result.merged.maximum == 80)
        #expect(result.unit.unitString == "dBASPL")
        // Instants only: arithmetic mean in the power domain, the same number here.
        let instants = [Self.input(Src.watch, 0, 0, 80, id: 1), Self.input(Src.watch, 60, 60, 70, id: 2)]
        #expect(
            close(computation.statistics(of: instants, in: Self.window(0, 3600))?.merged.average, 77.40362689494245))
    }

    @Test func mostRecentTieBreaks() throws {
        let order = [Src.watch, Src.phone]
        let computation = try Self.computation(.heartRate, [.mostRecent, .separateBySource], order: order)
        // Latest end wins even from the lower-priority source.
        let byEnd = [Self.input(Src.watch, 0, 100, 60, id: 1), Self.input(Src.phone, 50, 110, 70, id: 2)]
        #expect(computation.statistics(of: byEnd, in: nil)?.merged.mostRecent == 70)
        // Same end: the latest start.
        let byStart = [Self.input(Src.watch, 0, 100, 60, id: 1), Self.input(Src.phone, 50, 100, 70, id: 2)]
        #expect(computation.statistics(of: byStart, in: nil)?.merged.mostRecent == 70)
        // Same interval: the higher-priority source.
        let byPriority = [Self.input(Src.phone, 50, 100, 70, id: 1), Self.input(Src.watch, 50, 100, 60, id: 2)]
        #expect(computation.statistics(of: byPriority, in: nil)?.merged.mostRecent == 60)
        // Same interval and source: the smaller UUID.
        let byUUID = [Self.input(Src.watch, 50, 100, 70, id: 9), Self.input(Src.watch, 50, 100, 60, id: 3)]
        let result = try #require(computation.statistics(of: byUUID, in: Self.window(0, 75)))
        #expect(result.merged.mostRecent == 60)
        // The interval is the quantity's own, not clipped to the window.
        #expect(result.mostRecentQuantityDateInterval() == DateInterval(start: Self.at(50), end: Self.at(100)))
        #expect(result.bySource[Src.watch]?.mostRecent == 60)
    }

    @Test func durationIsTheUnionClippedToTheWindow() throws {
        let inputs = [
            Self.input(Src.watch, 0, 600, 10, id: 1), Self.input(Src.phone, 300, 900, 10, id: 2),
            Self.input(Src.watch, 1200, 1500, 10, id: 3), Self.input(Src.watch, 1400, 1400, 10, id: 4),
        ]
        let computation = try Self.computation(.stepCount, [.duration, .separateBySource, .cumulativeSum])
        let whole = try #require(computation.statistics(of: inputs, in: Self.window(0, 3600)))
        #expect(whole.merged.duration == 1200)
        #expect(try whole.duration()?.doubleValue(for: .minute()) == 20)
        #expect(whole.bySource[Src.watch]?.duration == 900 && whole.bySource[Src.phone]?.duration == 600)
        let clipped = try #require(computation.statistics(of: inputs, in: Self.window(0, 1320)))
        #expect(clipped.merged.duration == 1020)
    }

    @Test func cumulativeMostRecentIsTheWholeQuantity() throws {
        let inputs = [Self.input(Src.watch, 0, 600, 100, id: 1), Self.input(Src.phone, 300, 1200, 900, id: 2)]
        let computation = try Self.computation(
            .stepCount, [.mostRecent, .cumulativeSum], order: [Src.watch, Src.phone])
        let result = try #require(computation.statistics(of: inputs, in: Self.window(0, 600)))
        #expect(result.merged.mostRecent == 900)
        #expect(result.mostRecentQuantityDateInterval() == DateInterval(start: Self.at(300), end: Self.at(1200)))
        #expect(close(result.merged.sum, 100))
        #expect(result.sources == nil && result.bySource.isEmpty)
    }

    @Test func noDataIsNil() throws {
        let computation = try Self.computation(.heartRate, .discreteAverage)
        #expect(computation.statistics(of: [], in: Self.window(0, 60)) == nil)
        #expect(computation.statistics(of: [], in: nil) == nil)
        let inputs = [Self.input(Src.watch, 100, 200, 60, id: 1), Self.input(Src.watch, 60, 60, 60, id: 2)]
        #expect(computation.statistics(of: inputs, in: Self.window(0, 60)) == nil)  // instant at the end: excluded
        #expect(computation.statistics(of: inputs, in: Self.window(60, 60)) == nil)  // empty window
        #expect(CumulativeMerge(order: SourceOrder()).sum(of: inputs, in: Self.window(200, 300)) == nil)
        // A fully suppressed bucket still has data: sum 0, not nil.
        let merge = CumulativeMerge(order: SourceOrder([Src.watch, Src.phone]))
        let covered = [
            Self.input(Src.watch, 0, 100, 0, id: 1), Self.input(Src.phone, 0, 100, 50, id: 2),
        ]
        #expect(merge.sum(of: covered, in: Self.window(0, 100)) == 0)
    }

    @Test func sourcesListIncludesSuppressedSourcesInPriorityOrder() throws {
        let computation = try Self.computation(
            .stepCount, [.cumulativeSum, .separateBySource], order: [Src.manual, Src.watch])
        let inputs = [
            Self.input(Src.appB, 0, 60, 10, id: 1), Self.input(Src.manual, 0, 3600, 1000, id: 2),
            Self.input(Src.appA, 0, 60, 10, id: 3), Self.input(Src.watch, 10, 20, 5, id: 4),
        ]
        let result = try #require(computation.statistics(of: inputs, in: Self.window(0, 3600)))
        #expect(result.sources == [Src.manual, Src.watch, Src.appA, Src.appB])
        #expect(close(result.merged.sum, 1000))
        #expect(close(result.bySource.values.compactMap(\.sum).reduce(0, +), 1025))
    }
}
