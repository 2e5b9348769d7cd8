import Foundation
import HealthCharts
import Testing

@Suite("Charts: value scales")
struct ScaleTests {
    @Test("nice ticks: round steps of 1, 2 or 5 × 10ⁿ covering the values")
    func niceTicks() {
        let steps = LinearScale.nice(covering: [0, 9_734], tickCount: 5, range: 0...100)
        #expect(steps.ticks == [0, 2_000, 4_000, 6_000, 8_000, 10_000])
        #expect(steps.domain == 0...10_000)
        let small = LinearScale.nice(covering: [0.12, 0.87], tickCount: 4, range: 0...100)
        #expect(small.ticks == [0, 0.2, 0.4, 0.6, 0.8, 1.0])
        let heart = LinearScale.nice(covering: [48, 171], tickCount: 5, range: 0...100)
        #expect(heart.ticks == [0, 50, 100, 150, 200])
        let tight = LinearScale.nice(covering: [48, 171], tickCount: 8, range: 0...100)
        #expect(tight.ticks.first == 40 && tight.ticks.last == 180)
        #expect(LinearScale.niceStep(for: 0.03) == 0.05)
        #expect(LinearScale.niceStep(for: 1_400) == 2_000)
        #expect(LinearScale.niceStep(for: 7) == 10)
    }

    @Test("bars include zero; y grows downward; values map linearly")
    func mapping() {
        let scale = LinearScale.nice(covering: [70, 80], includingZero: true, tickCount: 4, range: 20...220)
        #expect(scale.domain.lowerBound == 0)
        #expect(scale(0) == 220)
        #expect(scale(scale.domain.upperBound) == 20)
        #expect(abs(scale(scale.domain.upperBound / 2) - 120) < 1e-9)
    }

    @Test("empty and single-value data still give a usable scale (no NaN, no zero-width domain)")
    func degenerate() {
        let empty = LinearScale.nice(covering: [], range: 0...100)
        #expect(empty.domain == 0...1)
        #expect(!empty.ticks.isEmpty)
        let single = LinearScale.nice(covering: [72], range: 0...100)
        #expect(single.domain.contains(72))
        #expect(single.domain.lowerBound < single.domain.upperBound)
        #expect(single(72).isFinite)
        let zero = LinearScale.nice(covering: [0], includingZero: true, range: 0...100)
        #expect(zero.domain.lowerBound == 0 && zero.domain.upperBound > 0)
        let ignored = LinearScale.nice(covering: [.nan, .infinity, 5], range: 0...100)
        #expect(ignored.domain.contains(5))
        #expect(ignored.ticks.allSatisfy { $0.isFinite })
        let flat = LinearScale(domain: 3...3, start: 0, end: 10)
        #expect(flat(3) == 5)
    }

    @Test("number labels: grouped thousands, trimmed decimals, millions")
    func labels() {
        #expect(NumberLabel.format(12_400) == "12,400")
        #expect(NumberLabel.format(1_234_567) == "1.2M")
        #expect(NumberLabel.format(2.50) == "2.5")
        #expect(NumberLabel.format(3) == "3")
        #expect(NumberLabel.format(-0.01) == "0")
        #expect(NumberLabel.format(.nan) == "–")
        #expect(NumberLabel.format(-1_500) == "-1,500")
    }
}
