// HealthKit's metadata value enumerations (the `NSNumber` values of the `HKMetadataKey…` keys) and the heart-rate
// recovery keys, as Apple's Swift interface spells them: `Int`-backed enums with Apple's case names and raw values.
//
// Where the values were checked:
// - Case names, order and raw values: HealthKit/HKMetadata.h, iOS 18.1 SDK, as mirrored in
//   xybp888/iOS-SDKs/iPhoneOS18.1.sdk/System/Library/Frameworks/HealthKit.framework/Headers/HKMetadata.h
//   (commit f5c585b443f1e0b5c6ced2732aac183e71021c86); the NS_ENUMs count up from their first explicit value.
// - `HKVO2MaxTestType.predictionStepTest` (iOS 26): HealthKit/HKMetadataEnums.h of the iOS 26 SDK
//   ("Copyright © 2013-2025"), where the enums moved, and Apple's documentation page
//   developer.apple.com/documentation/healthkit/hkvo2maxtesttype/predictionsteptest.
// - Every raw value, cross-checked against the explicit numbers asserted by ronaldoussoren/pyobjc
//   pyobjc-framework-HealthKit/PyObjCTest/test_hkmetadata.py and test_hkmetadataenums.py.
// - Swift case names: Apple's HealthKit documentation (developer.apple.com/documentation/healthkit/<enum>).
// - The heart-rate recovery keys (declared in the same iOS 18.1 HKMetadata.h, iOS 16): their strings follow
//   HealthKit's pattern (the constant's name without `MetadataKey`) and match the strings a public HealthKit bridge
//   reads these keys under.

// MARK: - Heart-rate recovery keys

/// `HKHeartRateRecoveryTestType`: the test that determined a heart-rate recovery value (an
/// ``HKHeartRateRecoveryTestType`` raw value). iOS 16.
public let HKMetadataKeyHeartRateRecoveryTestType = "HKHeartRateRecoveryTestType"
/// `HKHeartRateRecoveryActivityType`: the activity before a heart-rate recovery value (an `HKWorkoutActivityType` raw
/// value). iOS 16.
public let HKMetadataKeyHeartRateRecoveryActivityType = "HKHeartRateRecoveryActivityType"
/// `HKHeartRateRecoveryActivityDuration`: how long the activity before a heart-rate recovery value lasted (an
/// `HKQuantity` in a time unit). iOS 16.
public let HKMetadataKeyHeartRateRecoveryActivityDuration = "HKHeartRateRecoveryActivityDuration"
/// `HKHeartRateRecoveryMaxObservedRecoveryHeartRate`: the highest heart rate seen during a heart-rate recovery
/// sample's interval (an `HKQuantity` in `count/min`). iOS 16.
public let HKMetadataKeyHeartRateRecoveryMaxObservedRecoveryHeartRate =
    "HKHeartRateRecoveryMaxObservedRecoveryHeartRate"

// MARK: - Value enumerations

/// Why insulin was delivered: HealthKit's `HKInsulinDeliveryReason`, the value of
/// `HKMetadataKeyInsulinDeliveryReason` (required on `insulinDelivery` samples).
public enum HKInsulinDeliveryReason: Int, @unchecked Sendable {
    /// For basal metabolic needs: a continuous pump rate or a slow-acting injection.
    case basal = 1
    /// For an episodic need, such as a meal or a glucose correction.
    case bolus = 2
}

/// How a blood glucose reading relates to a meal: HealthKit's `HKBloodGlucoseMealTime`, the value of
/// `HKMetadataKeyBloodGlucoseMealTime`.
public enum HKBloodGlucoseMealTime: Int, @unchecked Sendable {
    /// Just before a meal.
    case preprandial = 1
    /// After a meal.
    case postprandial = 2
}

/// The user's activity when a heart rate was taken: HealthKit's `HKHeartRateMotionContext`, the value of
/// `HKMetadataKeyHeartRateMotionContext`.
public enum HKHeartRateMotionContext: Int, @unchecked Sendable {
    /// Not set.
    case notSet = 0
    /// The user was still.
    case sedentary = 1
    /// The user was moving or working out.
    case active = 2
}

/// How a VO2 max value was obtained: HealthKit's `HKVO2MaxTestType`, the value of `HKMetadataKeyVO2MaxTestType`.
public enum HKVO2MaxTestType: Int, @unchecked Sendable {
    /// Measured by exercise to the user's physical limit.
    case maxExercise = 1
    /// Predicted from a submaximal exercise protocol.
    case predictionSubMaxExercise = 2
    /// Predicted from user metrics without exercise.
    case predictionNonExercise = 3
    /// Predicted from a step test. iOS 26.
    case predictionStepTest = 4
}

/// Where a heart rate was measured: HealthKit's `HKHeartRateSensorLocation`, the value of
/// `HKMetadataKeyHeartRateSensorLocation`.
public enum HKHeartRateSensorLocation: Int, @unchecked Sendable {
    /// Elsewhere.
    case other = 0
    /// The chest.
    case chest = 1
    /// The wrist.
    case wrist = 2
    /// A finger.
    case finger = 3
    /// A hand.
    case hand = 4
    /// An ear lobe.
    case earLobe = 5
    /// A foot.
    case foot = 6
}

