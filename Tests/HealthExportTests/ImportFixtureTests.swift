import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthTesting
import Testing

@testable import HealthQuery

/// Each export generation and quirk, imported into a HealthStore, checked field by field.
@Suite("Import of fixtures")
struct ImportFixtureTests {
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="Apple Health Export" xmlns="http://www.topografix.com/GPX/1/1">
          <metadata><time>2024-01-04T22:09:40Z</time></metadata>
          <trk><name>Route 2024-01-05 6.35am</name><trkseg>
            <trkpt lon="139.759375" lat="35.677286"><ele>26.17</ele><time>2024-01-04T21:35:32Z</time><extensions><speed>3.14</speed><course>289.8</course><hAcc>1.87</hAcc><vAcc>1.5</vAcc></extensions></trkpt>
            <trkpt lon="139.759342" lat="35.677296"><ele>26.41</ele><time>2024-01-04T21:35:33.5Z</time><extensions><speed>3.26</speed><course>289.6</course><hAcc>2.59</hAcc><vAcc>3.2</vAcc></extensions></trkpt>
            <trkpt lon="139.75931" lat="35.6773"><time>2024-01-04T21:35:35Z</time></trkpt>
            <trkpt lon="139.7593"><time>2024-01-04T21:35:36Z</time></trkpt>
          </trkseg></trk>
        </gpx>
        """

    static let ecg = """
        Name,Ana
        Date of Birth,"Jul 14, 1988"
        Recorded Date,2024-01-05 08:00:00 +0900
        Classification,Sinus Rhythm
        Sample Rate,512 hertz
        Lead,Lead I
        Unit,µV

