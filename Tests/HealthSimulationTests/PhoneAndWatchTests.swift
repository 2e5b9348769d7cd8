import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Phone and watch day")
struct PhoneAndWatchTests {
    let watch = SimulatedDevice.appleWatch.source
    let phone = SimulatedDevice.iPhone.source

    @Test("watch and phone samples overlap, so the naive sum exceeds the merged total", arguments: [UInt64(1), 2, 3])
    func overlap(seed: UInt64) throws {
        let data = Scenario.phoneAndWatchDay.generate(seed: seed)
        for (type, unit) in [
            (QuantityTypeIdentifier.stepCount, HealthUnit.count()), (.distanceWalkingRunning, .meter()),
        ] {
            let samples = data.quantitySamples(of: type)
            let watchSamples = samples.filter { $0.sourceRevision?.source == watch }
            let phoneSamples = samples.filter { $0.sourceRevision?.source == phone }
            #expect(watchSamples.count > 50)
            #expect(phoneSamples.count > 5)
            let overlapping = phoneSamples.contains { p in
                watchSamples.contains { $0.startDate < p.endDate && p.startDate < $0.endDate }
            }
            #expect(overlapping)
            let merged = MergeReference.preferredSourceTotal(
                of: type, in: data.samples, unit: unit, preferring: watch)
            let naive = total(samples, unit)
            #expect(naive > merged)
            #expect(merged > total(watchSamples, unit))  // the phone fills the gaps
        }
    }

    @Test("the watch is worn 07:00–22:00 local in chunks of at most 10 minutes; the phone also covers other times")
    func wearTimes() {
        let calendar = Fixtures.calendar("America/Los_Angeles")
        let data = Scenario.phoneAndWatchDay.generate(seed: 5, timeZone: "America/Los_Angeles")
        let steps = data.quantitySamples(of: .stepCount)
        let seven = Fixtures.date(2024, 1, 15, 7, in: calendar)
        let ten = Fixtures.date(2024, 1, 15, 22, in: calendar)
        let watchSteps = steps.filter { $0.sourceRevision?.source == watch }
        #expect(watchSteps.allSatisfy { $0.startDate >= seven && $0.endDate <= ten && $0.duration <= 600 })
        #expect(steps.contains { $0.sourceRevision?.source == phone && $0.startDate < seven })
        #expect(zip(data.samples, data.samples.dropFirst()).allSatisfy { $0.startDate <= $1.startDate })
    }

    @Test("MergeReference reproduces the §6.5 vectors E1, E7 and E8")
    func referenceVectors() {
        func sample(_ source: SimulatedDevice, _ from: Int, _ to: Int, _ steps: Double) -> AnySample {
            let base = Fixtures.epoch
            return .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(UInt64(from * 10_000 + to)), type: .stepCount,
                    quantity: Quantity(unit: .count(), doubleValue: steps),
                    start: base.addingTimeInterval(Double(from) * 60), end: base.addingTimeInterval(Double(to) * 60),
                    sourceRevision: source.sourceRevision))
        }
        func merged(_ samples: [AnySample]) -> Double {
            MergeReference.preferredSourceTotal(of: .stepCount, in: samples, unit: .count(), preferring: watch)
        }
        // E1: W 09:00–09:10 1000; P 09:05–09:15 600 → 1300
        #expect(close(merged([sample(.appleWatch, 540, 550, 1000), sample(.iPhone, 545, 555, 600)]), 1300))
        // E7: W 08:00–08:30 300, W 09:00–09:30 300; P 08:00–10:00 2400 → 1800
        #expect(
            close(
                merged([
                    sample(.appleWatch, 480, 510, 300), sample(.appleWatch, 540, 570, 300),
                    sample(.iPhone, 480, 600, 2400),
                ]), 1800))
        // E8: W 09:00–09:10 500, W 09:05–09:15 500; P 09:00–09:15 900 → 1000
        #expect(
            close(
                merged([
                    sample(.appleWatch, 540, 550, 500), sample(.appleWatch, 545, 555, 500),
                    sample(.iPhone, 540, 555, 900),
                ]), 1000))
    }
}
