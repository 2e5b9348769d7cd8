import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Sleep nights and steps with weight")
struct SleepAndStepsTests {
    @Test("each night: one inBed, then contiguous, non-overlapping stages inside it", arguments: [UInt64(1), 2, 31])
    func nights(seed: UInt64) throws {
        let data = Scenario.sleepNights.generate(seed: seed)
        let samples = data.categorySamples(of: .sleepAnalysis)
        let inBed = samples.filter { $0.value == CategoryValueSleepAnalysis.inBed.rawValue }
        #expect(inBed.count == 7)
        #expect(inBed.allSatisfy { $0.sourceRevision?.source == SimulatedDevice.iPhone.source })
        for night in inBed {
            let stages = samples.filter {
                $0.value != CategoryValueSleepAnalysis.inBed.rawValue && $0.startDate >= night.startDate
                    && $0.endDate <= night.endDate
            }
            #expect(stages.count >= 10)
            #expect(stages.allSatisfy { $0.sourceRevision?.source == SimulatedDevice.appleWatch.source })
            #expect(zip(stages, stages.dropFirst()).allSatisfy { $0.endDate == $1.startDate })
            #expect(stages.allSatisfy { $0.endDate > $0.startDate })
            #expect(stages.last?.endDate == night.endDate)
            #expect(stages.last?.value == CategoryValueSleepAnalysis.awake.rawValue)
            let values = Set(stages.map(\.value))
            for stage in [CategoryValueSleepAnalysis.asleepCore, .asleepDeep, .asleepREM] {
                #expect(values.contains(stage.rawValue))
            }
            let hours = night.duration / 3600
            #expect(hours > 6 && hours < 9.6)
        }
        let stages = samples.filter { $0.value != CategoryValueSleepAnalysis.inBed.rawValue }
        #expect(stages.allSatisfy { s in inBed.contains { $0.startDate <= s.startDate && s.endDate <= $0.endDate } })
    }

    @Test("28 days of phone steps (3k–15k a day) and one weight a day", arguments: [UInt64(1), 9])
    func stepsAndWeight(seed: UInt64) {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let data = Scenario.stepsAndWeight.generate(seed: seed)
        #expect(data.samples.allSatisfy { $0.sourceRevision?.source == SimulatedDevice.iPhone.source })
        let weights = data.quantitySamples(of: .bodyMass)
        #expect(weights.count == 28)
        let kilos = weights.map { value($0.quantity, .gramUnit(with: .kilo)) }
        #expect(kilos.allSatisfy { (60...68).contains($0) })
        #expect(zip(kilos, kilos.dropFirst()).allSatisfy { abs($0 - $1) < 1 })
        var perDay: [Int: Double] = [:]
        var perDaySamples: [Int: Int] = [:]
        for sample in data.quantitySamples(of: .stepCount) {
            let day = calendar.component(.day, from: sample.startDate)
            perDay[day, default: 0] += value(sample.quantity, .count())
            perDaySamples[day, default: 0] += 1
            #expect(calendar.component(.hour, from: sample.startDate) >= 6)
        }
        #expect(perDay.count == 28)
        #expect(perDay.values.allSatisfy { (3000...15_000).contains($0) })
        #expect(perDaySamples.values.allSatisfy { $0 >= 17 })
    }
}
