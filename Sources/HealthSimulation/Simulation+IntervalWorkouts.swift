public import Foundation
public import HealthCore

extension Simulation {
    /// The metadata key naming an interval's kind on its segment event: `"work"` or `"rest"`.
    public static let intervalKindKey = MetadataKey("IntervalKind")

    /// The Prancercise Tracker's energy rule: kilocalories per hour of active time.
    public static let intervalKilocaloriesPerHour = 450.0

    /// Interval workouts as a third-party app writes them (the Prancercise Tracker tutorial app).
    ///
    /// Shape, for each of `count` consecutive local days starting with the day that contains `day`:
    /// - a workout of activity type `.other` starting at a random minute 17:00–18:59, made of 4–8 rounds of a
    ///   work interval (2–5 minutes, in 30-second steps) followed by a rest interval (1–2 minutes, in
    ///   30-second steps), back to back;
    /// - one `.segment` event per interval (metadata ``intervalKindKey`` = `"work"` or `"rest"`), and one
    ///   pause of 1–3 minutes between two rounds (a `.pause` event at the end of a rest, a `.resume` event at
    ///   the start of the next work interval), so the workout's `duration` is the sum of the intervals;
    /// - one activeEnergyBurned sample per interval, of ``intervalKilocaloriesPerHour`` × the interval's
    ///   length in hours, so the workout's energy is exactly 450 kcal per hour of active time;
    /// - a single ``HealthCore/WorkoutActivity`` with the same events, and activeEnergyBurned statistics (sum).
    ///
    /// Written by the person's third-party app (the iPhone when there is none). Save order per workout: the
    /// energy samples, then the workout.
    /// - Parameters:
    ///   - count: The number of workouts (5 by default).
    ///   - day: Any instant of the first day.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per object created.
    public func intervalWorkouts(
        count: Int = 5,
        startingOn day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        var samples: [AnySample] = []
        for offset in 0..<max(0, count) {
            let start = localTime(dayStart(day, offset: offset), hour: 17, minute: generator.integer(in: 0...119))
            samples += makeIntervalWorkout(start: start, using: &generator, makeUUID: newID)
        }
        return SimulatedData(samples: samples, characteristics: person.characteristics)
    }

    /// One interval workout starting at `start` (see ``intervalWorkouts``).
    private func makeIntervalWorkout(
        start: Date,
        using rng: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> [AnySample] {
        let app = person.thirdPartyApp ?? person.phone
        let rounds = rng.integer(in: 4...8)
        let pauseAfterRound = rng.integer(in: 0...(rounds - 2))
        let pauseSeconds = Double(rng.integer(in: 1...3)) * 60
        var cursor = start
        var events: [WorkoutEvent] = []
        var energySamples: [QuantitySample] = []
        for round in 0..<rounds {
            for (kind, halfMinutes) in [("work", rng.integer(in: 4...10)), ("rest", rng.integer(in: 2...4))] {
                let end = cursor.addingTimeInterval(Double(halfMinutes) * 30)
                events.append(
                    WorkoutEvent(
                        type: .segment, start: cursor, end: end, metadata: [Simulation.intervalKindKey: .string(kind)]))
                let energy = Simulation.intervalKilocaloriesPerHour * end.timeIntervalSince(cursor) / 3600
                energySamples.append(
                    app.quantity(
                        .activeEnergyBurned, energy, SimulationUnits.kilocalorie, start: cursor, end: end,
                        uuid: newID()))
                cursor = end
            }
            if round == pauseAfterRound {
                events.append(WorkoutEvent(type: .pause, date: cursor))
                cursor = cursor.addingTimeInterval(pauseSeconds)
                events.append(WorkoutEvent(type: .resume, date: cursor))
            }
        }
        let statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [
            .activeEnergyBurned: .summing(
                energySamples, type: .activeEnergyBurned, unit: SimulationUnits.kilocalorie, start: start, end: cursor)
        ]
        let activity = WorkoutActivity(
            uuid: newID(), configuration: WorkoutConfiguration(activityType: .other, locationType: .outdoor),
            start: start, end: cursor, events: events, statistics: statistics)
        let workout = Workout(
            uuid: newID(), activityType: .other, start: start, end: cursor, events: events, activities: [activity],
            statistics: statistics, device: app.device, metadata: [.indoorWorkout: .bool(false)],
            sourceRevision: app.sourceRevision)
        return energySamples.map { .quantity($0) } + [.workout(workout)]
    }
}