        -12.5
        -11.9
        """

    /// The modern fixture as Apple zips it, under a localized main-file name, with a GPX route and an ECG.
    static func modernArchive(in directory: URL, mainName: String = "Exportieren.xml") throws -> URL {
        let zip = directory.appendingPathComponent("export.zip")
        try ZipFixture.write(
            zip,
            entries: [
                ("apple_health_export/export_cda.xml", Data("<?xml version=\"1.0\"?><ClinicalDocument>".utf8)),
                ("apple_health_export/" + mainName, try Data(contentsOf: Fixture.url("v14-modern"))),
                ("apple_health_export/workout-routes/route_2024-01-05_6.35am.gpx", Data(gpx.utf8)),
                ("apple_health_export/electrocardiograms/ecg_2024-01-05.csv", Data(ecg.utf8)),
            ])
        return zip
    }

    @Test func modernArchiveWithLocalizedNameRouteAndElectrocardiogram() async throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(try Self.modernArchive(in: directory), into: store)
        let tokyo = ImportSupport.calendar

        // Plain records: 2 top-level BP copies are claimed by the correlation, the sleep-duration goal is skipped,
        // and the phone's step record breaks a validation rule (a sync version without a sync identifier).
        // 9 records and workouts, the HRV record's heartbeat series and the electrocardiogram.
        #expect(report.inserted == 11)
        #expect(report.summary.locale == "en_US")
        #expect(report.summary.correlationMemberCopiesSkipped == 2)
        #expect(
            report.skipped[
                ExportSummary.Skip(
                    element: "Record(HKDataTypeSleepDurationGoal)", reason: "records of this type are not imported")]
                == 1)
        #expect(report.skipped.keys.allSatisfy { !$0.element.hasPrefix("electrocardiograms") })
        #expect(report.summary.unknownElements == ["FutureElement": 1])

        #expect(try await store.samples(of: .quantity(.stepCount)).isEmpty)
        #expect(
            report.skipped[
                ExportSummary.Skip(element: "Record(HKQuantityTypeIdentifierStepCount)", reason: "invalid (syncKeys)")]
                == 1)
        let rejection = try #require(
            report.issues.first { $0.message.hasPrefix("Record(HKQuantityTypeIdentifierStepCount)") })
        #expect(rejection.code == .invalidElement)
        #expect(rejection.line == 13)

        let hrv = try #require(try await store.samples(of: .quantity(.heartRateVariabilitySDNN)).first?.quantitySample)
        #expect(try hrv.quantity.doubleValue(for: .secondUnit(with: .milli)) == 26.2345)
        #expect(hrv.startDate == Fixtures.date(2024, 1, 5, 3, 36, 20, in: tokyo))
        #expect(hrv.endDate == Fixtures.date(2024, 1, 5, 3, 37, 20, in: tokyo))
        #expect(hrv.sourceRevision?.source.name == "Ana’s Apple Watch")
        #expect(hrv.sourceRevision?.source.isAppleDevice == true)
        #expect(hrv.sourceRevision?.version == "10.2")
        #expect(hrv.sourceRevision?.productType == "Watch7,3")
        #expect(hrv.device?.hardwareVersion == "Watch7,3")
        #expect(hrv.device?.model == "Watch")
        #expect(hrv.device?.softwareVersion == "10.2")
        #expect(ExportIdentity.isExportUUID(hrv.uuid))
        let beats = try #require(hrv.metadata[ExportMetadataKeys.instantaneousBeatsPerMinute]?.stringValue)
        #expect(beats.hasPrefix("58@3:36:20.60 AM|"))

        let sleep = try #require(try await store.samples(of: .category(.sleepAnalysis)).first?.categorySample)
        #expect(sleep.value == CategoryValueSleepAnalysis.asleepCore.rawValue)
        #expect(sleep.sourceRevision?.productType == "Watch7,3")
        #expect(try await store.samples(of: .category(.mindfulSession)).first?.categorySample?.value == 0)
        #expect(try await store.samples(of: .category(.handwashingEvent)).first?.categorySample?.value == 0)
        let water = try #require(try await store.samples(of: .quantity(.dietaryWater)).first?.quantitySample)
        #expect(try water.quantity.doubleValue(for: .literUnit(with: .milli)) == 250)
        #expect(water.sourceRevision?.source.bundleIdentifier.hasPrefix("export.waterminder.") == true)

        let pressure = try await store.correlations(of: .bloodPressure)
        let reading = try #require(pressure.first)
        #expect(pressure.count == 1)
        #expect(reading.sourceRevision?.source == Source.healthApp)
        #expect(reading.metadata[.wasUserEntered] == .bool(true))
        let systolic = try #require(reading.quantitySamples.first { $0.quantityType == .bloodPressureSystolic })
        let diastolic = try #require(reading.quantitySamples.first { $0.quantityType == .bloodPressureDiastolic })
        #expect(try systolic.quantity.doubleValue(for: .millimeterOfMercury()) == 114)
        #expect(try diastolic.quantity.doubleValue(for: .millimeterOfMercury()) == 76)
        // The members are samples of their own, stored once (their top-level copies were not imported again).
        #expect(try await store.samples(of: .quantity(.bloodPressureSystolic)).map(\.uuid) == [systolic.uuid])

        let workouts = try await store.samples(of: .workout, sort: [.startDate]).compactMap(\.workout)
        #expect(workouts.count == 2)
        let run = try #require(workouts.first)
        #expect(run.activityType == .running)
        #expect(run.explicitDuration == 34.05 * 60)
        #expect(run.metadata[.indoorWorkout] == .bool(false))
        #expect(run.metadata[MetadataKey("HKAverageMETs")]?.quantityValue?.unit.unitString == "kcal/hr·kg")
        #expect(run.events.map(\.type) == [.segment, .pause, .resume])
        #expect(run.events[0].endDate == Fixtures.date(2024, 1, 5, 6, 40, 32, in: tokyo))
        #expect(run.events[2].metadata[MetadataKey("Reason")] == .string("traffic light"))
        let activity = try #require(run.activities.first)
        #expect(activity.uuid.uuidString == "C839BD9D-6030-41E4-9178-9795F79A9A5F")
        #expect(activity.events.map(\.type) == [.lap])
        #expect(try activity.statistics[.activeEnergyBurned]?.sum?.doubleValue(for: .kilocalorie()) == 453.021)
        #expect(try run.statistics[.heartRate]?.average?.doubleValue(for: .count().unitDivided(by: .minute())) == 142.5)
        #expect(try run.statistics[.heartRate]?.maximum?.doubleValue(for: .count().unitDivided(by: .minute())) == 171)
        let ride = workouts[1]
        #expect(ride.activityType == .cycling)
        #expect(ride.explicitDuration == 3_600)
        #expect(try ride.statistics[.distanceCycling]?.sum?.doubleValue(for: .meterUnit(with: .kilo)) == 20.5)
        #expect(try ride.totalEnergyBurned?.doubleValue(for: .kilocalorie()) == 510)

        let route = try #require(try await store.samples(of: .workoutRoute).first?.workoutRoute)
        #expect(route.workoutUUID == run.uuid)
        #expect(
            route.metadata[MetadataKey("HKMetadataKeySyncIdentifier")]
                == .string("ABD31B58-AD40-4EEC-9EB2-7F0BE0D4DBC6"))
        #expect(route.locations.count == 3)
        #expect(route.locations[0].latitude == 35.677286)
        #expect(route.locations[0].longitude == 139.759375)
        #expect(route.locations[0].altitude == 26.17)
        #expect(route.locations[0].speed == 3.14)
        #expect(route.locations[0].course == 289.8)
        #expect(route.locations[0].horizontalAccuracy == 1.87)
        #expect(route.locations[0].verticalAccuracy == 1.5)
        #expect(route.locations[0].timestamp == Fixtures.date(2024, 1, 5, 6, 35, 32, in: tokyo))
        #expect(route.locations[1].timestamp == Fixtures.date(2024, 1, 5, 6, 35, 33, in: tokyo).addingTimeInterval(0.5))
        #expect(route.locations[2].speed == -1)
        #expect(report.routesWithLocations == 1)
        #expect(
            report.skipped[ExportSummary.Skip(element: "trkpt", reason: "route point without coordinates or time")] == 1
        )
        #expect(try await store.samples(of: .workoutRoute, predicate: .associated(withWorkout: run.uuid)).count == 1)

        let summaries = try await store.activitySummaries()
        #expect(summaries.map(\.day.description) == ["2024-01-04", "2024-01-05"])
        #expect(summaries[0].activityMoveMode == .appleMoveTime)
        #expect(try summaries[0].appleMoveTime?.doubleValue(for: .minute()) == 35)
        #expect(summaries[1].activityMoveMode == .activeEnergy)
        #expect(try summaries[1].activeEnergyBurned?.doubleValue(for: .kilocalorie()) == 612.5)
        #expect(try summaries[1].appleStandHours?.doubleValue(for: .count()) == 13)

        let me = try await store.characteristics()
        #expect(me.dateOfBirth == CalendarDay(year: 1988, month: 7, day: 14))
        #expect(me.biologicalSex == .female)
        #expect(me.bloodType == .abPositive)
        #expect(me.fitzpatrickSkinType == .II)
        #expect(report.characteristicsImported)

        #expect(
            SourceOrder.defaultOrder(for: try await store.storage.sources()).bundleIdentifiers.first
                == Source.healthAppBundleIdentifier)
    }

    @Test func iOS15ExportV11() async throws {
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(try Fixture.url("v11"), into: store)
        #expect(report.summary.locale == "de_DE")
        #expect(report.inserted == 1)
        let sleep = try #require(try await store.samples(of: .category(.sleepAnalysis)).first?.categorySample)
        #expect(sleep.value == CategoryValueSleepAnalysis.asleepUnspecified.rawValue)
        #expect(sleep.startDate == Fixtures.date(2021, 11, 1, 22, 10, 0))
        #expect(sleep.endDate == Fixtures.date(2021, 11, 2, 5, 40, 0))
        #expect(sleep.sourceRevision?.productType == "Watch6,1")
        // A bare export.xml without its clinical-records folder: the record is dropped, located, not half-written.
        #expect(
            report.skipped[
                ExportSummary.Skip(element: "ClinicalRecord", reason: "its FHIR resource file did not read")] == 1)
        #expect(report.issues.contains { $0.message.hasPrefix("ClinicalRecord: the FHIR resource file is missing") })
        #expect(try await store.samples(of: .clinical(.labResultRecord)).isEmpty)
        let summary = try #require(try await store.activitySummaries().first)
        #expect(summary.day == CalendarDay(year: 2021, month: 11, day: 1))
        #expect(summary.appleMoveTime == nil)
        #expect(try summary.appleExerciseTime?.doubleValue(for: .minute()) == 31)
        let me = try await store.characteristics()
        #expect(me.biologicalSex == nil)
        #expect(me.dateOfBirth == nil)
    }

    @Test func iOS16ExportWithBrokenDTD() async throws {
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(try Fixture.url("v12-broken-dtd"), into: store)
        let heart = try #require(try await store.samples(of: .quantity(.heartRate)).first?.quantitySample)
        #expect(try heart.quantity.doubleValue(for: .count().unitDivided(by: .minute())) == 61)
        #expect(heart.startDate == Fixtures.date(2022, 10, 19, 7, 0, 0))
        #expect(report.inserted == 1)
        #expect(
            report.skipped[
                ExportSummary.Skip(element: "VisionPrescription", reason: "vision prescriptions are not imported")] == 1
        )
        #expect(report.skipped[ExportSummary.Skip(element: "Audiogram", reason: "audiograms are not imported")] == 1)
        #expect(try await store.characteristics().bloodType == .oNegative)
    }

    @Test func legacyExportWithAttributesWithSpaces() async throws {
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(try Fixture.url("legacy-2014"), into: store)
        #expect(report.inserted == 2)
        #expect(report.summary.recoveredAttributeNames == 2)
        let steps = try #require(try await store.samples(of: .quantity(.stepCount)).first?.quantitySample)
        #expect(try steps.quantity.doubleValue(for: .count()) == 59)
        #expect(steps.sourceRevision?.source.name == "Moves")
        #expect(steps.startDate == Fixtures.date(2014, 1, 14, 16, 43, 47))
        #expect(steps.metadata[MetadataKey("Meta Data Key")] == .string("Walking"))
        let mass = try #require(try await store.samples(of: .quantity(.bodyMass)).first?.quantitySample)
        #expect(try mass.quantity.doubleValue(for: .pound()) == 150.5)
        #expect(mass.quantity.unit.unitString == "lb")
        #expect(mass.sourceRevision?.source.name == "Ana’s iPhone")
        #expect(mass.metadata[MetadataKey("Was User Entered")] == .string("1"))
        #expect(try await store.characteristics().bloodType == .aPositive)
    }

    @Test func quirksEscapesUnitsAndExactDuplicates() async throws {
        let store = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(try Fixture.url("quirks"), into: store)
        #expect(report.inserted == 4)
        #expect(report.summary.exactDuplicates == 1)
        let vo2 = try #require(try await store.samples(of: .quantity(.vo2Max)).first?.quantitySample)
        #expect(vo2.sourceRevision?.source.name.hasSuffix("’s 手表") == true)
        #expect(vo2.sourceRevision?.source.isAppleDevice == true)
        #expect(vo2.quantity.unit.unitString == "mL/min·kg")
        #expect(try vo2.quantity.doubleValue(for: vo2.quantity.unit) == 41.2)
        let glucose = try #require(try await store.samples(of: .quantity(.bloodGlucose)).first?.quantitySample)
        #expect(glucose.quantity.unit.unitString == "mmol<180.15588000005408>/L")
        #expect(glucose.metadata[MetadataKey("Comment")] == .string("fasting\u{FFFD}&A<>\"'"))
        let steps = try await store.samples(of: .quantity(.stepCount))
        #expect(steps.count == 2)
        #expect(Set(steps.map(\.uuid)).count == 2)
        #expect(steps[1].uuid == ExportIdentity.nextUUID(after: steps[0].uuid))

        let again = try await ImportSupport.importFile(try Fixture.url("quirks"), into: store)
        #expect(again.inserted == 0)
        #expect(again.alreadyPresent == 4)
        #expect(try await store.samples(of: .quantity(.stepCount)).count == 2)
    }
}
