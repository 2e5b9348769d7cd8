import HealthCore

/// The identifier of a quantity type: HealthKit's `HKQuantityTypeIdentifier`, an open set of identifier strings.
///
/// Every constant maps a name of HealthCore's catalog; unknown identifiers are kept verbatim.
///
/// ```swift
/// HKQuantityTypeIdentifier.stepCount.rawValue   // "HKQuantityTypeIdentifierStepCount"
/// ```
public struct HKQuantityTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: QuantityTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: QuantityTypeIdentifier { QuantityTypeIdentifier(rawValue: rawValue) }

}

extension HKQuantityTypeIdentifier {
    /// `QuantityTypeIdentifier.appleSleepingWristTemperature`.
    public static let appleSleepingWristTemperature = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.appleSleepingWristTemperature)
    /// `QuantityTypeIdentifier.bodyFatPercentage`.
    public static let bodyFatPercentage = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bodyFatPercentage)
    /// `QuantityTypeIdentifier.bodyMass`.
    public static let bodyMass = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bodyMass)
    /// `QuantityTypeIdentifier.bodyMassIndex`.
    public static let bodyMassIndex = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bodyMassIndex)
    /// `QuantityTypeIdentifier.electrodermalActivity`.
    public static let electrodermalActivity = HKQuantityTypeIdentifier(QuantityTypeIdentifier.electrodermalActivity)
    /// `QuantityTypeIdentifier.height`.
    public static let height = HKQuantityTypeIdentifier(QuantityTypeIdentifier.height)
    /// `QuantityTypeIdentifier.leanBodyMass`.
    public static let leanBodyMass = HKQuantityTypeIdentifier(QuantityTypeIdentifier.leanBodyMass)
    /// `QuantityTypeIdentifier.waistCircumference`.
    public static let waistCircumference = HKQuantityTypeIdentifier(QuantityTypeIdentifier.waistCircumference)
    /// `QuantityTypeIdentifier.activeEnergyBurned`.
    public static let activeEnergyBurned = HKQuantityTypeIdentifier(QuantityTypeIdentifier.activeEnergyBurned)
    /// `QuantityTypeIdentifier.appleExerciseTime`.
    public static let appleExerciseTime = HKQuantityTypeIdentifier(QuantityTypeIdentifier.appleExerciseTime)
    /// `QuantityTypeIdentifier.appleMoveTime`.
    public static let appleMoveTime = HKQuantityTypeIdentifier(QuantityTypeIdentifier.appleMoveTime)
    /// `QuantityTypeIdentifier.appleStandTime`.
    public static let appleStandTime = HKQuantityTypeIdentifier(QuantityTypeIdentifier.appleStandTime)
    /// `QuantityTypeIdentifier.basalEnergyBurned`.
    public static let basalEnergyBurned = HKQuantityTypeIdentifier(QuantityTypeIdentifier.basalEnergyBurned)
    /// `QuantityTypeIdentifier.crossCountrySkiingSpeed`.
    public static let crossCountrySkiingSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.crossCountrySkiingSpeed)
    /// `QuantityTypeIdentifier.cyclingCadence`.
    public static let cyclingCadence = HKQuantityTypeIdentifier(QuantityTypeIdentifier.cyclingCadence)
    /// `QuantityTypeIdentifier.cyclingFunctionalThresholdPower`.
    public static let cyclingFunctionalThresholdPower = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.cyclingFunctionalThresholdPower)
    /// `QuantityTypeIdentifier.cyclingPower`.
    public static let cyclingPower = HKQuantityTypeIdentifier(QuantityTypeIdentifier.cyclingPower)
    /// `QuantityTypeIdentifier.cyclingSpeed`.
    public static let cyclingSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.cyclingSpeed)
    /// `QuantityTypeIdentifier.distanceCrossCountrySkiing`.
    public static let distanceCrossCountrySkiing = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.distanceCrossCountrySkiing)
    /// `QuantityTypeIdentifier.distanceCycling`.
    public static let distanceCycling = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceCycling)
    /// `QuantityTypeIdentifier.distanceDownhillSnowSports`.
    public static let distanceDownhillSnowSports = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.distanceDownhillSnowSports)
    /// `QuantityTypeIdentifier.distancePaddleSports`.
    public static let distancePaddleSports = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distancePaddleSports)
    /// `QuantityTypeIdentifier.distanceRowing`.
    public static let distanceRowing = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceRowing)
    /// `QuantityTypeIdentifier.distanceSkatingSports`.
    public static let distanceSkatingSports = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceSkatingSports)
    /// `QuantityTypeIdentifier.distanceSwimming`.
    public static let distanceSwimming = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceSwimming)
    /// `QuantityTypeIdentifier.distanceWalkingRunning`.
    public static let distanceWalkingRunning = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceWalkingRunning)
    /// `QuantityTypeIdentifier.distanceWheelchair`.
    public static let distanceWheelchair = HKQuantityTypeIdentifier(QuantityTypeIdentifier.distanceWheelchair)
    /// `QuantityTypeIdentifier.estimatedWorkoutEffortScore`.
    public static let estimatedWorkoutEffortScore = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.estimatedWorkoutEffortScore)
    /// `QuantityTypeIdentifier.flightsClimbed`.
    public static let flightsClimbed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.flightsClimbed)
    /// `QuantityTypeIdentifier.nikeFuel`.
    public static let nikeFuel = HKQuantityTypeIdentifier(QuantityTypeIdentifier.nikeFuel)
    /// `QuantityTypeIdentifier.paddleSportsSpeed`.
    public static let paddleSportsSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.paddleSportsSpeed)
    /// `QuantityTypeIdentifier.physicalEffort`.
    public static let physicalEffort = HKQuantityTypeIdentifier(QuantityTypeIdentifier.physicalEffort)
    /// `QuantityTypeIdentifier.pushCount`.
    public static let pushCount = HKQuantityTypeIdentifier(QuantityTypeIdentifier.pushCount)
    /// `QuantityTypeIdentifier.rowingSpeed`.
    public static let rowingSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.rowingSpeed)
    /// `QuantityTypeIdentifier.runningPower`.
    public static let runningPower = HKQuantityTypeIdentifier(QuantityTypeIdentifier.runningPower)
    /// `QuantityTypeIdentifier.runningSpeed`.
    public static let runningSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.runningSpeed)
    /// `QuantityTypeIdentifier.stepCount`.
    public static let stepCount = HKQuantityTypeIdentifier(QuantityTypeIdentifier.stepCount)
    /// `QuantityTypeIdentifier.swimmingStrokeCount`.
    public static let swimmingStrokeCount = HKQuantityTypeIdentifier(QuantityTypeIdentifier.swimmingStrokeCount)
    /// `QuantityTypeIdentifier.underwaterDepth`.
    public static let underwaterDepth = HKQuantityTypeIdentifier(QuantityTypeIdentifier.underwaterDepth)
    /// `QuantityTypeIdentifier.workoutEffortScore`.
    public static let workoutEffortScore = HKQuantityTypeIdentifier(QuantityTypeIdentifier.workoutEffortScore)
    /// `QuantityTypeIdentifier.environmentalAudioExposure`.
    public static let environmentalAudioExposure = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.environmentalAudioExposure)
    /// `QuantityTypeIdentifier.environmentalSoundReduction`.
    public static let environmentalSoundReduction = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.environmentalSoundReduction)
    /// `QuantityTypeIdentifier.headphoneAudioExposure`.
    public static let headphoneAudioExposure = HKQuantityTypeIdentifier(QuantityTypeIdentifier.headphoneAudioExposure)
    /// `QuantityTypeIdentifier.atrialFibrillationBurden`.
    public static let atrialFibrillationBurden = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.atrialFibrillationBurden)
    /// `QuantityTypeIdentifier.heartRate`.
    public static let heartRate = HKQuantityTypeIdentifier(QuantityTypeIdentifier.heartRate)
    /// `QuantityTypeIdentifier.heartRateRecoveryOneMinute`.
    public static let heartRateRecoveryOneMinute = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.heartRateRecoveryOneMinute)
    /// `QuantityTypeIdentifier.heartRateVariabilitySDNN`.
    public static let heartRateVariabilitySDNN = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.heartRateVariabilitySDNN)
    /// `QuantityTypeIdentifier.peripheralPerfusionIndex`.
    public static let peripheralPerfusionIndex = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.peripheralPerfusionIndex)
    /// `QuantityTypeIdentifier.restingHeartRate`.
    public static let restingHeartRate = HKQuantityTypeIdentifier(QuantityTypeIdentifier.restingHeartRate)
    /// `QuantityTypeIdentifier.vo2Max`.
    public static let vo2Max = HKQuantityTypeIdentifier(QuantityTypeIdentifier.vo2Max)
    /// `QuantityTypeIdentifier.walkingHeartRateAverage`.
    public static let walkingHeartRateAverage = HKQuantityTypeIdentifier(QuantityTypeIdentifier.walkingHeartRateAverage)
    /// `QuantityTypeIdentifier.appleWalkingSteadiness`.
    public static let appleWalkingSteadiness = HKQuantityTypeIdentifier(QuantityTypeIdentifier.appleWalkingSteadiness)
    /// `QuantityTypeIdentifier.runningGroundContactTime`.
    public static let runningGroundContactTime = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.runningGroundContactTime)
    /// `QuantityTypeIdentifier.runningStrideLength`.
    public static let runningStrideLength = HKQuantityTypeIdentifier(QuantityTypeIdentifier.runningStrideLength)
    /// `QuantityTypeIdentifier.runningVerticalOscillation`.
    public static let runningVerticalOscillation = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.runningVerticalOscillation)
    /// `QuantityTypeIdentifier.sixMinuteWalkTestDistance`.
    public static let sixMinuteWalkTestDistance = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.sixMinuteWalkTestDistance)
    /// `QuantityTypeIdentifier.stairAscentSpeed`.
    public static let stairAscentSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.stairAscentSpeed)
    /// `QuantityTypeIdentifier.stairDescentSpeed`.
    public static let stairDescentSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.stairDescentSpeed)
    /// `QuantityTypeIdentifier.walkingAsymmetryPercentage`.
    public static let walkingAsymmetryPercentage = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.walkingAsymmetryPercentage)
    /// `QuantityTypeIdentifier.walkingDoubleSupportPercentage`.
    public static let walkingDoubleSupportPercentage = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.walkingDoubleSupportPercentage)
    /// `QuantityTypeIdentifier.walkingSpeed`.
    public static let walkingSpeed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.walkingSpeed)
    /// `QuantityTypeIdentifier.walkingStepLength`.
    public static let walkingStepLength = HKQuantityTypeIdentifier(QuantityTypeIdentifier.walkingStepLength)
    /// `QuantityTypeIdentifier.dietaryBiotin`.
    public static let dietaryBiotin = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryBiotin)
    /// `QuantityTypeIdentifier.dietaryCaffeine`.
    public static let dietaryCaffeine = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryCaffeine)
    /// `QuantityTypeIdentifier.dietaryCalcium`.
    public static let dietaryCalcium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryCalcium)
    /// `QuantityTypeIdentifier.dietaryCarbohydrates`.
    public static let dietaryCarbohydrates = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryCarbohydrates)
    /// `QuantityTypeIdentifier.dietaryChloride`.
    public static let dietaryChloride = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryChloride)
    /// `QuantityTypeIdentifier.dietaryCholesterol`.
    public static let dietaryCholesterol = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryCholesterol)
    /// `QuantityTypeIdentifier.dietaryChromium`.
    public static let dietaryChromium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryChromium)
    /// `QuantityTypeIdentifier.dietaryCopper`.
    public static let dietaryCopper = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryCopper)
    /// `QuantityTypeIdentifier.dietaryEnergyConsumed`.
    public static let dietaryEnergyConsumed = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryEnergyConsumed)
    /// `QuantityTypeIdentifier.dietaryFatMonounsaturated`.
    public static let dietaryFatMonounsaturated = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.dietaryFatMonounsaturated)
    /// `QuantityTypeIdentifier.dietaryFatPolyunsaturated`.
    public static let dietaryFatPolyunsaturated = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.dietaryFatPolyunsaturated)
    /// `QuantityTypeIdentifier.dietaryFatSaturated`.
    public static let dietaryFatSaturated = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryFatSaturated)
    /// `QuantityTypeIdentifier.dietaryFatTotal`.
    public static let dietaryFatTotal = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryFatTotal)
    /// `QuantityTypeIdentifier.dietaryFiber`.
    public static let dietaryFiber = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryFiber)
    /// `QuantityTypeIdentifier.dietaryFolate`.
    public static let dietaryFolate = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryFolate)
    /// `QuantityTypeIdentifier.dietaryIodine`.
    public static let dietaryIodine = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryIodine)
    /// `QuantityTypeIdentifier.dietaryIron`.
    public static let dietaryIron = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryIron)
    /// `QuantityTypeIdentifier.dietaryMagnesium`.
    public static let dietaryMagnesium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryMagnesium)
    /// `QuantityTypeIdentifier.dietaryManganese`.
    public static let dietaryManganese = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryManganese)
    /// `QuantityTypeIdentifier.dietaryMolybdenum`.
    public static let dietaryMolybdenum = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryMolybdenum)
    /// `QuantityTypeIdentifier.dietaryNiacin`.
    public static let dietaryNiacin = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryNiacin)
    /// `QuantityTypeIdentifier.dietaryPantothenicAcid`.
    public static let dietaryPantothenicAcid = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryPantothenicAcid)
    /// `QuantityTypeIdentifier.dietaryPhosphorus`.
    public static let dietaryPhosphorus = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryPhosphorus)
    /// `QuantityTypeIdentifier.dietaryPotassium`.
    public static let dietaryPotassium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryPotassium)
    /// `QuantityTypeIdentifier.dietaryProtein`.
    public static let dietaryProtein = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryProtein)
    /// `QuantityTypeIdentifier.dietaryRiboflavin`.
    public static let dietaryRiboflavin = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryRiboflavin)
    /// `QuantityTypeIdentifier.dietarySelenium`.
    public static let dietarySelenium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietarySelenium)
    /// `QuantityTypeIdentifier.dietarySodium`.
    public static let dietarySodium = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietarySodium)
    /// `QuantityTypeIdentifier.dietarySugar`.
    public static let dietarySugar = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietarySugar)
    /// `QuantityTypeIdentifier.dietaryThiamin`.
    public static let dietaryThiamin = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryThiamin)
    /// `QuantityTypeIdentifier.dietaryVitaminA`.
    public static let dietaryVitaminA = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminA)
    /// `QuantityTypeIdentifier.dietaryVitaminB12`.
    public static let dietaryVitaminB12 = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminB12)
    /// `QuantityTypeIdentifier.dietaryVitaminB6`.
    public static let dietaryVitaminB6 = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminB6)
    /// `QuantityTypeIdentifier.dietaryVitaminC`.
    public static let dietaryVitaminC = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminC)
    /// `QuantityTypeIdentifier.dietaryVitaminD`.
    public static let dietaryVitaminD = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminD)
    /// `QuantityTypeIdentifier.dietaryVitaminE`.
    public static let dietaryVitaminE = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminE)
    /// `QuantityTypeIdentifier.dietaryVitaminK`.
    public static let dietaryVitaminK = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryVitaminK)
    /// `QuantityTypeIdentifier.dietaryWater`.
    public static let dietaryWater = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryWater)
    /// `QuantityTypeIdentifier.dietaryZinc`.
    public static let dietaryZinc = HKQuantityTypeIdentifier(QuantityTypeIdentifier.dietaryZinc)
    /// `QuantityTypeIdentifier.appleSleepingBreathingDisturbances`.
    public static let appleSleepingBreathingDisturbances = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.appleSleepingBreathingDisturbances)
    /// `QuantityTypeIdentifier.forcedExpiratoryVolume1`.
    public static let forcedExpiratoryVolume1 = HKQuantityTypeIdentifier(QuantityTypeIdentifier.forcedExpiratoryVolume1)
    /// `QuantityTypeIdentifier.forcedVitalCapacity`.
    public static let forcedVitalCapacity = HKQuantityTypeIdentifier(QuantityTypeIdentifier.forcedVitalCapacity)
    /// `QuantityTypeIdentifier.inhalerUsage`.
    public static let inhalerUsage = HKQuantityTypeIdentifier(QuantityTypeIdentifier.inhalerUsage)
    /// `QuantityTypeIdentifier.oxygenSaturation`.
    public static let oxygenSaturation = HKQuantityTypeIdentifier(QuantityTypeIdentifier.oxygenSaturation)
    /// `QuantityTypeIdentifier.peakExpiratoryFlowRate`.
    public static let peakExpiratoryFlowRate = HKQuantityTypeIdentifier(QuantityTypeIdentifier.peakExpiratoryFlowRate)
    /// `QuantityTypeIdentifier.respiratoryRate`.
    public static let respiratoryRate = HKQuantityTypeIdentifier(QuantityTypeIdentifier.respiratoryRate)
    /// `QuantityTypeIdentifier.bloodGlucose`.
    public static let bloodGlucose = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bloodGlucose)
    /// `QuantityTypeIdentifier.bodyTemperature`.
    public static let bodyTemperature = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bodyTemperature)
    /// `QuantityTypeIdentifier.basalBodyTemperature`.
    public static let basalBodyTemperature = HKQuantityTypeIdentifier(QuantityTypeIdentifier.basalBodyTemperature)
    /// `QuantityTypeIdentifier.bloodAlcoholContent`.
    public static let bloodAlcoholContent = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bloodAlcoholContent)
    /// `QuantityTypeIdentifier.bloodPressureSystolic`.
    public static let bloodPressureSystolic = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bloodPressureSystolic)
    /// `QuantityTypeIdentifier.bloodPressureDiastolic`.
    public static let bloodPressureDiastolic = HKQuantityTypeIdentifier(QuantityTypeIdentifier.bloodPressureDiastolic)
    /// `QuantityTypeIdentifier.insulinDelivery`.
    public static let insulinDelivery = HKQuantityTypeIdentifier(QuantityTypeIdentifier.insulinDelivery)
    /// `QuantityTypeIdentifier.numberOfAlcoholicBeverages`.
    public static let numberOfAlcoholicBeverages = HKQuantityTypeIdentifier(
        QuantityTypeIdentifier.numberOfAlcoholicBeverages)
    /// `QuantityTypeIdentifier.numberOfTimesFallen`.
    public static let numberOfTimesFallen = HKQuantityTypeIdentifier(QuantityTypeIdentifier.numberOfTimesFallen)
    /// `QuantityTypeIdentifier.timeInDaylight`.
    public static let timeInDaylight = HKQuantityTypeIdentifier(QuantityTypeIdentifier.timeInDaylight)
    /// `QuantityTypeIdentifier.uvExposure`.
    public static let uvExposure = HKQuantityTypeIdentifier(QuantityTypeIdentifier.uvExposure)
    /// `QuantityTypeIdentifier.waterTemperature`.
    public static let waterTemperature = HKQuantityTypeIdentifier(QuantityTypeIdentifier.waterTemperature)
}
