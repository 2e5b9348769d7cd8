// The fitness quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Active energy burned: cumulative, canonical unit `kcal`, iOS 8.
    public static let activeEnergyBurned = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierActiveEnergyBurned")
    /// Apple exercise time: cumulative, canonical unit `min`, iOS 9.3. Apple-computed: apps may read but not write it.
    public static let appleExerciseTime = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleExerciseTime")
    /// Apple move time: cumulative, canonical unit `min`, iOS 14.5. Apple-computed: apps may read but not write it.
    public static let appleMoveTime = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleMoveTime")
    /// Apple stand time: cumulative, canonical unit `min`, iOS 13. Apple-computed: apps may read but not write it.
    public static let appleStandTime = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierAppleStandTime")
    /// Basal energy burned: cumulative, canonical unit `kcal`, iOS 8.
    public static let basalEnergyBurned = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBasalEnergyBurned")
    /// Cross country skiing speed: discrete arithmetic, canonical unit `m/s`, iOS 18.
    public static let crossCountrySkiingSpeed = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierCrossCountrySkiingSpeed")
    /// Cycling cadence: discrete arithmetic, canonical unit `count/min`, iOS 17.
    public static let cyclingCadence = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingCadence")
    /// Cycling functional threshold power: discrete arithmetic, canonical unit `W`, iOS 17.
    public static let cyclingFunctionalThresholdPower = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierCyclingFunctionalThresholdPower")
    /// Cycling power: discrete arithmetic, canonical unit `W`, iOS 17.
    public static let cyclingPower = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingPower")
    /// Cycling speed: discrete arithmetic, canonical unit `m/s`, iOS 17.
    public static let cyclingSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierCyclingSpeed")
    /// Distance cross country skiing: cumulative, canonical unit `m`, iOS 18.
    public static let distanceCrossCountrySkiing = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceCrossCountrySkiing")
    /// Distance cycling: cumulative, canonical unit `m`, iOS 8.
    public static let distanceCycling = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceCycling")
    /// Distance downhill snow sports: cumulative, canonical unit `m`, iOS 11.2.
    public static let distanceDownhillSnowSports = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceDownhillSnowSports")
    /// Distance paddle sports: cumulative, canonical unit `m`, iOS 18.
    public static let distancePaddleSports = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistancePaddleSports")
    /// Distance rowing: cumulative, canonical unit `m`, iOS 18.
    public static let distanceRowing = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceRowing")
    /// Distance skating sports: cumulative, canonical unit `m`, iOS 18.
    public static let distanceSkatingSports = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceSkatingSports")
    /// Distance swimming: cumulative, canonical unit `m`, iOS 10.
    public static let distanceSwimming = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierDistanceSwimming")
    /// Distance walking running: cumulative, canonical unit `m`, iOS 8.
    public static let distanceWalkingRunning = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceWalkingRunning")
    /// Distance wheelchair: cumulative, canonical unit `m`, iOS 10.
    public static let distanceWheelchair = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierDistanceWheelchair")
    /// Estimated workout effort score: discrete arithmetic, canonical unit `appleEffortScore`, iOS 18. Apple-computed:
    /// apps may read but not write it.
    public static let estimatedWorkoutEffortScore = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEstimatedWorkoutEffortScore")
    /// Flights climbed: cumulative, canonical unit `count`, iOS 8.
    public static let flightsClimbed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierFlightsClimbed")
    /// Nike fuel: cumulative, canonical unit `count`, iOS 8.
    public static let nikeFuel = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierNikeFuel")
    /// Paddle sports speed: discrete arithmetic, canonical unit `m/s`, iOS 18.
    public static let paddleSportsSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPaddleSportsSpeed")
    /// Physical effort: discrete arithmetic, canonical unit `kcal/(kg*hr)`, iOS 17.
    public static let physicalEffort = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPhysicalEffort")
    /// Push count: cumulative, canonical unit `count`, iOS 10.
    public static let pushCount = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierPushCount")
    /// Rowing speed: discrete arithmetic, canonical unit `m/s`, iOS 18.
    public static let rowingSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRowingSpeed")
    /// Running power: discrete arithmetic, canonical unit `W`, iOS 16.
    public static let runningPower = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningPower")
    /// Running speed: discrete arithmetic, canonical unit `m/s`, iOS 16.
    public static let runningSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRunningSpeed")
    /// Step count: cumulative, canonical unit `count`, iOS 8.
    public static let stepCount = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStepCount")
    /// Swimming stroke count: cumulative, canonical unit `count`, iOS 10.
    public static let swimmingStrokeCount = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierSwimmingStrokeCount")
    /// Underwater depth: discrete arithmetic, canonical unit `m`, iOS 16.
    public static let underwaterDepth = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUnderwaterDepth")
    /// Workout effort score: discrete arithmetic, canonical unit `appleEffortScore`, iOS 18.
    public static let workoutEffortScore = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWorkoutEffortScore")
}
