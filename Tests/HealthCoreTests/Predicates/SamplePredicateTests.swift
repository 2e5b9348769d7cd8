import Foundation
import HealthCore
import HealthTesting
import Testing

@Suite struct SamplePredicateTests {
    let build = SampleBuilder()
    let start = Fixtures.date(2024, 3, 1, 14)
    let end = Fixtures.date(2024, 3, 1, 15)

    func sample(_ from: Date, _ to: Date) -> AnySample { .quantity(build.steps(1, start: from, end: to)) }
    func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    @Test(arguments: [
        // (sample start, sample end in minutes from 14:00), none, strictStart, strictEnd, both
        (-10.0, 0.0, true, false, true, false),  // ends exactly at start: overlap includes (>=)
        (-10.0, 10.0, true, false, true, false),
        (10.0, 20.0, true, true, true, true),
        (50.0, 70.0, true, true, false, false),
        (60.0, 60.0, false, false, false, false),  // instantaneous exactly at end: excluded
        (0.0, 0.0, true, true, true, true),  // instantaneous exactly at start: included
        (-20.0, -10.0, false, false, false, false),
    ])
    func dateWindowSemantics(
        _ a: Double, _ e: Double, _ none: Bool, _ strictStart: Bool, _ strictEnd: Bool, _ both: Bool
    ) {
        let s = sample(at(a), at(e))
        #expect(SamplePredicate.date(start: start, end: end).evaluate(s) == none)
        #expect(SamplePredicate.date(start: start, end: end, options: .strictStartDate).evaluate(s) == strictStart)
        #expect(SamplePredicate.date(start: start, end: end, options: .strictEndDate).evaluate(s) == strictEnd)
        #expect(
            SamplePredicate.date(start: start, end: end, options: [.strictStartDate, .strictEndDate]).evaluate(s)
                == both)
    }

    @Test func openBoundsMatchEverythingOnThatSide() {
        #expect(SamplePredicate.date(start: nil, end: end).evaluate(sample(at(-1000), at(-999))))
        #expect(SamplePredicate.date(start: start, end: nil).evaluate(sample(at(1000), at(1001))))
    }

    @Test func typeSourceDeviceAndUUID() {
        let steps = build.steps(5, start: start, end: end, source: Fixtures.watch)
        var withDevice = steps
        withDevice.device = Fixtures.watchDevice
        let s = AnySample.quantity(withDevice)
        #expect(SamplePredicate.type(.quantity(.stepCount)).evaluate(s))
        #expect(!SamplePredicate.type(.quantity(.heartRate)).evaluate(s))
        #expect(SamplePredicate.source(Fixtures.watch).evaluate(s))
        #expect(!SamplePredicate.source(Fixtures.phone).evaluate(s))
        #expect(SamplePredicate.sources([Fixtures.phone, Fixtures.watch]).evaluate(s))
        #expect(SamplePredicate.sourceRevisions([SourceRevision(source: Fixtures.watch)]).evaluate(s))
        #expect(!SamplePredicate.sourceRevisions([SourceRevision(source: Fixtures.watch, version: "2")]).evaluate(s))
        #expect(SamplePredicate.devices([Fixtures.watchDevice]).evaluate(s))
        var almost = Fixtures.watchDevice
        almost.firmwareVersion = "1"
        #expect(!SamplePredicate.devices([almost]).evaluate(s), "every property must match, including missing ones")
        #expect(SamplePredicate.deviceProperty(.hardwareVersion, allowedValues: ["Watch6,1"]).evaluate(s))
        #expect(SamplePredicate.uuid(steps.uuid).evaluate(s))
        #expect(!SamplePredicate.uuids([UUIDSequence.uuid(9999)]).evaluate(s))
    }

    @Test func metadataPredicates() {
        let s = AnySample.quantity(build.steps(5, start: start, end: end))
        var tagged = s
        tagged.metadata = [.wasUserEntered: .bool(true), .syncVersion: .number(3), .timeZone: .string("Europe/Berlin")]
        #expect(SamplePredicate.metadata(exists: .wasUserEntered).evaluate(tagged))
        #expect(!SamplePredicate.metadata(exists: .wasUserEntered).evaluate(s))
        #expect(SamplePredicate.metadata(.wasUserEntered, allowedValues: [.number(1)]).evaluate(tagged))
        #expect(SamplePredicate.metadata(.syncVersion, .greaterThan, .number(2)).evaluate(tagged))
        #expect(!SamplePredicate.metadata(.syncVersion, .greaterThan, .number(3)).evaluate(tagged))
        #expect(SamplePredicate.metadata(.timeZone, .equalTo, .string("Europe/Berlin")).evaluate(tagged))
        #expect(
            !SamplePredicate.metadata(.timeZone, .equalTo, .number(1)).evaluate(tagged), "different kinds never match")
    }

    @Test func quantityComparisonsWorkAcrossCompatibleUnits() {
        let weight = AnySample.quantity(build.quantity(.bodyMass, 70, .gramUnit(with: .kilo), start: start))
        #expect(SamplePredicate.quantity(.greaterThan, Quantity(unit: .pound(), doubleValue: 150)).evaluate(weight))
        #expect(!SamplePredicate.quantity(.greaterThan, Quantity(unit: .pound(), doubleValue: 160)).evaluate(weight))
        #expect(!SamplePredicate.quantity(.greaterThan, Quantity(unit: .meter(), doubleValue: 1)).evaluate(weight))
    }

    @Test func categoryAndWorkoutPredicates() {
        let sleep = AnySample.category(build.category(.sleepAnalysis, 4, start: start, end: end))
        #expect(SamplePredicate.categoryValue(.equalTo, 4).evaluate(sleep))
        #expect(SamplePredicate.categoryValues([3, 4, 5]).evaluate(sleep))
        #expect(!SamplePredicate.categoryValues([0, 2]).evaluate(sleep))
        let energy = Quantity(unit: .kilocalorie(), doubleValue: 450)
        let run = AnySample.workout(
            Workout(
                uuid: UUIDSequence.uuid(42), activityType: .running, start: start, end: end,
                statistics: [
                    .activeEnergyBurned: WorkoutStatistics(
                        quantityType: .activeEnergyBurned, start: start, end: end, sum: energy)
                ]))
        #expect(SamplePredicate.workoutActivityType(.running).evaluate(run))
        #expect(SamplePredicate.workoutDuration(.greaterThanOrEqualTo, 3600).evaluate(run))
        #expect(!SamplePredicate.workoutDuration(.greaterThan, 3600).evaluate(run))
        #expect(
            SamplePredicate.workoutStatistic(
                .activeEnergyBurned, .sum, .greaterThan, Quantity(unit: .kilocalorie(), doubleValue: 400)
            ).evaluate(run))
        #expect(
            !SamplePredicate.workoutStatistic(
                .distanceWalkingRunning, .sum, .greaterThan, Quantity(unit: .meter(), doubleValue: 0)
            ).evaluate(run))
    }

    @Test func compoundPredicates() {
        let s = AnySample.quantity(build.steps(5, start: start, end: end, source: Fixtures.phone))
        let steps = SamplePredicate.type(.quantity(.stepCount))
        let watch = SamplePredicate.source(Fixtures.watch)
        #expect((steps && !watch).evaluate(s))
        #expect(!(steps && watch).evaluate(s))
        #expect((watch || steps).evaluate(s))
        #expect(SamplePredicate.and([]).evaluate(s))
        #expect(!SamplePredicate.or([]).evaluate(s))
        #expect(!(steps && .none).evaluate(s))
        #expect((steps || .none).evaluate(s))
        #expect((steps && .all) == SamplePredicate.and([steps]), "neutral elements are dropped")
    }

    struct Relations: SamplePredicateContext {
        let members: Set<UUID>
        let workout: UUID
        func isCorrelationMember(_ sample: UUID) -> Bool { members.contains(sample) }
        func isSample(_ sample: UUID, associatedWithWorkout workout: UUID) -> Bool {
            workout == self.workout && members.contains(sample)
        }
    }

    @Test func relationPredicatesAskTheContext() {
        let s = AnySample.quantity(build.steps(5, start: start, end: end))
        let context = Relations(members: [s.uuid], workout: UUIDSequence.uuid(1))
        #expect(SamplePredicate.noCorrelation.evaluate(s))
        #expect(!SamplePredicate.noCorrelation.evaluate(s, context: context))
        #expect(SamplePredicate.associated(withWorkout: UUIDSequence.uuid(1)).evaluate(s, context: context))
        #expect(!SamplePredicate.associated(withWorkout: UUIDSequence.uuid(2)).evaluate(s, context: context))
    }

    @Test func sortOrdersAreStableAndDirectional() {
        let a = sample(at(10), at(30))
        let b = sample(at(0), at(40))
        let c = sample(at(10), at(20))
        #expect([SampleSortOrder.startDate].sort([a, b, c]).map(\.uuid) == [b.uuid, a.uuid, c.uuid])
        #expect([SampleSortOrder.endDateDescending].sort([a, b, c]).map(\.uuid) == [b.uuid, a.uuid, c.uuid])
        #expect(
            [SampleSortOrder(.startDate), SampleSortOrder(.endDate)].sort([a, b, c]).map(\.uuid) == [
                b.uuid, c.uuid, a.uuid,
            ])
    }
}
