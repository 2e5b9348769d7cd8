import Foundation
import HealthCore
import HealthTesting
import Testing

/// A validator that keeps a memo across samples (a bulk import's) finds exactly the issues a fresh check finds.
@Suite struct ValidationMemoTests {
    let build = SampleBuilder()
    let t0 = Fixtures.date(2024, 3, 1, 9)

    /// Types and units that change one at a time and come back, with fits and misfits: a memo keyed on the unit
    /// alone, or never updating the type's entry, gives different issues somewhere in this sequence.
    func sequence() throws -> [AnySample] {
        let perMinute = try HealthUnit(from: "count/min")
        let quantities: [QuantitySample] = [
            build.quantity(.bodyMass, 70, .gramUnit(with: .kilo), start: t0),
            build.quantity(.bodyMass, 70, .gramUnit(with: .kilo), start: t0),
            build.quantity(.bodyMass, 70, .count(), start: t0),
            build.quantity(.stepCount, 10, .count(), start: t0),
            build.quantity(.stepCount, -10, .count(), start: t0),
            build.quantity(.heartRate, 60, perMinute, start: t0),
            build.quantity(.heartRate, 60, .count(), start: t0),
            build.quantity(.bodyMass, 154, .pound(), start: t0),
            build.quantity(.bodyMass, -1, .pound(), start: t0),
            build.quantity(.stepCount, 10, .pound(), start: t0),
            build.quantity(.heartRate, .nan, perMinute, start: t0),
            build.quantity(.bodyMass, 70, .gramUnit(with: .kilo), start: t0),
        ]
        return (quantities + [build.steps(5, start: t0, end: t0)]).map { AnySample.quantity($0) }
    }

    @Test func aMemoAcrossSamplesGivesTheIssuesOfFreshChecks() throws {
        let samples = try sequence()
        var memo = SampleValidator.QuantityMemo()
        var found = 0
        for (index, sample) in samples.enumerated() {
            let fresh = SampleValidator.issues(in: sample, index: index)
            let kept = SampleValidator.issues(in: sample, index: index, options: .default, memo: &memo)
            #expect(kept.map(\.rule) == fresh.map(\.rule), "sample \(index)")
            #expect(kept.map(\.message) == fresh.map(\.message), "sample \(index)")
            found += fresh.count
        }
        #expect(found >= 6, "the sequence has misfits, negatives and a non-finite value to find")
    }
}
