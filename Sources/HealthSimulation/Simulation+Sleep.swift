public import Foundation
import HealthCore

extension Simulation {
    /// Nights of sleep with stages: an `inBed` sample from the iPhone and contiguous stage samples from the watch.
    ///
    /// Shape, for each of `nights` nights starting on the evening of the day that contains `day`:
    /// - bedtime at a random minute 22:00–23:59 local, wake-up at a random minute 06:00–07:30 the next morning;
    /// - one `inBed` sample (phone) from bedtime to wake-up;
    /// - after falling asleep (5–25 minutes), watch samples in sleep cycles of 80–110 minutes, each
    ///   `asleepCore`, `asleepDeep`, `asleepCore`, `asleepREM` (deep sleep shrinks and REM grows through the
    ///   night), with a 1–4 minute `awake` between cycles 40 % of the time, and a final 2–8 minute `awake` up to
    ///   wake-up;
    /// - the stage samples of a night are contiguous (each ends where the next begins), do not overlap, lie
    ///   inside the `inBed` sample and fall on whole minutes.
    ///
    /// Save order per night: `inBed`, then the stages in time order.
    /// - Parameters:
    ///   - nights: The number of nights (7 by default).
    ///   - day: Any instant of the day whose evening starts the first night.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per sample.
    public func sleepNights(
        nights: Int = 7,
        startingOn day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        var samples: [AnySample] = []
        for offset in 0..<max(0, nights) {
            samples += makeNight(eveningOf: dayStart(day, offset: offset), using: &generator, makeUUID: newID)
        }
        return SimulatedData(samples: samples, characteristics: person.characteristics)
    }

    /// One night starting on the evening of `evening` (see ``sleepNights``).
    func makeNight(
        eveningOf evening: Date,
        using rng: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> [AnySample] {
        let bed = localTime(evening, hour: 22, minute: rng.integer(in: 0...119))
        let wake = localTime(dayStart(evening, offset: 1), hour: 6, minute: rng.integer(in: 0...90))
        let finalAwake = wake.addingTimeInterval(-Double(rng.integer(in: 2...8)) * 60)
        var cursor = bed.addingTimeInterval(Double(rng.integer(in: 5...25)) * 60)
        var samples: [AnySample] = [
            .category(
                person.phone.category(
                    .sleepAnalysis, CategoryValueSleepAnalysis.inBed.rawValue, start: bed, end: wake, uuid: newID()))
        ]
        func stage(_ value: CategoryValueSleepAnalysis, minutes: Int) {
            guard minutes > 0, cursor < finalAwake else { return }
            let end = min(finalAwake, cursor.addingTimeInterval(Double(minutes) * 60))
            samples.append(
                .category(
                    person.watch.category(.sleepAnalysis, value.rawValue, start: cursor, end: end, uuid: newID())))
            cursor = end
        }
        var cycle = 0
        while cursor < finalAwake {
            let length = Double(rng.integer(in: 80...110))
            let deep = max(0.05, 0.30 - 0.07 * Double(cycle))
            let rem = min(0.40, 0.12 + 0.07 * Double(cycle))
            let core = (1 - deep - rem) / 2
            stage(.asleepCore, minutes: Int((length * core).rounded()))
            stage(.asleepDeep, minutes: Int((length * deep).rounded()))
            stage(.asleepCore, minutes: Int((length * core).rounded()))
            stage(.asleepREM, minutes: Int((length * rem).rounded()))
            if rng.chance(0.4) { stage(.awake, minutes: rng.integer(in: 1...4)) }
            cycle += 1
        }
        samples.append(
            .category(
                person.watch.category(
                    .sleepAnalysis, CategoryValueSleepAnalysis.awake.rawValue, start: cursor, end: wake,
                    uuid: newID())))
        return samples
    }
}