/// Where a body temperature was taken: HealthKit's `HKBodyTemperatureSensorLocation`, the value of
/// `HKMetadataKeyBodyTemperatureSensorLocation`.
public enum HKBodyTemperatureSensorLocation: Int, @unchecked Sendable {
    /// Elsewhere.
    case other = 0
    /// The armpit.
    case armpit = 1
    /// The body.
    case body = 2
    /// The ear.
    case ear = 3
    /// A finger.
    case finger = 4
    /// Inside the gastrointestinal tract.
    case gastroIntestinal = 5
    /// The mouth.
    case mouth = 6
    /// The rectum.
    case rectum = 7
    /// A toe.
    case toe = 8
    /// The ear drum.
    case earDrum = 9
    /// The temporal artery.
    case temporalArtery = 10
    /// The forehead.
    case forehead = 11
}

/// The predominant stroke of a swimming lap: HealthKit's `HKSwimmingStrokeStyle`, the value of
/// `HKMetadataKeySwimmingStrokeStyle`.
public enum HKSwimmingStrokeStyle: Int, @unchecked Sendable {
    /// Unknown.
    case unknown = 0
    /// Several strokes.
    case mixed = 1
    /// Freestyle.
    case freestyle = 2
    /// Backstroke.
    case backstroke = 3
    /// Breaststroke.
    case breaststroke = 4
    /// Butterfly.
    case butterfly = 5
    /// With a kickboard. iOS 16.
    case kickboard = 6
}

/// The weather during a sample or workout: HealthKit's `HKWeatherCondition`, the value of
/// `HKMetadataKeyWeatherCondition`.
public enum HKWeatherCondition: Int, @unchecked Sendable {
    /// No condition recorded.
    case none = 0
    /// Clear.
    case clear = 1
    /// Fair.
    case fair = 2
    /// Partly cloudy.
    case partlyCloudy = 3
    /// Mostly cloudy.
    case mostlyCloudy = 4
    /// Cloudy.
    case cloudy = 5
    /// Foggy.
    case foggy = 6
    /// Haze.
    case haze = 7
    /// Windy.
    case windy = 8
    /// Blustery.
    case blustery = 9
    /// Smoky.
    case smoky = 10
    /// Dust.
    case dust = 11
    /// Snow.
    case snow = 12
    /// Hail.
    case hail = 13
    /// Sleet.
    case sleet = 14
    /// Freezing drizzle.
    case freezingDrizzle = 15
    /// Freezing rain.
    case freezingRain = 16
    /// Mixed rain and hail.
    case mixedRainAndHail = 17
    /// Mixed rain and snow.
    case mixedRainAndSnow = 18
    /// Mixed rain and sleet.
    case mixedRainAndSleet = 19
    /// Mixed snow and sleet.
    case mixedSnowAndSleet = 20
    /// Drizzle.
    case drizzle = 21
    /// Scattered showers.
    case scatteredShowers = 22
    /// Showers.
    case showers = 23
    /// Thunderstorms.
    case thunderstorms = 24
    /// Tropical storm.
    case tropicalStorm = 25
    /// Hurricane.
    case hurricane = 26
    /// Tornado.
    case tornado = 27
}

/// Where the device was worn during a walk: HealthKit's `HKDevicePlacementSide`, the value of
/// `HKMetadataKeyDevicePlacementSide`.
public enum HKDevicePlacementSide: Int, @unchecked Sendable {
    /// Could not be determined.
    case unknown = 0
    /// Mostly on the left side.
    case left = 1
    /// Mostly on the right side.
    case right = 2
    /// Mostly on the middle of the body.
    case central = 3
}

/// The salinity of the water of an underwater depth or water temperature sample: HealthKit's `HKWaterSalinity`, the
/// value of `HKMetadataKeyWaterSalinity`. iOS 17.
public enum HKWaterSalinity: Int, @unchecked Sendable {
    /// Fresh water.
    case freshWater = 1
    /// Salt water.
    case saltWater = 2
}

/// The user's motion when a sample was taken: HealthKit's `HKUserMotionContext`, the value of
/// `HKMetadataKeyUserMotionContext`. iOS 16.
public enum HKUserMotionContext: Int, @unchecked Sendable {
    /// Not set.
    case notSet = 0
    /// The user was still.
    case stationary = 1
    /// The user was moving or working out.
    case active = 2
}

/// How a physical effort sample was estimated: HealthKit's `HKPhysicalEffortEstimationType`, the value of
/// `HKMetadataKeyPhysicalEffortEstimationType`. iOS 17.
public enum HKPhysicalEffortEstimationType: Int, @unchecked Sendable {
    /// From an external standard, such as a stationary bike's.
    case activityLookup = 1
    /// From movement signals (walking, running).
    case deviceSensed = 2
}

/// The test behind a cycling functional threshold power value: HealthKit's
/// `HKCyclingFunctionalThresholdPowerTestType`, the value of `HKMetadataKeyCyclingFunctionalThresholdPowerTestType`.
/// iOS 17.
public enum HKCyclingFunctionalThresholdPowerTestType: Int, @unchecked Sendable {
    /// Exertion to the user's limit sustained for 60 minutes.
    case maxExercise60Minute = 1
    /// Exertion to the user's limit sustained for 20 minutes.
    case maxExercise20Minute = 2
    /// Gradually rising intensity until exhaustion.
    case rampTest = 3
    /// Predicted from the user's cycling workouts.
    case predictionExercise = 4
}

/// The test behind a heart-rate recovery value: HealthKit's `HKHeartRateRecoveryTestType`, the value of
/// ``HKMetadataKeyHeartRateRecoveryTestType``. iOS 16.
public enum HKHeartRateRecoveryTestType: Int, @unchecked Sendable {
    /// Measured after exertion to the user's physical limit.
    case maxExercise = 1
    /// Predicted from a submaximal exercise protocol.
    case predictionSubMaxExercise = 2
    /// Predicted from user metrics without exercise.
    case predictionNonExercise = 3
}
