public import Foundation
import HealthCore
import HealthSimulation

/// A seeded mock-data scenario to fill a HealthKit store with (OpenHealthKit only): HealthSimulation's
/// scenarios for one person, Ana, who carries an iPhone, wears an Apple Watch and uses the third-party
/// Prancercise Tracker.
///
/// Every sample keeps the device or app that recorded it (`Ana’s iPhone`, `Ana’s Apple Watch`,
/// `Prancercise Tracker`), exactly as if those had saved it — so statistics merge the phone and the watch as the
/// Health app does, and none of it counts as the calling app's own data (`HKSource.default()`).
///
/// ```swift
/// try await store.fillWithSimulation(.weekOfMorningRuns(startingOn: monday), seed: 42)
/// ```
///
/// Local times ("a run between 06:00 and 08:00") are in the store configuration's calendar and time zone.
public enum HKSimulationScenario: Sendable, Hashable {
    /// Seven mornings with one 30–60-minute run each, starting 06:00–07:59 local time: per-minute heart rate,
    /// steps, active energy, distance, running speed, ground contact time and stride length, the workout and its
    /// route (Apple Watch).
    case weekOfMorningRuns(startingOn: Date)
    /// Daily steps (3 000–15 000, iPhone) and a morning weigh-in, for `days` days (28 by default).
    case stepsAndWeight(days: Int = 28, startingOn: Date)
    /// One day carried by the iPhone and worn on the Apple Watch: overlapping step and distance samples.
    case phoneAndWatchDay(on: Date)
    /// Nights in bed (iPhone) with sleep stages (Apple Watch), from the evening of the given day.
    case sleepNights(nights: Int = 7, startingOn: Date)
    /// Interval workouts (activity type `.other`) with one active-energy sample per interval, written by the
    /// Prancercise Tracker app (450 kcal per active hour).
    case intervalWorkouts(count: Int = 5, startingOn: Date)
    /// A month of everyday life: all of the above plus heart rate through the day and activity summaries.
    case demoMonth(days: Int = 30, startingOn: Date)

    /// The scenario's data.
    func generate(calendar: Calendar, seed: UInt64, makeUUID: () -> UUID) -> SimulatedData {
        let simulation = Simulation(calendar: calendar)
        var rng = SplitMix64(seed: seed)
        switch self {
        case .weekOfMorningRuns(let day):
            return simulation.weekOfMorningRuns(startingOn: day, using: &rng, makeUUID: makeUUID)
        case .stepsAndWeight(let days, let day):
            return simulation.stepsAndWeight(days: days, startingOn: day, using: &rng, makeUUID: makeUUID)
        case .phoneAndWatchDay(let day):
            return simulation.phoneAndWatchDay(on: day, using: &rng, makeUUID: makeUUID)
        case .sleepNights(let nights, let day):
            return simulation.sleepNights(nights: nights, startingOn: day, using: &rng, makeUUID: makeUUID)
        case .intervalWorkouts(let count, let day):
            return simulation.intervalWorkouts(count: count, startingOn: day, using: &rng, makeUUID: makeUUID)
        case .demoMonth(let days, let day):
            return simulation.demoMonth(days: days, startingOn: day, using: &rng, makeUUID: makeUUID)
        }
    }
}
