public import Foundation
import HealthCore

extension Simulation {
    /// One day carried by the iPhone and worn on the Apple Watch, with overlapping step and distance samples.
    ///
    /// Shape (local times in the simulation's calendar):
    /// - the watch is worn 07:00–22:00 except a 30–60 minute charging break starting 12:00–18:00; it writes one
    ///   stepCount and one distanceWalkingRunning sample per 10-minute chunk of that time;
    /// - the phone is carried from about 06:30 to 22:30 in irregular stretches of 3–40 minutes (the first one
    ///   35–60 minutes, so it covers the time before the watch is put on; no gaps during the charging break),
    ///   and writes one stepCount and one distanceWalkingRunning sample per stretch, counting 80–95 % of the
    ///   steps the watch would;
    /// - both devices measure one underlying step rate, so where they overlap they count the same steps twice:
    ///   the naive sum over all samples is larger than the merged total.
    ///
    /// Samples are in chronological order. No activity summaries. (The tests check the engine's merged totals of
    /// this day against an independent reference merge, HealthTesting's `MergeReference`.)
    /// - Parameters:
    ///   - day: Any instant of the day.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per sample.
    public func phoneAndWatchDay(
        on day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        let start = dayStart(day)
        let generated = makeDay(
            dayStart: start, options: DayOptions(wornFrom: localTime(start, hour: 7)), using: &generator,
            makeUUID: newID)
        return SimulatedData(samples: generated.samples, characteristics: person.characteristics)
    }
}
