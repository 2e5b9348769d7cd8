import Foundation
import HealthCore
import HealthTesting
import Testing

@Suite struct WorkoutTests {
    let ten = Fixtures.date(2024, 1, 5, 10)
    func at(_ minutes: Double) -> Date { ten.addingTimeInterval(minutes * 60) }

    @Test func activeTimeLeavesOutPausesAsInReferenceExample() {
        let events = [
            WorkoutEvent(type: .pause, date: at(20)),
            WorkoutEvent(type: .resume, date: at(25)),
            WorkoutEvent(type: .motionPaused, date: at(40)),
            WorkoutEvent(type: .motionResumed, date: at(41)),
        ]
        let run = Workout(uuid: UUIDSequence.uuid(1), activityType: .running, start: ten, end: at(60), events: events)
        #expect(run.duration == 3240)
    }

    @Test func openPauseLastsUntilTheEndAndDoublePausesCountOnce() {
        let events = [
            WorkoutEvent(type: .pause, date: at(10)),
            WorkoutEvent(type: .motionPaused, date: at(12)),
            WorkoutEvent(type: .resume, date: at(15)),
            WorkoutEvent(type: .pause, date: at(50)),
        ]
        #expect(events.activeDuration(from: ten, to: at(60)) == 2700)
        #expect(events.activeDuration(from: ten, to: at(30)) == 1500)
    }

    @Test func explicitDurationWins() {
        let legacy = Workout(
            uuid: UUIDSequence.uuid(2), activityType: .walking, start: ten, end: at(60), duration: 1800)
        #expect(legacy.duration == 1800)
    }

    @Test func eventTypesRoundTripThroughExportNames() {
        for type in WorkoutEventType.allKnown {
            #expect(WorkoutEventType(exportName: type.exportName) == type)
        }
        #expect(WorkoutEventType.motionPaused.exportName == "HKWorkoutEventTypeMotionPaused")
        #expect(WorkoutEventType(rawValue: 99).name == "unknown(99)")
    }

    @Test func legacyTotalsReadFromStatistics() {
        let energy = Quantity(unit: .kilocalorie(), doubleValue: 300)
        let distance = Quantity(unit: .meter(), doubleValue: 5000)
        let run = Workout(
            uuid: UUIDSequence.uuid(3), activityType: .running, start: ten, end: at(30),
            statistics: [
                .activeEnergyBurned: WorkoutStatistics(
                    quantityType: .activeEnergyBurned, start: ten, end: at(30), sum: energy),
                .distanceWalkingRunning: WorkoutStatistics(
                    quantityType: .distanceWalkingRunning, start: ten, end: at(30), sum: distance),
            ])
        #expect(run.totalEnergyBurned == energy)
        #expect(run.totalDistance == distance)
    }
}
