import Foundation
import HealthCore
import HealthTesting
import Testing

@Suite struct ContainerValidationTests {
    let build = SampleBuilder()
    let t0 = Fixtures.date(2024, 3, 1, 9)
    var mmHg: HealthUnit { .millimeterOfMercury() }

    func bloodPressure(_ members: [QuantitySample]) -> Correlation {
        Correlation(uuid: UUIDSequence.uuid(500), type: .bloodPressure, start: t0, end: t0, quantitySamples: members)
    }

    @Test func bloodPressureNeedsOneSystolicAndOneDiastolic() {
        let systolic = build.quantity(.bloodPressureSystolic, 120, mmHg, start: t0)
        let diastolic = build.quantity(.bloodPressureDiastolic, 80, mmHg, start: t0)
        #expect(SampleValidator.issues(in: .correlation(bloodPressure([systolic, diastolic]))).isEmpty)
        let rules = SampleValidator.issues(in: .correlation(bloodPressure([systolic, systolic]))).map(\.rule)
        #expect(rules == [.correlationMembers])
        let stepsInside = build.steps(5, start: t0, end: t0)
        #expect(
            SampleValidator.issues(in: .correlation(bloodPressure([systolic, stepsInside]))).map(\.rule) == [
                .correlationMembers
            ])
    }

    @Test func memberIssuesArePathedToTheMember() throws {
        let systolic = build.quantity(.bloodPressureSystolic, 120, .count(), start: t0)
        let diastolic = build.quantity(.bloodPressureDiastolic, 80, mmHg, start: t0)
        let issue = try #require(SampleValidator.issues(in: .correlation(bloodPressure([systolic, diastolic]))).first)
        #expect(issue.rule == .unitCompatibility)
        #expect(issue.path == "member 0")
    }

    @Test func foodHoldsDietaryQuantitiesOnly() {
        let energy = build.quantity(.dietaryEnergyConsumed, 500, .kilocalorie(), start: t0)
        let meal = Correlation(uuid: UUIDSequence.uuid(600), type: .food, start: t0, end: t0, quantitySamples: [energy])
        #expect(SampleValidator.issues(in: .correlation(meal)).isEmpty)
        var notFood = meal
        notFood.quantitySamples.append(build.steps(3, start: t0, end: t0))
        #expect(SampleValidator.issues(in: .correlation(notFood)).map(\.rule) == [.correlationMembers])
    }

    @Test func workoutEventsMustBeInOrderInsideAndLapsMustNotOverlap() {
        let end = t0.addingTimeInterval(3600)
        func workout(_ events: [WorkoutEvent]) -> AnySample {
            .workout(Workout(uuid: UUIDSequence.uuid(700), activityType: .running, start: t0, end: end, events: events))
        }
        let ordered = [
            WorkoutEvent(type: .lap, start: t0, end: t0.addingTimeInterval(600)),
            WorkoutEvent(type: .segment, start: t0.addingTimeInterval(300), end: t0.addingTimeInterval(900)),
            WorkoutEvent(type: .lap, start: t0.addingTimeInterval(600), end: t0.addingTimeInterval(1200)),
        ]
        #expect(SampleValidator.issues(in: workout(ordered)).isEmpty)
        let overlappingLaps = [
            WorkoutEvent(type: .lap, start: t0, end: t0.addingTimeInterval(700)),
            WorkoutEvent(type: .lap, start: t0.addingTimeInterval(600), end: t0.addingTimeInterval(1200)),
        ]
        #expect(SampleValidator.issues(in: workout(overlappingLaps)).map(\.rule) == [.workoutEventOrder])
        let backwards = [
            WorkoutEvent(type: .pause, date: t0.addingTimeInterval(900)),
            WorkoutEvent(type: .resume, date: t0.addingTimeInterval(600)),
        ]
        #expect(SampleValidator.issues(in: workout(backwards)).map(\.rule) == [.workoutEventOrder])
        let outside = [WorkoutEvent(type: .marker, date: end.addingTimeInterval(1))]
        #expect(SampleValidator.issues(in: workout(outside)).map(\.rule) == [.workoutEventOrder])
    }

    @Test func explicitWorkoutDurationCannotExceedTheSpan() {
        let end = t0.addingTimeInterval(3600)
        let tooLong = Workout(uuid: UUIDSequence.uuid(701), activityType: .running, start: t0, end: end, duration: 4000)
        let fine = Workout(uuid: UUIDSequence.uuid(702), activityType: .running, start: t0, end: end, duration: 3000)
        #expect(SampleValidator.issues(in: .workout(tooLong)).map(\.rule) == [.workoutDuration])
        #expect(SampleValidator.issues(in: .workout(fine)).isEmpty)
    }

    @Test func routeLocationsMustBeValidAndInOrder() {
        let good = WorkoutRoute(
            uuid: UUIDSequence.uuid(800),
            locations: [
                RouteLocation(timestamp: t0, latitude: 52.52, longitude: 13.40),
                RouteLocation(timestamp: t0.addingTimeInterval(5), latitude: 52.5201, longitude: 13.4002),
            ])
        #expect(SampleValidator.issues(in: .workoutRoute(good)).isEmpty)
        var bad = good
        bad.locations[1].latitude = 95
        #expect(SampleValidator.issues(in: .workoutRoute(bad)).map(\.rule) == [.routeLocation])
    }
}
