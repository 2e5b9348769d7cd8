public import Foundation
import HealthCore

extension Simulation {
    /// The month `ohk quickstart` loads: everyday life for one person with an iPhone and an Apple Watch.
    ///
    /// Shape, for each of `days` local days starting with the day that contains `day`:
    /// - with probability 0.3, a morning run as in ``weekOfMorningRuns(startingOn:using:makeUUID:)`` (start
    ///   06:00–07:59, but at least 10 minutes after the previous night's wake-up; 30–60 active minutes,
    ///   per-minute samples, workout, route); on those days the watch is put on at the start of the run;
    /// - everyday movement as in ``phoneAndWatchDay(on:using:makeUUID:)`` (watch chunks of 10 minutes while worn
    ///   until 22:00, overlapping irregular phone stretches), skipping the run's interval; the watch also writes
    ///   one activeEnergyBurned sample per chunk (0.04 kcal per step + 0.1 kcal per minute) and an
    ///   instantaneous heartRate reading per chunk (count/min, resting rate + 0.4 × step rate);
    /// - with probability 0.8, a morning bodyMass sample from the phone (07:00–07:44, kg, slow drift);
    /// - a night of sleep from that evening, as in ``sleepNights(nights:startingOn:using:makeUUID:)``;
    /// - one ``HealthCore/ActivitySummary``: move = the watch's active energy of the day (chunks and run), goal
    ///   500 kcal; exercise = run minutes + brisk-walk minutes, goal 30 min; stand = hours with at least 60
    ///   watch steps, goal 12.
    ///
    /// About 450–550 samples a day (≈ 15 000 for 30 days). ``SimulatedData/expectedMergedTotals`` holds the
    /// watch-first step and distance totals of the whole month. Save order: day by day — the run, the day's
    /// movement in time order, the weight, the night.
    /// - Parameters:
    ///   - days: The number of days (30 by default).
    ///   - day: Any instant of the first day.
    ///   - generator: The source of every random choice.
    ///   - newID: Called once per object created.
    public func demoMonth(
        days: Int = 30,
        startingOn day: Date,
        using generator: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> SimulatedData {
        var data = SimulatedData(characteristics: person.characteristics)
        let drift = generator.double(in: -0.04...0.02)
        var previousWake: Date?
        for offset in 0..<max(0, days) {
            let start = dayStart(day, offset: offset)
            var options = DayOptions(wornFrom: localTime(start, hour: 7), energyAndHeartRate: true)
            var run: GeneratedRun?
            if generator.chance(0.3) {
                var runStart = localTime(start, hour: 6, minute: generator.integer(in: 0...119))
                if let previousWake, runStart < previousWake.addingTimeInterval(600) {
                    runStart = previousWake.addingTimeInterval(Double(10 + generator.integer(in: 0...10)) * 60)
                }
                let generated = makeRun(
                    start: runStart, activeMinutes: generator.integer(in: 30...60), using: &generator,
                    makeUUID: newID)
                options.wornFrom = min(options.wornFrom, runStart)
                options.busy = [TimeSpan(start: generated.workout.startDate, end: generated.workout.endDate)]
                data.samples += generated.samples
                run = generated
            }
            let movement = makeDay(dayStart: start, options: options, using: &generator, makeUUID: newID)
            data.samples += movement.samples
            if generator.chance(0.8) {
                let mass = (person.bodyMass + drift * Double(offset) + generator.double(in: -0.3...0.3))
                    .rounded(places: 1)
                let weighed = localTime(start, hour: 7, minute: generator.integer(in: 0...44))
                data.samples.append(
                    .quantity(
                        person.phone.quantity(
                            .bodyMass, mass, SimulationUnits.kilogram, start: weighed, end: weighed, uuid: newID())))
            }
            let night = makeNight(eveningOf: start, using: &generator, makeUUID: newID)
            previousWake = night.last?.endDate
            data.samples += night
            if let summary = activitySummary(for: start, movement: movement, run: run) {
                data.activitySummaries.append(summary)
            }
        }
        return data
    }

    /// The day's rings (see ``demoMonth``); nil if the calendar cannot name the day.
    private func activitySummary(for dayStart: Date, movement: GeneratedDay, run: GeneratedRun?) -> ActivitySummary? {
        guard let day = calendarDay(dayStart) else { return nil }
        let units = SimulationUnits.self
        var hours = movement.activeHours
        if let run {
            let first = Int(run.workout.startDate.timeIntervalSince(dayStart) / 3600)
            let last = Int(run.workout.endDate.timeIntervalSince(dayStart) / 3600)
            hours.formUnion(first...last)
        }
        let energy = (movement.watchEnergy + (run?.energy ?? 0)).rounded(places: 3)
        let exercise = Double(movement.briskMinutes + (run?.activeMinutes ?? 0))
        return ActivitySummary(
            day: day,
            activeEnergyBurned: Quantity(unit: units.kilocalorie, doubleValue: energy),
            activeEnergyBurnedGoal: Quantity(unit: units.kilocalorie, doubleValue: 500),
            appleExerciseTime: Quantity(unit: units.minute, doubleValue: exercise),
            appleExerciseTimeGoal: Quantity(unit: units.minute, doubleValue: 30),
            appleStandHours: Quantity(unit: units.count, doubleValue: Double(min(24, hours.count))),
            appleStandHoursGoal: Quantity(unit: units.count, doubleValue: 12),
            activityMoveMode: person.characteristics.activityMoveMode ?? .activeEnergy)
    }
}
