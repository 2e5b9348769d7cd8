import Foundation
import HealthCore
import HealthExport
import Testing

@Suite("Export fixture: version 14")
struct ExportModernFixtureTests {
    private let watchDevice = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch7,3",
        softwareVersion: "10.2")

    @Test func quantityRecordWithEveryMetadataKind() throws {
        let (batch, summary) = try Fixture.parse("v14-modern")
        #expect(summary.locale == "en_US")
        #expect(summary.exportDate == Date(timeIntervalSince1970: 1_704_495_600))
        #expect(
            summary.characteristics
                == Characteristics(
                    biologicalSex: .female, bloodType: .abPositive,
                    dateOfBirth: CalendarDay(year: 1988, month: 7, day: 14),
                    fitzpatrickSkinType: .II))
        let steps = try #require(batch.quantities(.stepCount).first)
        #expect(steps.quantity == Quantity(unit: .count(), doubleValue: 532))
        #expect(steps.startDate == Date(timeIntervalSince1970: 1_704_406_350))
        #expect(steps.endDate == Date(timeIntervalSince1970: 1_704_406_750))
        #expect(
            steps.device
                == Device(
                    name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone16,2",
                    softwareVersion: "17.2"))
        #expect(steps.metadata[.wasUserEntered] == .bool(false))
        #expect(steps.metadata[MetadataKey("HKMetadataKeySyncVersion")] == .number(3))
        #expect(
            steps.metadata[.elevationAscended] == .quantity(Quantity(unit: try Fixture.unit("cm"), doubleValue: 418)))
        #expect(
            steps.metadata[MetadataKey("HKDateOfEarliestDataUsedForEstimate")]
                == .date(try Fixture.date("2024-01-01 00:00:00 +0900")))
        #expect(steps.metadata[.timeZone] == .string("Asia/Tokyo"))
        #expect(steps.metadata[MetadataKey("Note")] == .string("morning walk"))
        #expect(steps.metadata.count == 6)
        let revision = try #require(steps.sourceRevision)
        #expect(revision.source.name == "Ana’s iPhone")
        #expect(revision.source.isAppleDevice)
        #expect(revision.version == "17.2")
        #expect(revision.productType == "iPhone16,2")
        #expect(revision.operatingSystemVersion == OSVersion(major: 17, minor: 2))
    }

    @Test func heartRateVariabilityBeatsAreKeptAsMetadata() throws {
        let (batch, _) = try Fixture.parse("v14-modern")
        let hrv = try #require(batch.quantities(.heartRateVariabilitySDNN).first)
        #expect(hrv.quantity == Quantity(unit: try Fixture.unit("ms"), doubleValue: 26.2345))
        #expect(hrv.series.isEmpty)
        #expect(
            hrv.metadata == [
                ExportMetadataKeys.instantaneousBeatsPerMinute: .string("58@3:36:20.60 AM|47@3:36:21.64 AM")
            ])
        #expect(hrv.device == watchDevice)
        #expect(hrv.sourceRevision?.productType == "Watch7,3")
    }

    @Test func categoryRecordsMapSymbolicNotApplicableAndMissingValues() throws {
        let (batch, summary) = try Fixture.parse("v14-modern")
        let sleep = try #require(batch.categories(.sleepAnalysis).first)
        #expect(sleep.value == CategoryValueSleepAnalysis.asleepCore.rawValue)
        #expect(sleep.startDate == (try Fixture.date("2024-01-04 22:51:00 +0900")))
        #expect(batch.categories(.mindfulSession).map(\.value) == [0])
        #expect(batch.categories(.handwashingEvent).map(\.value) == [0])
        #expect(
            batch.categories(.mindfulSession).first?.sourceRevision?.source.bundleIdentifier.hasPrefix(
                "export.breathe.") == true)
        #expect(
            summary.skipped[
                ExportSummary.Skip(
                    element: "Record(HKDataTypeSleepDurationGoal)", reason: "records of this type are not imported")]
                == 1)
        #expect(summary.unknownElements == ["FutureElement": 1])
    }

    @Test func correlationMembersAreEmittedOnceInsideTheCorrelation() throws {
        let (batch, summary) = try Fixture.parse("v14-modern")
        #expect(batch.quantities(.bloodPressureSystolic).isEmpty)
        #expect(batch.quantities(.bloodPressureDiastolic).isEmpty)
        #expect(
            batch.quantities(.dietaryWater).map(\.quantity) == [
                Quantity(unit: try Fixture.unit("mL"), doubleValue: 250)
            ])
        #expect(summary.correlationMemberCopiesSkipped == 2)
        #expect(summary.correlationMemberRecords == 2)
        #expect(summary.recordsByType["HKQuantityTypeIdentifierBloodPressureSystolic"] == 1)
        let pressure = try #require(batch.samples.compactMap(\.correlation).first)
        #expect(pressure.correlationType == .bloodPressure)
        #expect(pressure.startDate == (try Fixture.date("2024-01-05 06:26:18 +0900")))
        #expect(pressure.metadata == [.wasUserEntered: .bool(true)])
        #expect(pressure.sourceRevision?.source == Source.healthApp)
        let mmHg = try Fixture.unit("mmHg")
        #expect(pressure.quantitySamples.map(\.quantityType) == [.bloodPressureDiastolic, .bloodPressureSystolic])
        #expect(
            pressure.quantitySamples.map(\.quantity) == [
                Quantity(unit: mmHg, doubleValue: 76), Quantity(unit: mmHg, doubleValue: 114),
            ])
        #expect(pressure.quantitySamples.allSatisfy { $0.metadata == [.wasUserEntered: .bool(true)] })
        #expect(summary.correlationsByType == ["HKCorrelationTypeIdentifierBloodPressure": 1])
    }

    @Test func workoutWithEventsActivityStatisticsAndRoute() throws {
        let (batch, summary) = try Fixture.parse("v14-modern")
        let run = try #require(batch.workouts.first { $0.activityType == .running })
        #expect(run.startDate == (try Fixture.date("2024-01-05 06:35:32 +0900")))
        #expect(run.endDate == (try Fixture.date("2024-01-05 07:09:35 +0900")))
        #expect(abs(run.duration - 34.05 * 60) < 1e-6)
        #expect(run.device == watchDevice)
        #expect(run.metadata[.indoorWorkout] == .bool(false))
        #expect(
            run.metadata[.averageMETs]
                == .quantity(Quantity(unit: try Fixture.unit("kcal/hr*kg"), doubleValue: 4.52156)))
        #expect(run.metadata[.weatherTemperature] == .quantity(Quantity(unit: .degreeCelsius(), doubleValue: 22.2)))
        let segmentStart = try Fixture.date("2024-01-05 06:35:32 +0900")
        let pause = try Fixture.date("2024-01-05 06:50:00 +0900")
        let resume = try Fixture.date("2024-01-05 06:51:00 +0900")
        #expect(
            run.events == [
                WorkoutEvent(type: .segment, start: segmentStart, end: segmentStart.addingTimeInterval(300)),
                WorkoutEvent(type: .pause, date: pause),
                WorkoutEvent(type: .resume, date: resume, metadata: [MetadataKey("Reason"): .string("traffic light")]),
            ])
        let activity = try #require(run.activities.first)
        #expect(activity.uuid == UUID(uuidString: "C839BD9D-6030-41E4-9178-9795F79A9A5F"))
        #expect(activity.configuration == WorkoutConfiguration(activityType: .running, locationType: .outdoor))
        #expect(
            activity.events == [
                WorkoutEvent(type: .lap, start: segmentStart, end: segmentStart.addingTimeInterval(600))
            ])
        #expect(activity.statistics[.activeEnergyBurned]?.sum == Quantity(unit: .kilocalorie(), doubleValue: 453.021))
        #expect(activity.metadata == [.indoorWorkout: .bool(false)])
        #expect(run.statistics.count == 2)
        #expect(run.totalEnergyBurned == Quantity(unit: .kilocalorie(), doubleValue: 453.021))
        let heart = try #require(run.statistics[.heartRate])
        let perMinute = try Fixture.unit("count/min")
        #expect(heart.average == Quantity(unit: perMinute, doubleValue: 142.5))
        #expect(heart.minimum == Quantity(unit: perMinute, doubleValue: 98))
        #expect(heart.maximum == Quantity(unit: perMinute, doubleValue: 171))
        #expect(heart.sum == nil)
        let route = try #require(batch.samples.compactMap(\.workoutRoute).first)
        #expect(route.workoutUUID == run.uuid)
        #expect(route.locations.isEmpty)
        #expect(route.startDate == run.startDate)
        #expect(route.metadata[.syncIdentifier] == .string("ABD31B58-AD40-4EEC-9EB2-7F0BE0D4DBC6"))
        #expect(route.metadata[MetadataKey("HKMetadataKeySyncVersion")] == .number(2))
        #expect(
            batch.routeFiles == [
                RouteFileReference(
                    routeUUID: route.uuid, workoutUUID: run.uuid, path: "/workout-routes/route_2024-01-05_6.35am.gpx")
            ])
        #expect(summary.workoutsByType == ["HKWorkoutActivityTypeRunning": 1, "HKWorkoutActivityTypeCycling": 1])
        #expect(summary.workoutRoutes == 1)
    }

    @Test func legacyWorkoutTotalsBecomeStatistics() throws {
        let (batch, _) = try Fixture.parse("v14-modern")
        let ride = try #require(batch.workouts.first { $0.activityType == .cycling })
        #expect(ride.duration == 3600)
        #expect(ride.totalEnergyBurned == Quantity(unit: .kilocalorie(), doubleValue: 510))
        #expect(ride.totalDistance == Quantity(unit: try Fixture.unit("km"), doubleValue: 20.5))
        #expect(ride.statistics[.distanceCycling]?.sum == Quantity(unit: try Fixture.unit("km"), doubleValue: 20.5))
        #expect(ride.sourceRevision?.source.bundleIdentifier.hasPrefix("export.strava.") == true)
    }

    @Test func activitySummariesOfBothForms() throws {
        let (batch, summary) = try Fixture.parse("v14-modern")
        #expect(summary.activitySummaries == 2)
        let kcal = HealthUnit.kilocalorie()
        #expect(
            batch.activitySummaries == [
                ActivitySummary(
                    day: try #require(CalendarDay("2024-01-05")),
                    activeEnergyBurned: Quantity(unit: kcal, doubleValue: 612.5),
                    activeEnergyBurnedGoal: Quantity(unit: kcal, doubleValue: 520),
                    appleMoveTime: Quantity(unit: .minute(), doubleValue: 0),
                    appleMoveTimeGoal: Quantity(unit: .minute(), doubleValue: 0),
                    appleExerciseTime: Quantity(unit: .minute(), doubleValue: 41),
                    appleExerciseTimeGoal: Quantity(unit: .minute(), doubleValue: 30),
                    appleStandHours: Quantity(unit: .count(), doubleValue: 13),
                    appleStandHoursGoal: Quantity(unit: .count(), doubleValue: 12),
                    activityMoveMode: .activeEnergy),
                ActivitySummary(
                    day: try #require(CalendarDay("2024-01-04")),
                    activeEnergyBurned: Quantity(unit: kcal, doubleValue: 0),
                    activeEnergyBurnedGoal: Quantity(unit: kcal, doubleValue: 0),
                    appleMoveTime: Quantity(unit: .minute(), doubleValue: 35),
                    appleMoveTimeGoal: Quantity(unit: .minute(), doubleValue: 30),
                    appleExerciseTime: Quantity(unit: .minute(), doubleValue: 12),
                    appleExerciseTimeGoal: Quantity(unit: .minute(), doubleValue: 30),
                    appleStandHours: Quantity(unit: .count(), doubleValue: 9),
                    appleStandHoursGoal: Quantity(unit: .count(), doubleValue: 12),
                    activityMoveMode: .appleMoveTime),
            ])
    }

    @Test func identitiesAreDeterministicAndDistinct() throws {
        let first = try Fixture.parse("v14-modern").batch.samples.map(\.uuid)
        let second = try Fixture.parse("v14-modern").batch.samples.map(\.uuid)
        #expect(first == second)
        #expect(Set(first).count == first.count)
        #expect(first.allSatisfy { $0.uuidString.dropFirst(14).first == "8" })
    }
}
