public import Foundation
import HealthCore

extension Simulation {
    /// Seven consecutive mornings with one outdoor run each, recorded by the watch.
    ///
    /// Shape, for each of the 7 local days starting with the day that contains `day`:
    /// - a `.running` ``HealthCore/Workout`` starting at a random whole minute from 06:00 to 07:59 local time
    ///   (in the simulation's calendar), with 30–60 active minutes; with probability 0.35 one pause of
    ///   1–3 minutes (pause/resume events), keeping the whole span within 60 minutes; one
    ///   ``HealthCore/WorkoutActivity`` (running, outdoor) with the same events and statistics; metadata
    ///   `HKIndoorWorkout = false` and `HKTimeZone`;
    /// - one sample per active minute (`[t, t + 60 s)`) of each of: heartRate (count/min, rising from 100 to at
    ///   most 185), stepCount (the cadence, 150–185), activeEnergyBurned (kcal, ≈ body mass × km),
    ///   distanceWalkingRunning (m), runningSpeed (m/s), runningGroundContactTime (ms) and runningStrideLength (m,
    ///   distance ÷ steps);
    /// - workout statistics that equal the samples exactly: sums of energy, distance and steps; average,
    ///   minimum, maximum and most recent of heart rate and running speed;
    /// - a ``HealthCore/WorkoutRoute`` linked to the workout, one location every 10 s of active time, tracing a
    ///   loop from the person's home.
    ///
    /// Save order per day: the minute samples, the workout, the route. No activity summaries.
    ///
    /// ```swift
    /// let data = simulation.weekOfMorningRuns(startingOn: monday, using: &rng, makeUUID: uuids.next)
    /// data.workouts.count      // 7
    /// data.workoutRoutes.count // 7
    /// ```
    /// - Parameters:
    ///   - day: Any instant of the first day.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per object created.
    /// - Returns: The runs with their samples and routes.
    public func weekOfMorningRuns(
        startingOn day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        var samples: [AnySample] = []
        for offset in 0..<7 {
            let start = localTime(dayStart(day, offset: offset), hour: 6, minute: generator.integer(in: 0...119))
            let minutes = generator.integer(in: 30...60)
            samples += makeRun(start: start, activeMinutes: minutes, using: &generator, makeUUID: newID).samples
        }
        return SimulatedData(samples: samples, characteristics: person.characteristics)
    }
}
