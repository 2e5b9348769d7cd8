import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

@Suite struct StatisticsSetupTests {
    @Test func sumOfHeartRateIsRefused() {
        #expect {
            _ = try StatisticsComputation(
                type: .heartRate, options: [.cumulativeSum, .mostRecent], sourceOrder: SourceOrder())
        } throws: { error in
            guard let error = error as? StatisticsError else { return false }
            return error.code == .incompatibleOptions && error.options == .cumulativeSum
                && error.typeIdentifier == .heartRate
                && error.description
                    == "statistics incompatibleOptions: cumulativeSum is not allowed for "
                    + "HKQuantityTypeIdentifierHeartRate (discreteTemporallyWeighted)"
        }
    }

    @Test func averageOfStepsIsRefused() {
        #expect {
            _ = try StatisticsComputation(
                type: .stepCount, options: [.discreteAverage, .discreteMax], sourceOrder: SourceOrder())
        } throws: { error in
            (error as? StatisticsError)?.options == [.discreteAverage, .discreteMax]
        }
        #expect(throws: StatisticsError.self) {
            _ = try StatisticsComputation(
                type: QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFuture"), aggregationStyle: .cumulative,
                unit: .count(), options: .discreteMin, sourceOrder: SourceOrder())
        }
    }

    @Test func unknownTypeNeedsAnExplicitStyle() throws {
        let future = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFuture")
        #expect {
            _ = try StatisticsComputation(type: future, options: .cumulativeSum, sourceOrder: SourceOrder())
        } throws: { error in
            (error as? StatisticsError)?.code == .unknownType
        }
        let explicit = try StatisticsComputation(
            type: future, aggregationStyle: .cumulative, unit: .count(), options: .cumulativeSum,
            sourceOrder: SourceOrder())
        #expect(explicit.aggregationStyle == .cumulative)
    }

    @Test func inputsConvertToTheCanonicalUnitAndExpandSeries() throws {
        let kilometer = HealthUnit.meterUnit(with: .kilo)
        var sample = try #require(
            QuantitySample(
                uuid: UUIDSequence.uuid(7), type: .distanceWalkingRunning,
                series: [
                    SeriesQuantity(
                        quantity: Quantity(unit: kilometer, doubleValue: 1.5), start: StatsFixture.time("09:00"),
                        end: StatsFixture.time("09:10")),
                    SeriesQuantity(
                        quantity: Quantity(unit: kilometer, doubleValue: 0.5), start: StatsFixture.time("09:10"),
                        end: StatsFixture.time("09:15")),
                ]))
        sample.sourceRevision = SourceRevision(source: Fixtures.watch)
        let inputs = try StatisticsInput.inputs(from: [sample], canonicalUnit: .meter())
        #expect(inputs.map(\.value) == [1500, 500])
        #expect(inputs.map(\.seriesIndex) == [0, 1])
        #expect(
            inputs.allSatisfy { $0.sourceBundleIdentifier == Fixtures.watch.bundleIdentifier && $0.uuid == sample.uuid }
        )
        #expect(StatisticsInput.span(of: inputs) == StatsFixture.window("09:00", "09:15"))
    }

    @Test func inputsRefuseIncompatibleUnitsAndMissingSources() {
        let sample = QuantitySample(
            uuid: UUIDSequence.uuid(1), type: .stepCount, quantity: Quantity(unit: .meter(), doubleValue: 3),
            start: StatsFixture.day, end: StatsFixture.day)
        #expect {
            _ = try StatisticsInput.inputs(from: sample, canonicalUnit: .count(), sourceBundleIdentifier: Src.watch)
        } throws: { error in
            guard let error = error as? StatisticsError else { return false }
            return error.code == .incompatibleUnit && error.cause != nil && !error.description.contains("3")
        }
        #expect {
            _ = try StatisticsInput.inputs(from: sample, canonicalUnit: .meter())
        } throws: { error in
            (error as? StatisticsError)?.code == .missingSource
        }
    }

    static func record(_ id: String, _ order: Int64, _ product: String? = nil) -> SourceRecord {
        SourceRecord(source: Source(name: id, bundleIdentifier: id), registrationOrder: order, productType: product)
    }

    @Test func defaultSourceOrder() {
        let records = [
            Self.record("com.apple.health.PHONE1", 1, "iPhone15,2"), Self.record("com.example.first", 2),
            Self.record("com.apple.health.WATCH1", 3, "Watch6,1"), Self.record("com.apple.Health", 4),
            Self.record("com.example.second", 5), Self.record("com.apple.health.PHONE2", 6, "iPhone16,1"),
            Self.record("com.apple.health.IPAD", 7, "iPad13,1"), Self.record("com.apple.health.WATCH2", 8, "Watch7,3"),
            Self.record("com.apple.health.UNKNOWN", 9), Self.record("com.example.first", 10),
        ]
        #expect(
            SourceOrder.defaultOrder(for: records).bundleIdentifiers == [
                "com.apple.Health", "com.apple.health.WATCH2", "com.apple.health.WATCH1", "com.apple.health.PHONE2",
                "com.apple.health.PHONE1", "com.apple.health.UNKNOWN", "com.apple.health.IPAD", "com.example.second",
                "com.example.first",
            ])
        #expect(SourceOrder.defaultOrder(for: []).bundleIdentifiers.isEmpty)
    }

    @Test func unlistedSourcesRankAfterListedOnesByIdentifier() throws {
        let order = SourceOrder([Src.phone, Src.watch, Src.phone])
        #expect(order.bundleIdentifiers == [Src.phone, Src.watch])
        #expect(order.rank(of: Src.phone) < order.rank(of: Src.watch))
        #expect(order.rank(of: Src.watch) < order.rank(of: Src.appA))
        #expect(order.rank(of: Src.appA) < order.rank(of: Src.appB))
        #expect(
            order.sorted([Src.appB, Src.manual, Src.watch, Src.appA, Src.phone]) == [
                Src.phone, Src.watch, Src.manual, Src.appA, Src.appB,
            ])
        // Unlisted sources merge in that order too: appA (unlisted, smaller id) wins over appB.
        let inputs = [
            StatsFixture.input(Src.appB, "09:00", "10:00", 600, id: 1),
            StatsFixture.input(Src.appA, "09:30", "10:00", 100, id: 2),
        ]
        #expect(close(CumulativeMerge(order: order).sum(of: inputs, in: StatsFixture.all), 400))
        let data = try JSONEncoder().encode(order)
        #expect(String(decoding: data, as: UTF8.self) == #"["com.apple.health.PHONE","com.apple.health.WATCH"]"#)
        #expect(try JSONDecoder().decode(SourceOrder.self, from: data) == order)
    }
}
