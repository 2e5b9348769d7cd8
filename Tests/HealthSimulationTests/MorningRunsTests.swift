import Foundation
import HealthCore
import HealthSimulation
import HealthTesting
import Testing

@Suite("Morning runs")
struct MorningRunsTests {
    @Test(
        "seven runs on seven distinct days, starting 06:00–08:00 local",
        arguments: ["Europe/Berlin", "America/Los_Angeles"], [UInt64(1), 2, 3, 99])
    func localStarts(timeZone: String, seed: UInt64) {
        let data = Scenario.morningRuns.generate(seed: seed, timeZone: timeZone)
        let calendar = Fixtures.calendar(timeZone)
        #expect(data.workouts.count == 7)
        var days: Set<DateComponents> = []
        for run in data.workouts {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: run.startDate)
            let minute = (parts.hour ?? -1) * 60 + (parts.minute ?? 0)
            #expect((360..<480).contains(minute), "\(timeZone): starts at \(minute)")
            days.insert(DateComponents(year: parts.year, month: parts.month, day: parts.day))
            #expect(run.activityType == .running)
            #expect(run.sourceRevision?.source == SimulatedDevice.appleWatch.source)
        }
        #expect(days.count == 7)
        let first = calendar.dateComponents([.day], from: data.workouts[0].startDate)
        #expect(first.day == 15)
    }

    @Test(
        "local starts hold across daylight-saving changes",
        arguments: [("Europe/Berlin", 28, 3), ("America/Los_Angeles", 7, 3), ("Europe/Berlin", 24, 10)])
    func daylightSaving(timeZone: String, day: Int, month: Int) {
        let calendar = Fixtures.calendar(timeZone)
        let simulation = Simulation(calendar: calendar)
        var rng = SplitMix64(seed: 12)
        let data = simulation.weekOfMorningRuns(
            startingOn: Fixtures.date(2024, month, day, 9, in: calendar), using: &rng, makeUUID: UUIDSequence().next)
        let days = data.workouts.map { calendar.dateComponents([.day], from: $0.startDate).day ?? 0 }
        #expect(Set(days).count == 7)
        for run in data.workouts {
            let parts = calendar.dateComponents([.hour], from: run.startDate)
            #expect((6...7).contains(parts.hour ?? -1))
        }
        #expect((try? SampleValidator.validate(data.samples)) != nil)
    }

    @Test("durations are 30–60 minutes, with one activity", arguments: [UInt64(1), 5, 11, 2024])
    func durations(seed: UInt64) {
        for run in Scenario.morningRuns.generate(seed: seed).workouts {
            #expect((1800...3600).contains(run.duration))
            #expect((1800...3600).contains(run.endDate.timeIntervalSince(run.startDate)))
            #expect(run.activities.count == 1)
            #expect(run.activities.first?.duration == run.duration)
        }
    }

    @Test("some runs have a pause, and pauses are left out of the duration")
    func pauses() {
        let runs = (1...6).flatMap { Scenario.morningRuns.generate(seed: UInt64($0)).workouts }
        let paused = runs.filter { !$0.events.isEmpty }
        #expect(!paused.isEmpty)
        for run in paused {
            #expect(run.events.map(\.type) == [.pause, .resume])
            #expect(run.duration < run.endDate.timeIntervalSince(run.startDate))
        }
    }

    @Test("workout statistics equal the per-minute samples", arguments: [UInt64(1), 8, 77])
    func statistics(seed: UInt64) throws {
        let data = Scenario.morningRuns.generate(seed: seed)
        for run in data.workouts {
            func inside(_ type: QuantityTypeIdentifier) -> [QuantitySample] {
                data.quantitySamples(of: type).filter { $0.startDate >= run.startDate && $0.endDate <= run.endDate }
            }
            let minutes = Int(run.duration / 60)
            for (type, unit) in [
                (QuantityTypeIdentifier.activeEnergyBurned, HealthUnit.kilocalorie()),
                (.distanceWalkingRunning, .meter()), (.stepCount, .count()),
            ] {
                let samples = inside(type)
                #expect(samples.count == minutes)
                #expect(close(value(run.statistics(for: type)?.sum, unit), total(samples, unit)))
            }
            let heart = inside(.heartRate).map { value($0.quantity, countPerMinute) }
            #expect(heart.count == minutes)
            #expect(heart.allSatisfy { (100...185).contains($0) })
            let stats = try #require(run.statistics(for: .heartRate))
            #expect(close(value(stats.average, countPerMinute), heart.reduce(0, +) / Double(heart.count)))
            #expect(value(stats.minimum, countPerMinute) == heart.min())
            #expect(value(stats.maximum, countPerMinute) == heart.max())
            #expect(run.activities.first?.statistics == run.statistics)
            #expect((150...185).contains(total(inside(.stepCount), .count()) / Double(minutes)))
            for type in [QuantityTypeIdentifier.runningSpeed, .runningGroundContactTime, .runningStrideLength] {
                #expect(inside(type).count == minutes)
            }
        }
    }

    @Test("each run has a route inside it, linked to the workout")
    func routes() {
        let data = Scenario.morningRuns.generate(seed: 4)
        #expect(data.workoutRoutes.count == 7)
        for (run, route) in zip(data.workouts, data.workoutRoutes) {
            #expect(route.workoutUUID == run.uuid)
            #expect(route.locations.count == Int(run.duration / 60) * 6)
            #expect(route.startDate == run.startDate && route.endDate == run.endDate)
            #expect(zip(route.locations, route.locations.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
        }
        // Save order: samples, then the workout, then its route.
        let kinds = data.samples.map(\.sampleType)
        let firstWorkout = kinds.firstIndex(of: .workout) ?? 0
        #expect(kinds[firstWorkout + 1] == .workoutRoute)
    }
}
