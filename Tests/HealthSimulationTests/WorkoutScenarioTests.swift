import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Interval workouts and the demo month")
struct WorkoutScenarioTests {
    @Test("interval workouts: 450 kcal per hour of active time, segments and one pause", arguments: [UInt64(1), 2, 3])
    func intervals(seed: UInt64) throws {
        let data = Scenario.intervalWorkouts.generate(seed: seed)
        #expect(data.workouts.count == 5)
        let energy = data.quantitySamples(of: .activeEnergyBurned)
        for workout in data.workouts {
            let segments = workout.events.filter { $0.type == .segment }
            #expect(segments.count >= 8 && segments.count % 2 == 0)
            #expect(workout.events.filter { $0.type == .pause }.count == 1)
            #expect(workout.events.filter { $0.type == .resume }.count == 1)
            let kinds = segments.map { $0.metadata[Simulation.intervalKindKey]?.stringValue }
            #expect(kinds.enumerated().allSatisfy { $0.element == ($0.offset % 2 == 0 ? "work" : "rest") })
            let active = segments.reduce(0) { $0 + $1.endDate.timeIntervalSince($1.startDate) }
            #expect(close(workout.duration, active))
            #expect(workout.duration < workout.endDate.timeIntervalSince(workout.startDate))
            let own = energy.filter { $0.startDate >= workout.startDate && $0.endDate <= workout.endDate }
            #expect(own.count == segments.count)
            let expected = 450 * workout.duration / 3600
            #expect(close(total(own, .kilocalorie()), expected))
            #expect(close(value(workout.totalEnergyBurned, .kilocalorie()), expected))
            #expect(workout.activityType == .other)
            #expect(workout.sourceRevision?.source == SimulatedDevice.prancerciseTracker.source)
        }
    }

    @Test("without a third-party app, the phone writes the interval workouts")
    func intervalsFromPhone() {
        var person = SimulatedPerson.ana
        person.thirdPartyApp = nil
        let simulation = Simulation(person: person, calendar: Fixtures.calendar())
        var rng = SplitMix64(seed: 1)
        let data = simulation.intervalWorkouts(
            count: 1, startingOn: Fixtures.epoch, using: &rng, makeUUID: UUIDSequence().next)
        #expect(data.samples.allSatisfy { $0.sourceRevision?.source == SimulatedDevice.iPhone.source })
    }

    @Test("demo month: sizes, summaries, runs, sleep, weight and overlapping steps", arguments: [UInt64(1), 42])
    func demoMonth(seed: UInt64) throws {
        var data = SimulatedData()
        data = Scenario.demoMonth.generate(seed: seed)
        #expect((8000...20_000).contains(data.samples.count))
        #expect(data.activitySummaries.count == 30)
        #expect(data.activitySummaries.first?.day == CalendarDay(year: 2024, month: 1, day: 15))
        #expect(data.activitySummaries.allSatisfy { value($0.activeEnergyBurned, .kilocalorie()) > 50 })
        #expect((3...20).contains(data.workouts.count))
        #expect(data.workoutRoutes.count == data.workouts.count)
        let inBed = data.categorySamples(of: .sleepAnalysis).filter { $0.value == 0 }
        #expect(inBed.count == 30)
        #expect((15...30).contains(data.quantitySamples(of: .bodyMass).count))
        #expect(data.quantitySamples(of: .heartRate).count > 30 * 60)
        let steps = data.quantitySamples(of: .stepCount)
        #expect(Set(steps.compactMap { $0.sourceRevision?.source }).count == 2)
        let merged = MergeReference.preferredSourceTotal(
            of: .stepCount, in: data.samples, unit: .count(), preferring: SimulatedPerson.ana.watch.source)
        #expect(total(steps, .count()) > merged)
        #expect((30 * 4000...30 * 16_000).contains(Int(merged)))
        // The watch never writes two overlapping step samples (runs replace its everyday chunks).
        // Runs start after the night's wake-up.
        let wakes = data.categorySamples(of: .sleepAnalysis).filter { $0.value == 0 }.map(\.endDate)
        for run in data.workouts {
            #expect(!wakes.contains { $0 > run.startDate && $0.timeIntervalSince(run.startDate) < 12 * 3600 })
        }
        let watchSteps = steps.filter { $0.sourceRevision?.source == SimulatedDevice.appleWatch.source }
            .sorted { $0.startDate < $1.startDate }
        #expect(zip(watchSteps, watchSteps.dropFirst()).allSatisfy { $0.endDate <= $1.startDate })
    }
}
