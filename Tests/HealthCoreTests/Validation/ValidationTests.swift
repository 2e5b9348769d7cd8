import Foundation
import HealthCore
import HealthTesting
import Testing

/// Each rule of reference §3.2 with a failing and a passing case.
@Suite struct ValidationTests {
    let build = SampleBuilder()
    let t0 = Fixtures.date(2024, 3, 1, 9)

    func rules(_ sample: some HealthSample) -> [ValidationRule] {
        guard let any = AnySample(sample) else { return [] }
        return SampleValidator.issues(in: any).map(\.rule)
    }

    @Test func endBeforeStartIsRefusedAndEqualDatesAreInstantaneous() {
        let bad = build.steps(10, start: t0, end: t0.addingTimeInterval(-1))
        let instant = build.steps(10, start: t0, end: t0)
        #expect(rules(bad) == [.dateOrder])
        #expect(rules(instant).isEmpty)
    }

    @Test func twentyEightDayStepSampleIsRefusedFourDaysIsAccepted() {
        let long = build.steps(100_000, start: t0, end: t0.addingTimeInterval(28 * 86_400))
        let fourDays = build.steps(40_000, start: t0, end: t0.addingTimeInterval(345_600))
        #expect(rules(long) == [.maximumDuration])
        #expect(rules(fourDays).isEmpty)
    }

    @Test func bodyMassInCountIsRefusedInPoundsAccepted() throws {
        let inCount = build.quantity(.bodyMass, 70, .count(), start: t0)
        let inPounds = build.quantity(.bodyMass, 154, .pound(), start: t0)
        #expect(rules(inCount) == [.unitCompatibility])
        #expect(rules(inPounds).isEmpty)
    }

    @Test func nonFiniteValuesAreRefused() {
        #expect(
            rules(build.quantity(.heartRate, .nan, try! HealthUnit(from: "count/min"), start: t0)) == [.finiteValue])
        #expect(
            rules(build.quantity(.heartRate, .infinity, try! HealthUnit(from: "count/min"), start: t0)) == [
                .finiteValue
            ])
        #expect(rules(build.quantity(.heartRate, 62, try! HealthUnit(from: "count/min"), start: t0)).isEmpty)
    }

    @Test func negativeValuesAreRefusedWhereTheTypeForbidsThem() {
        let negativeSteps = build.steps(-5, start: t0, end: t0.addingTimeInterval(60))
        let coldWater = build.quantity(.bodyTemperature, -1, .degreeCelsius(), start: t0)
        #expect(rules(negativeSteps) == [.nonNegativeValue])
        #expect(rules(coldWater).isEmpty, "temperatures may be negative")
    }

    @Test func categoryValuesMustBelongToTheType() {
        let bad = build.category(.sleepAnalysis, 9, start: t0, end: t0.addingTimeInterval(3600))
        let good = build.category(.sleepAnalysis, 3, start: t0, end: t0.addingTimeInterval(3600))
        #expect(rules(bad) == [.categoryValue])
        #expect(rules(good).isEmpty)
    }

    @Test func requiredMetadataIsEnforced() {
        let flow = build.category(.menstrualFlow, 2, start: t0, end: t0)
        let flowWithStart = build.category(
            .menstrualFlow, 2, start: t0, end: t0, metadata: [.menstrualCycleStart: .bool(true)])
        #expect(rules(flow) == [.requiredMetadata])
        #expect(rules(flowWithStart).isEmpty)
        let insulin = build.quantity(.insulinDelivery, 2, .internationalUnit(), start: t0)
        #expect(rules(insulin) == [.requiredMetadata])
    }

    @Test func syncKeysMustComeTogether() {
        let lonely = build.steps(1, start: t0, end: t0, metadata: [.syncIdentifier: .string("a")])
        let paired = build.steps(
            1, start: t0, end: t0, metadata: [.syncIdentifier: .string("a"), .syncVersion: .number(2)])
        #expect(rules(lonely) == [.syncKeys])
        #expect(rules(paired).isEmpty)
    }

    @Test func reservedMetadataKeysNeedTheirKind() {
        let wrong = build.steps(1, start: t0, end: t0, metadata: [.timeZone: .number(3)])
        let outOfRange = build.steps(1, start: t0, end: t0, metadata: [.heartRateMotionContext: .number(7)])
        let right = build.steps(
            1, start: t0, end: t0, metadata: [.timeZone: .string("Europe/Berlin"), .heartRateMotionContext: .number(1)])
        let custom = build.steps(1, start: t0, end: t0, metadata: [MetadataKey("com.example.note"): .date(t0)])
        #expect(rules(wrong) == [.metadataValue])
        #expect(rules(outOfRange) == [.metadataValue])
        #expect(rules(right).isEmpty)
        #expect(rules(custom).isEmpty)
    }

    @Test func earliestPermittedDateComesFromTheStore() {
        let old = build.steps(1, start: Fixtures.date(1899, 12, 31), end: Fixtures.date(1899, 12, 31))
        let options = ValidationOptions(earliestPermittedSampleDate: Fixtures.date(1900, 1, 1))
        #expect(SampleValidator.issues(in: .quantity(old), options: options).map(\.rule) == [.earliestDate])
        #expect(SampleValidator.issues(in: .quantity(old)).isEmpty)
    }

    @Test func unknownTypesPassTheCatalogFreeRulesOnly() {
        let future = QuantitySample(
            uuid: UUIDSequence.uuid(77), type: QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFuture"),
            quantity: Quantity(unit: .count(), doubleValue: 1), start: t0, end: t0.addingTimeInterval(-5))
        #expect(rules(future) == [.dateOrder])
        var fine = future
        fine.endDate = t0
        #expect(rules(fine).isEmpty)
    }

    @Test func batchErrorNamesRuleIndexUUIDAndTypeButNeverTheValue() throws {
        let good = build.steps(1234, start: t0, end: t0.addingTimeInterval(60))
        let bad = build.steps(98765, start: t0, end: t0.addingTimeInterval(28 * 86_400))
        let error = try #require(throws: ValidationError.self) {
            try SampleValidator.validate([.quantity(good), .quantity(bad)])
        }
        let issue = try #require(error.issues.first)
        #expect(error.issues.count == 1)
        #expect(issue.index == 1)
        #expect(issue.uuid == bad.uuid)
        #expect(issue.typeIdentifier == "HKQuantityTypeIdentifierStepCount")
        #expect(issue.rule == .maximumDuration)
        #expect(error.description.contains(bad.uuid.uuidString))
        #expect(error.description.contains("maximumDuration"))
        #expect(!error.description.contains("98765"))
        #expect(!error.description.contains("1234"))
    }
}
