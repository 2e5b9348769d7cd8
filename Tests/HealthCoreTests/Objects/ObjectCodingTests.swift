import Foundation
import HealthCore
import HealthTesting
import Testing

@Suite struct ObjectCodingTests {
    let build = SampleBuilder()
    let t0 = Fixtures.date(2024, 6, 1, 8)

    func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
        try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    @Test func everySampleKindRoundTripsThroughJSON() throws {
        let steps = build.steps(420, start: t0, end: t0.addingTimeInterval(600), source: Fixtures.watch)
        var metadata: Metadata = [
            .wasUserEntered: .bool(true), .timeZone: .string("Asia/Tokyo"),
            .averageMETs: .quantity(Quantity(unit: .count(), doubleValue: 4.5)), MetadataKey("custom"): .date(t0),
        ]
        metadata[.syncIdentifier] = .string("x")
        metadata[.syncVersion] = .number(2)
        let sleep = build.category(.sleepAnalysis, 4, start: t0, end: t0.addingTimeInterval(3600), metadata: metadata)
        let run = Workout(
            uuid: UUIDSequence.uuid(900), activityType: WorkoutActivityType(rawValue: 4242), start: t0,
            end: t0.addingTimeInterval(1800),
            events: [WorkoutEvent(type: .segment, start: t0, end: t0.addingTimeInterval(60))],
            activities: [
                WorkoutActivity(
                    uuid: UUIDSequence.uuid(901),
                    configuration: WorkoutConfiguration(activityType: .running, locationType: .outdoor), start: t0,
                    end: nil)
            ],
            device: Fixtures.watchDevice)
        let route = WorkoutRoute(
            uuid: UUIDSequence.uuid(902), workoutUUID: run.uuid,
            locations: [RouteLocation(timestamp: t0, latitude: 1, longitude: 2)])
        let samples: [AnySample] = [.quantity(steps), .category(sleep), .workout(run), .workoutRoute(route)]
        #expect(try roundTrip(samples) == samples)
    }

    @Test func unknownIdentifiersAreKeptVerbatim() throws {
        let future = QuantitySample(
            uuid: UUIDSequence.uuid(5), type: QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFromTheFuture"),
            quantity: Quantity(unit: .count(), doubleValue: 1), start: t0, end: t0)
        let decoded = try roundTrip(future)
        #expect(decoded.quantityType.rawValue == "HKQuantityTypeIdentifierFromTheFuture")
        #expect(decoded.sampleType.identifier == "HKQuantityTypeIdentifierFromTheFuture")
    }

    @Test func seriesSamplesSumCumulativeAndAverageDiscrete() throws {
        let count = HealthUnit.count()
        let entries = [
            SeriesQuantity(quantity: Quantity(unit: count, doubleValue: 10), start: t0, end: t0.addingTimeInterval(60)),
            SeriesQuantity(
                quantity: Quantity(unit: count, doubleValue: 30), start: t0.addingTimeInterval(60),
                end: t0.addingTimeInterval(120)),
        ]
        let steps = try #require(QuantitySample(uuid: UUIDSequence.uuid(6), type: .stepCount, series: entries))
        #expect(steps.count == 2)
        #expect(try steps.quantity.doubleValue(for: count) == 40)
        #expect(steps.endDate == t0.addingTimeInterval(120))
        let perMinute = try HealthUnit(from: "count/min")
        let hr = [
            SeriesQuantity(quantity: Quantity(unit: perMinute, doubleValue: 60), start: t0, end: t0),
            SeriesQuantity(
                quantity: Quantity(unit: perMinute, doubleValue: 80), start: t0.addingTimeInterval(5),
                end: t0.addingTimeInterval(5)),
        ]
        let heart = try #require(QuantitySample(uuid: UUIDSequence.uuid(7), type: .heartRate, series: hr))
        #expect(try heart.quantity.doubleValue(for: perMinute) == 70)
        #expect(QuantitySample(uuid: UUIDSequence.uuid(8), type: .stepCount, series: []) == nil)
    }

    @Test func anySampleSettersReachTheWrappedSample() {
        var any = AnySample.quantity(build.steps(1, start: t0, end: t0))
        any.sourceRevision = SourceRevision(
            source: Fixtures.app, version: "1.2", productType: "iPhone16,2", operatingSystemVersion: OSVersion("17.2.1")
        )
        any.uuid = UUIDSequence.uuid(77)
        #expect(any.quantitySample?.sourceRevision?.source == Fixtures.app)
        #expect(any.quantitySample?.uuid == UUIDSequence.uuid(77))
        #expect(any.source?.bundleIdentifier == "com.example.runway")
    }

    @Test func sourcesCalendarDaysAndVersions() {
        #expect(Fixtures.watch.isAppleDevice)
        #expect(!Fixtures.app.isAppleDevice)
        #expect(Source.healthApp.isHealthApp)
        #expect(CalendarDay("2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDay("2023-02-29") == nil)
        #expect(CalendarDay("2024-13-01") == nil)
        #expect(OSVersion("17.2")?.description == "17.2.0")
        #expect(OSVersion("a.b") == nil)
        #expect(OSVersion("17.2.1")! > OSVersion("17.2")!)
    }

    @Test func metadataValueAccessors() {
        #expect(MetadataValue.number(1).boolValue == true)
        #expect(MetadataValue.number(2).boolValue == nil)
        #expect(MetadataValue.number(2.5).intValue == nil)
        #expect(MetadataValue.bool(true).intValue == 1)
        var metadata: Metadata = [.syncIdentifier: .string("id"), .syncVersion: .number(3)]
        #expect(metadata.syncIdentifier == "id")
        #expect(metadata.syncVersion == 3)
        metadata.merge([.syncVersion: .number(4), .wasUserEntered: .bool(true)])
        #expect(metadata.syncVersion == 4)
        #expect(metadata.wasUserEntered)
        #expect(metadata.map(\.key) == metadata.sortedKeys)
    }
}
