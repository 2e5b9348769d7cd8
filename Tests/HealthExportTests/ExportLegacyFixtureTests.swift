import Foundation
import HealthCore
import HealthExport
import Testing

@Suite("Export fixtures: legacy, v11, v12, quirks")
struct ExportLegacyFixtureTests {
    @Test func legacy2014CompactDatesSourceAttributeAndSpacedMetadata() throws {
        let (batch, summary) = try Fixture.parse("legacy-2014")
        #expect(summary.exportDate == Date(timeIntervalSince1970: 1_434_464_356))
        #expect(
            summary.characteristics
                == Characteristics(
                    biologicalSex: .male, bloodType: .aPositive, dateOfBirth: CalendarDay(year: 1980, month: 2, day: 3))
        )
        #expect(summary.recoveredAttributeNames == 2)
        #expect(
            summary.recordsByType == ["HKQuantityTypeIdentifierStepCount": 1, "HKQuantityTypeIdentifierBodyMass": 1])
        let steps = try #require(batch.quantities(.stepCount).first)
        #expect(steps.quantity == Quantity(unit: .count(), doubleValue: 59))
        #expect(steps.startDate == Date(timeIntervalSince1970: 1_389_717_827))
        #expect(steps.endDate == Date(timeIntervalSince1970: 1_389_718_427))
        #expect(steps.metadata == [MetadataKey("Meta Data Key"): .string("Walking")])
        #expect(steps.device == nil)
        let moves = try #require(steps.sourceRevision)
        #expect(moves.source.name == "Moves")
        #expect(moves.source.bundleIdentifier.hasPrefix("export.moves."))
        #expect(moves.version == nil)
        #expect(moves.productType == nil)
        let mass = try #require(batch.quantities(.bodyMass).first)
        #expect(mass.quantity == Quantity(unit: .pound(), doubleValue: 150.5))
        #expect(mass.metadata == [MetadataKey("Was User Entered"): .string("1")])
        let phone = try #require(mass.sourceRevision)
        #expect(phone.source.name == "Ana’s iPhone")
        #expect(phone.source.isAppleDevice)
        #expect(phone.productType == "iPhone")
        #expect(summary.issues.isEmpty)
    }

    @Test func v11SleepAliasOldActivitySummaryAndClinicalRecord() throws {
        let (batch, summary) = try Fixture.parse("v11")
        #expect(summary.locale == "de_DE")
        #expect(summary.exportDate == (try Fixture.date("2021-11-02 20:15:00 +0100")))
        #expect(summary.characteristics == Characteristics())
        let sleep = try #require(batch.categories(.sleepAnalysis).first)
        #expect(sleep.value == CategoryValueSleepAnalysis.asleepUnspecified.rawValue)
        #expect(sleep.startDate == (try Fixture.date("2021-11-01 23:10:00 +0100")))
        #expect(sleep.endDate == (try Fixture.date("2021-11-02 06:40:00 +0100")))
        #expect(
            sleep.device
                == Device(
                    name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
                    softwareVersion: "8.1"))
        #expect(sleep.sourceRevision?.productType == "Watch6,1")
        #expect(sleep.sourceRevision?.operatingSystemVersion == OSVersion(major: 8, minor: 1))
        #expect(
            batch.activitySummaries == [
                ActivitySummary(
                    day: try #require(CalendarDay("2021-11-01")),
                    activeEnergyBurned: Quantity(unit: .kilocalorie(), doubleValue: 412.5),
                    activeEnergyBurnedGoal: Quantity(unit: .kilocalorie(), doubleValue: 500),
                    appleExerciseTime: Quantity(unit: .minute(), doubleValue: 31),
                    appleExerciseTimeGoal: Quantity(unit: .minute(), doubleValue: 30),
                    appleStandHours: Quantity(unit: .count(), doubleValue: 11),
                    appleStandHoursGoal: Quantity(unit: .count(), doubleValue: 12))
            ])
        // The clinical record is mapped; its FHIR file is the import's to read.
        #expect(summary.skipped.isEmpty)
        #expect(summary.clinicalRecords == 1)
        let record = try #require(batch.samples.compactMap(\.payloadSample).first)
        #expect(record.sampleType == .clinical(.labResultRecord))
        #expect(record.startDate == (try Fixture.date("2021-10-01 10:00:00 +0100")))
        #expect(record.clinicalRecord?.fhirResource?.identifier == "x1")
        #expect(record.clinicalRecord?.fhirResource?.fhirVersion == "1.0.2")
        #expect(record.clinicalRecord?.fhirResource?.sourceURL == URL(string: "https://example.org/fhir"))
        #expect(record.sourceRevision?.source.name == "Clinic")
        #expect(batch.clinicalFiles.map(\.path) == ["/clinical-records/x1.json"])
    }

    @Test func v12BrokenDoctypeIsSkippedAndVisionAudiogramCounted() throws {
        let (batch, summary) = try Fixture.parse("v12-broken-dtd")
        #expect(summary.locale == "en_GB")
        #expect(
            summary.characteristics
                == Characteristics(
                    biologicalSex: .female, bloodType: .oNegative,
                    dateOfBirth: CalendarDay(year: 1990, month: 5, day: 6), fitzpatrickSkinType: .III))
        let heart = try #require(batch.quantities(.heartRate).first)
        #expect(heart.quantity == Quantity(unit: try Fixture.unit("count/min"), doubleValue: 61))
        #expect(batch.samples.count == 1)
        #expect(summary.skipped.count == 2)
        #expect(summary.skipped.keys.map(\.element).sorted() == ["Audiogram", "VisionPrescription"])
        #expect(summary.unknownElements.isEmpty)
    }

    @Test func quirksNonASCIINamesControlCharactersEscapedUnitsAndDuplicates() throws {
        let (batch, summary) = try Fixture.parse("quirks")
        let vo2 = try #require(batch.quantities(.vo2Max).first)
        #expect(vo2.quantity == Quantity(unit: try Fixture.unit("mL/min*kg"), doubleValue: 41.2))
        #expect(vo2.sourceRevision?.source.name == "Ana\u{00A0}Watch’s 手表")
        #expect(vo2.sourceRevision?.source.isAppleDevice == true)
        let glucose = try #require(batch.quantities(.bloodGlucose).first)
        #expect(glucose.quantity == Quantity(unit: try Fixture.unit("mmol<180.15588000005408>/L"), doubleValue: 5.4))
        #expect(glucose.sourceRevision?.source.name == "Gluco\u{FFFD}Meter")
        #expect(glucose.metadata[MetadataKey("Comment")] == .string("fasting\u{FFFD}&A<>\"'"))
        let steps = batch.quantities(.stepCount)
        #expect(steps.count == 2)
        #expect(steps[0].uuid != steps[1].uuid)
        #expect(summary.exactDuplicates == 1)
        let again = try Fixture.parse("quirks")
        #expect(again.batch.samples.map(\.uuid) == batch.samples.map(\.uuid))
    }
}
