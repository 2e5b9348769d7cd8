public import Foundation
import HealthCore

extension Simulation {
    /// Relative step activity per local hour (0–23): asleep at night, peaks at the commutes and at lunch.
    static let hourlyStepWeights: [Double] = [
        0, 0, 0, 0, 0, 0, 1, 4, 6, 4, 3, 4, 6, 5, 3, 3, 4, 6, 7, 5, 3, 2, 1, 0,
    ]

    /// Daily steps and a morning weigh-in, from the iPhone only.
    ///
    /// Shape, for each of `days` local days starting with the day that contains `day`:
    /// - a daily step total drawn from 3 000–15 000, spread over the hours 06:00–22:59 by
    ///   ``hourlyStepWeights`` (times a random factor 0.5–1.5 per hour) and split into 1–3 stepCount samples
    ///   per hour, each inside its own 20-minute slot and lasting 2–20 minutes (at most ~110 steps/min);
    ///   the day's samples add up exactly to the day's total;
    /// - one instantaneous bodyMass sample (kg, one decimal) at a random minute 07:00–07:44, drifting slowly
    ///   (a random drift of −0.05…+0.03 kg/day for the scenario, ±0.3 kg noise).
    ///
    /// Samples are in chronological order within each day. No activity summaries.
    /// - Parameters:
    ///   - days: The number of days (28 by default).
    ///   - day: Any instant of the first day.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per sample.
    public func stepsAndWeight(
        days: Int = 28,
        startingOn day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        var samples: [AnySample] = []
        let drift = generator.double(in: -0.05...0.03)
        for offset in 0..<max(0, days) {
            let start = dayStart(day, offset: offset)
            let total = generator.integer(in: 3000...15_000)
            var daySamples = phoneSteps(total: total, dayStart: start, using: &generator, makeUUID: newID)
            let mass = (person.bodyMass + drift * Double(offset) + generator.double(in: -0.3...0.3)).rounded(places: 1)
            let weighed = localTime(start, hour: 7, minute: generator.integer(in: 0...44))
            let weight = person.phone.quantity(
                .bodyMass, mass, SimulationUnits.kilogram, start: weighed, end: weighed, uuid: newID())
            let index = daySamples.firstIndex { $0.startDate > weighed } ?? daySamples.endIndex
            daySamples.insert(weight, at: index)
            samples += daySamples.map { .quantity($0) }
        }
        return SimulatedData(samples: samples, characteristics: person.characteristics)
    }

    /// Step samples from the phone adding up to `total`, distributed by hour (see ``stepsAndWeight``).
    private func phoneSteps(
        total: Int,
        dayStart: Date,
        using rng: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> [QuantitySample] {
        let weights = Simulation.hourlyStepWeights.map { $0 * rng.double(in: 0.5...1.5) }
        let perHour = Simulation.apportion(total, weights: weights)
        var samples: [QuantitySample] = []
        for (hour, steps) in perHour.enumerated() where steps > 0 {
            let chunks = rng.integer(in: 1...3)
            let parts = Simulation.apportion(steps, weights: (0..<chunks).map { _ in rng.double(in: 0.5...1.5) })
            let hourStart = localTime(dayStart, hour: hour)
            for (slot, value) in parts.enumerated() where value > 0 {
                let minutes = min(20, max(2, (value + 109) / 110))
                let offset = slot * 20 + rng.integer(in: 0...(20 - minutes))
                let from = hourStart.addingTimeInterval(Double(offset) * 60)
                samples.append(
                    person.phone.quantity(
                        .stepCount, Double(value), SimulationUnits.count, start: from,
                        end: from.addingTimeInterval(Double(minutes) * 60), uuid: newID()))
            }
        }
        return samples
    }

    /// Splits `total` into integers proportional to `weights` that add up exactly to `total` (largest
    /// remainder; ties to the earlier index). All zeros when every weight is zero.
    static func apportion(_ total: Int, weights: [Double]) -> [Int] {
        let sum = weights.reduce(0, +)
        guard sum > 0, total > 0 else { return weights.map { _ in 0 } }
        let exact = weights.map { Double(total) * $0 / sum }
        var parts = exact.map { Int($0.rounded(.down)) }
        var missing = total - parts.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(parts[$0]), -$0) > (exact[$1] - Double(parts[$1]), -$1) }
        var cursor = 0
        while missing > 0, !order.isEmpty {
            parts[order[cursor % order.count]] += 1
            missing -= 1
            cursor += 1
        }
        return parts
    }
}
