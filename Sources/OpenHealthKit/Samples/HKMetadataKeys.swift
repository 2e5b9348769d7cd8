// HealthKit's metadata keys (`HKMetadataKey…`): the strings HealthKit stores and the Health export writes,
// one per reserved key of HealthCore.

/// `HKMetadataKeySyncIdentifier`: HealthCore's `MetadataKey.syncIdentifier`.
public let HKMetadataKeySyncIdentifier = "HKMetadataKeySyncIdentifier"
/// `HKMetadataKeySyncVersion`: HealthCore's `MetadataKey.syncVersion`.
public let HKMetadataKeySyncVersion = "HKMetadataKeySyncVersion"
/// `HKExternalUUID`: HealthCore's `MetadataKey.externalUUID`.
public let HKMetadataKeyExternalUUID = "HKExternalUUID"
/// `HKWasUserEntered`: HealthCore's `MetadataKey.wasUserEntered`.
public let HKMetadataKeyWasUserEntered = "HKWasUserEntered"
/// `HKTimeZone`: HealthCore's `MetadataKey.timeZone`.
public let HKMetadataKeyTimeZone = "HKTimeZone"
/// `HKDeviceName`: HealthCore's `MetadataKey.deviceName`.
public let HKMetadataKeyDeviceName = "HKDeviceName"
/// `HKDeviceManufacturerName`: HealthCore's `MetadataKey.deviceManufacturerName`.
public let HKMetadataKeyDeviceManufacturerName = "HKDeviceManufacturerName"
/// `HKDeviceSerialNumber`: HealthCore's `MetadataKey.deviceSerialNumber`.
public let HKMetadataKeyDeviceSerialNumber = "HKDeviceSerialNumber"
/// `HKUDIDeviceIdentifier`: HealthCore's `MetadataKey.udiDeviceIdentifier`.
public let HKMetadataKeyUDIDeviceIdentifier = "HKUDIDeviceIdentifier"
/// `HKUDIProductionIdentifier`: HealthCore's `MetadataKey.udiProductionIdentifier`.
public let HKMetadataKeyUDIProductionIdentifier = "HKUDIProductionIdentifier"
/// `HKDigitalSignature`: HealthCore's `MetadataKey.digitalSignature`.
public let HKMetadataKeyDigitalSignature = "HKDigitalSignature"
/// `HKWasTakenInLab`: HealthCore's `MetadataKey.wasTakenInLab`.
public let HKMetadataKeyWasTakenInLab = "HKWasTakenInLab"
/// `HKReferenceRangeLowerLimit`: HealthCore's `MetadataKey.referenceRangeLowerLimit`.
public let HKMetadataKeyReferenceRangeLowerLimit = "HKReferenceRangeLowerLimit"
/// `HKReferenceRangeUpperLimit`: HealthCore's `MetadataKey.referenceRangeUpperLimit`.
public let HKMetadataKeyReferenceRangeUpperLimit = "HKReferenceRangeUpperLimit"
/// `HKBodyTemperatureSensorLocation`: HealthCore's `MetadataKey.bodyTemperatureSensorLocation`.
public let HKMetadataKeyBodyTemperatureSensorLocation = "HKBodyTemperatureSensorLocation"
/// `HKHeartRateSensorLocation`: HealthCore's `MetadataKey.heartRateSensorLocation`.
public let HKMetadataKeyHeartRateSensorLocation = "HKHeartRateSensorLocation"
/// `HKHeartRateMotionContext`: HealthCore's `MetadataKey.heartRateMotionContext`.
public let HKMetadataKeyHeartRateMotionContext = "HKHeartRateMotionContext"
/// `HKUserMotionContext`: HealthCore's `MetadataKey.userMotionContext`.
public let HKMetadataKeyUserMotionContext = "HKUserMotionContext"
/// `HKInsulinDeliveryReason`: HealthCore's `MetadataKey.insulinDeliveryReason`.
public let HKMetadataKeyInsulinDeliveryReason = "HKInsulinDeliveryReason"
/// `HKBloodGlucoseMealTime`: HealthCore's `MetadataKey.bloodGlucoseMealTime`.
public let HKMetadataKeyBloodGlucoseMealTime = "HKBloodGlucoseMealTime"
/// `HKMenstrualCycleStart`: HealthCore's `MetadataKey.menstrualCycleStart`.
public let HKMetadataKeyMenstrualCycleStart = "HKMenstrualCycleStart"
/// `HKSexualActivityProtectionUsed`: HealthCore's `MetadataKey.sexualActivityProtectionUsed`.
public let HKMetadataKeySexualActivityProtectionUsed = "HKSexualActivityProtectionUsed"
/// `HKVO2MaxTestType`: HealthCore's `MetadataKey.vo2MaxTestType`.
public let HKMetadataKeyVO2MaxTestType = "HKVO2MaxTestType"
/// `HKVO2MaxValue`: HealthCore's `MetadataKey.vo2MaxValue`.
public let HKMetadataKeyVO2MaxValue = "HKVO2MaxValue"
/// `HKLowCardioFitnessEventThreshold`: HealthCore's `MetadataKey.lowCardioFitnessEventThreshold`.
public let HKMetadataKeyLowCardioFitnessEventThreshold = "HKLowCardioFitnessEventThreshold"
/// `HKIndoorWorkout`: HealthCore's `MetadataKey.indoorWorkout`.
public let HKMetadataKeyIndoorWorkout = "HKIndoorWorkout"
/// `HKGroupFitness`: HealthCore's `MetadataKey.groupFitness`.
public let HKMetadataKeyGroupFitness = "HKGroupFitness"
/// `HKCoachedWorkout`: HealthCore's `MetadataKey.coachedWorkout`.
public let HKMetadataKeyCoachedWorkout = "HKCoachedWorkout"
/// `HKWorkoutBrandName`: HealthCore's `MetadataKey.workoutBrandName`.
public let HKMetadataKeyWorkoutBrandName = "HKWorkoutBrandName"
/// `HKWeatherCondition`: HealthCore's `MetadataKey.weatherCondition`.
public let HKMetadataKeyWeatherCondition = "HKWeatherCondition"
/// `HKWeatherTemperature`: HealthCore's `MetadataKey.weatherTemperature`.
public let HKMetadataKeyWeatherTemperature = "HKWeatherTemperature"
/// `HKWeatherHumidity`: HealthCore's `MetadataKey.weatherHumidity`.
public let HKMetadataKeyWeatherHumidity = "HKWeatherHumidity"
/// `HKLapLength`: HealthCore's `MetadataKey.lapLength`.
public let HKMetadataKeyLapLength = "HKLapLength"
/// `HKSwimmingLocationType`: HealthCore's `MetadataKey.swimmingLocationType`.
public let HKMetadataKeySwimmingLocationType = "HKSwimmingLocationType"
/// `HKSwimmingStrokeStyle`: HealthCore's `MetadataKey.swimmingStrokeStyle`.
public let HKMetadataKeySwimmingStrokeStyle = "HKSwimmingStrokeStyle"
/// `HKAverageSpeed`: HealthCore's `MetadataKey.averageSpeed`.
public let HKMetadataKeyAverageSpeed = "HKAverageSpeed"
/// `HKMaximumSpeed`: HealthCore's `MetadataKey.maximumSpeed`.
public let HKMetadataKeyMaximumSpeed = "HKMaximumSpeed"
/// `HKAlpineSlopeGrade`: HealthCore's `MetadataKey.alpineSlopeGrade`.
public let HKMetadataKeyAlpineSlopeGrade = "HKAlpineSlopeGrade"
/// `HKElevationAscended`: HealthCore's `MetadataKey.elevationAscended`.
public let HKMetadataKeyElevationAscended = "HKElevationAscended"
/// `HKElevationDescended`: HealthCore's `MetadataKey.elevationDescended`.
public let HKMetadataKeyElevationDescended = "HKElevationDescended"
/// `HKFitnessMachineDuration`: HealthCore's `MetadataKey.fitnessMachineDuration`.
public let HKMetadataKeyFitnessMachineDuration = "HKFitnessMachineDuration"
/// `HKIndoorBikeDistance`: HealthCore's `MetadataKey.indoorBikeDistance`.
public let HKMetadataKeyIndoorBikeDistance = "HKIndoorBikeDistance"
/// `HKCrossTrainerDistance`: HealthCore's `MetadataKey.crossTrainerDistance`.
public let HKMetadataKeyCrossTrainerDistance = "HKCrossTrainerDistance"
/// `HKAverageMETs`: HealthCore's `MetadataKey.averageMETs`.
public let HKMetadataKeyAverageMETs = "HKAverageMETs"
/// `HKSWOLFScore`: HealthCore's `MetadataKey.swolfScore`.
public let HKMetadataKeySWOLFScore = "HKSWOLFScore"
/// `HKAppleFitnessPlusSession`: HealthCore's `MetadataKey.appleFitnessPlusSession`.
public let HKMetadataKeyAppleFitnessPlusSession = "HKAppleFitnessPlusSession"
/// `HKFoodType`: HealthCore's `MetadataKey.foodType`.
public let HKMetadataKeyFoodType = "HKFoodType"
/// `HKHeartRateEventThreshold`: HealthCore's `MetadataKey.heartRateEventThreshold`.
public let HKMetadataKeyHeartRateEventThreshold = "HKHeartRateEventThreshold"
/// `HKAudioExposureLevel`: HealthCore's `MetadataKey.audioExposureLevel`.
public let HKMetadataKeyAudioExposureLevel = "HKAudioExposureLevel"
/// `HKAudioExposureDuration`: HealthCore's `MetadataKey.audioExposureDuration`.
public let HKMetadataKeyAudioExposureDuration = "HKAudioExposureDuration"
/// `HKDevicePlacementSide`: HealthCore's `MetadataKey.devicePlacementSide`.
public let HKMetadataKeyDevicePlacementSide = "HKDevicePlacementSide"
/// `HKBarometricPressure`: HealthCore's `MetadataKey.barometricPressure`.
public let HKMetadataKeyBarometricPressure = "HKBarometricPressure"
/// `HKAppleDeviceCalibrated`: HealthCore's `MetadataKey.appleDeviceCalibrated`.
public let HKMetadataKeyAppleDeviceCalibrated = "HKAppleDeviceCalibrated"
/// `HKQuantityClampedToLowerBound`: HealthCore's `MetadataKey.quantityClampedToLowerBound`.
public let HKMetadataKeyQuantityClampedToLowerBound = "HKQuantityClampedToLowerBound"
/// `HKQuantityClampedToUpperBound`: HealthCore's `MetadataKey.quantityClampedToUpperBound`.
public let HKMetadataKeyQuantityClampedToUpperBound = "HKQuantityClampedToUpperBound"
/// `HKAppleFitnessPlusCatalogIdentifier` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyAppleFitnessPlusCatalogIdentifier = "HKAppleFitnessPlusCatalogIdentifier"
/// `HKActivityType` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyActivityType = "HKActivityType"
/// `HKSessionEstimate` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeySessionEstimate = "HKSessionEstimate"
/// `HKAlgorithmVersion` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyAlgorithmVersion = "HKAlgorithmVersion"
/// `HKPhysicalEffortEstimationType` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyPhysicalEffortEstimationType = "HKPhysicalEffortEstimationType"
/// `HKMaximumLightIntensity` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyMaximumLightIntensity = "HKMaximumLightIntensity"
/// `HKWaterSalinity` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyWaterSalinity = "HKWaterSalinity"
/// `HKHeadphoneGain` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyHeadphoneGain = "HKHeadphoneGain"
/// `HKAppleECGAlgorithmVersion` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyAppleECGAlgorithmVersion = "HKAppleECGAlgorithmVersion"
/// `HKDateOfEarliestDataUsedForEstimate` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyDateOfEarliestDataUsedForEstimate = "HKDateOfEarliestDataUsedForEstimate"
/// `HKGlassesPrescriptionDescription` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyGlassesPrescriptionDescription = "HKGlassesPrescriptionDescription"
/// `HKCyclingFunctionalThresholdPowerTestType` (not in HealthCore's reserved table: any value kind is accepted).
public let HKMetadataKeyCyclingFunctionalThresholdPowerTestType = "HKCyclingFunctionalThresholdPowerTestType"
