import Foundation
import HealthCore
import Testing

@Suite("Aggregation styles and statistics options (§1.2, §5.5)")
struct StatisticsOptionsTests {
    @Test("HealthKit raw values")
    func rawValues() {
        #expect(StatisticsOptions.separateBySource.rawValue == 1)
        #expect(StatisticsOptions.discreteAverage.rawValue == 2)
        #expect(StatisticsOptions.discreteMin.rawValue == 4)
        #expect(StatisticsOptions.discreteMax.rawValue == 8)
        #expect(StatisticsOptions.cumulativeSum.rawValue == 16)
        #expect(StatisticsOptions.mostRecent.rawValue == 32)
        #expect(StatisticsOptions.duration.rawValue == 64)
        #expect(StatisticsOptions.all.rawValue == 127)
        #expect(AggregationStyle.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(AggregationStyle(rawValue: 2) == .discreteTemporallyWeighted)
    }

    @Test("allowed options per style")
    func allowed() {
        #expect(
            StatisticsOptions.allowed(for: .cumulative) == [.cumulativeSum, .duration, .mostRecent, .separateBySource])
        #expect(StatisticsOptions.allowed(for: .cumulative).rawValue == 113)
        let discrete: StatisticsOptions = [
            .discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration, .separateBySource,
        ]
        for style in [
            AggregationStyle.discreteArithmetic, .discreteTemporallyWeighted, .discreteEquivalentContinuousLevel,
        ] {
            #expect(StatisticsOptions.allowed(for: style) == discrete)
            #expect(style.isDiscrete)
            #expect(!StatisticsOptions.cumulativeSum.isAllowed(for: style))
        }
        #expect(!AggregationStyle.cumulative.isDiscrete)
        #expect(!StatisticsOptions([.discreteAverage, .cumulativeSum]).isAllowed(for: .cumulative))
        #expect(StatisticsOptions([.discreteAverage, .discreteMax]).isAllowed(for: .discreteArithmetic))
        #expect(StatisticsOptions().isAllowed(for: .cumulative))
    }

    @Test("Codable as raw values")
    func codable() throws {
        let data = try JSONEncoder().encode(StatisticsOptions([.cumulativeSum, .separateBySource]))
        #expect(String(decoding: data, as: UTF8.self) == "17")
        let style = try JSONEncoder().encode(AggregationStyle.discreteEquivalentContinuousLevel)
        #expect(String(decoding: style, as: UTF8.self) == "3")
    }
}
