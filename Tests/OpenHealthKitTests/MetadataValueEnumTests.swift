// The metadata value enums are written as HealthKit app code writes them: it imports only OpenHealthKit (HealthKit on
// Apple platforms) and stores and reads the `NSNumber` raw values under the `HKMetadataKey…` keys.
import Foundation
import Testing

#if canImport(HealthKit)
import HealthKit
#else
import OpenHealthKit
#endif

@Suite("HK metadata value enums")
struct MetadataValueEnumTests {
    /// Every raw value in `values` makes a case that gives it back, and the values just outside make none.
    ///
    /// OpenHealthKit's enums are Swift enums, so an unknown raw value gives nil; Apple's are imported C enums, whose
    /// `init(rawValue:)` accepts any value.
    static func roundTrips<E: RawRepresentable<Int>>(_ type: E.Type, _ values: ClosedRange<Int>) {
        for raw in values {
            #expect(E(rawValue: raw)?.rawValue == raw, "\(type) \(raw)")
        }
        #expect(E(rawValue: values.lowerBound - 1)?.rawValue == nil, "\(type) \(values.lowerBound - 1)")
        #expect(E(rawValue: values.upperBound + 1)?.rawValue == nil, "\(type) \(values.upperBound + 1)")
    }

    @Test("insulin delivery reasons and meal times keep HealthKit's raw values")
    func insulinAndMealTime() {
        #expect(HKInsulinDeliveryReason.basal.rawValue == 1)
        #expect(HKInsulinDeliveryReason.bolus.rawValue == 2)
        #expect(HKBloodGlucoseMealTime.preprandial.rawValue == 1)
        #expect(HKBloodGlucoseMealTime.postprandial.rawValue == 2)
    }

    @Test("motion contexts, device placement and water salinity keep HealthKit's raw values")
    func contexts() {
        #expect(HKHeartRateMotionContext.notSet.rawValue == 0)
        #expect(HKHeartRateMotionContext.sedentary.rawValue == 1)
        #expect(HKHeartRateMotionContext.active.rawValue == 2)
        #expect(HKUserMotionContext.notSet.rawValue == 0)
        #expect(HKUserMotionContext.stationary.rawValue == 1)
        #expect(HKUserMotionContext.active.rawValue == 2)
        #expect(HKDevicePlacementSide.unknown.rawValue == 0)
        #expect(HKDevicePlacementSide.left.rawValue == 1)
        #expect(HKDevicePlacementSide.right.rawValue == 2)
        #expect(HKDevicePlacementSide.central.rawValue == 3)
        #expect(HKWaterSalinity.freshWater.rawValue == 1)
        #expect(HKWaterSalinity.saltWater.rawValue == 2)
    }

    @Test("the longer enums start and end on HealthKit's raw values")
    func firstAndLast() {
        #expect(HKWeatherCondition.none.rawValue == 0)
        #expect(HKWeatherCondition.tornado.rawValue == 27)
        #expect(HKBodyTemperatureSensorLocation.other.rawValue == 0)
        #expect(HKBodyTemperatureSensorLocation.forehead.rawValue == 11)
        #expect(HKHeartRateSensorLocation.other.rawValue == 0)
        #expect(HKHeartRateSensorLocation.foot.rawValue == 6)
        #expect(HKSwimmingStrokeStyle.unknown.rawValue == 0)
        #expect(HKSwimmingStrokeStyle.kickboard.rawValue == 6)
        #expect(HKVO2MaxTestType.maxExercise.rawValue == 1)
        #expect(HKVO2MaxTestType.predictionStepTest.rawValue == 4)
        #expect(HKPhysicalEffortEstimationType.activityLookup.rawValue == 1)
        #expect(HKPhysicalEffortEstimationType.deviceSensed.rawValue == 2)
        #expect(HKCyclingFunctionalThresholdPowerTestType.maxExercise60Minute.rawValue == 1)
        #expect(HKCyclingFunctionalThresholdPowerTestType.predictionExercise.rawValue == 4)
        #expect(HKHeartRateRecoveryTestType.maxExercise.rawValue == 1)
        #expect(HKHeartRateRecoveryTestType.predictionNonExercise.rawValue == 3)
    }

    @Test("init(rawValue:) round-trips every value and gives nil for an unknown one")
    func rawValueRoundTrip() {
        Self.roundTrips(HKInsulinDeliveryReason.self, 1...2)
        Self.roundTrips(HKBloodGlucoseMealTime.self, 1...2)
        Self.roundTrips(HKHeartRateMotionContext.self, 0...2)
        Self.roundTrips(HKVO2MaxTestType.self, 1...4)
        Self.roundTrips(HKHeartRateSensorLocation.self, 0...6)
        Self.roundTrips(HKBodyTemperatureSensorLocation.self, 0...11)
        Self.roundTrips(HKSwimmingStrokeStyle.self, 0...6)
        Self.roundTrips(HKWeatherCondition.self, 0...27)
        Self.roundTrips(HKDevicePlacementSide.self, 0...3)
        Self.roundTrips(HKWaterSalinity.self, 1...2)
        Self.roundTrips(HKUserMotionContext.self, 0...2)
        Self.roundTrips(HKPhysicalEffortEstimationType.self, 1...2)
        Self.roundTrips(HKCyclingFunctionalThresholdPowerTestType.self, 1...4)
        Self.roundTrips(HKHeartRateRecoveryTestType.self, 1...3)
        #expect(HKInsulinDeliveryReason(rawValue: 2) == .bolus)
        #expect(HKWeatherCondition(rawValue: 19) == .mixedRainAndSleet)
        #expect(HKBodyTemperatureSensorLocation(rawValue: 10) == .temporalArtery)
    }

    @Test("the heart-rate recovery keys are HealthKit's strings")
    func heartRateRecoveryKeys() {
        #expect(HKMetadataKeyHeartRateRecoveryTestType == "HKHeartRateRecoveryTestType")
        #expect(HKMetadataKeyHeartRateRecoveryActivityType == "HKHeartRateRecoveryActivityType")
        #expect(HKMetadataKeyHeartRateRecoveryActivityDuration == "HKHeartRateRecoveryActivityDuration")
        let maxObserved = HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate
        #expect(maxObserved == "HKHeartRateRecoveryMaxObservedRecoveryHeartRate")
    }

    @Test("a saved insulin dose's delivery reason reads back as the enum", arguments: TestSupport.Backend.allCases)
    func insulinDeliveryReasonMetadata(backend: TestSupport.Backend) async throws {
        try await TestSupport.withStore(TestSupport.configuration(backend)) { store in
            let insulin = HKQuantityType(.insulinDelivery)
            try await store.requestAuthorization(toShare: [insulin], read: [insulin])
            let dose = HKQuantitySample(
                type: insulin, quantity: HKQuantity(unit: .internationalUnit(), doubleValue: 2.5),
                start: TestSupport.at(8), end: TestSupport.at(8, 1),
                metadata: [HKMetadataKeyInsulinDeliveryReason: HKInsulinDeliveryReason.bolus.rawValue])
            try await store.save(dose)
            let saved = try await TestSupport.run(store, insulin)
            let sample = try #require(saved.first as? HKQuantitySample)
            #expect(saved.count == 1)
            #expect(sample.quantity.doubleValue(for: .internationalUnit()) == 2.5)
            let reason = try #require(sample.metadata?[HKMetadataKeyInsulinDeliveryReason] as? NSNumber)
            #expect(HKInsulinDeliveryReason(rawValue: reason.intValue) == .bolus)
        }
    }
}
