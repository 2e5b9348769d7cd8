// The reserved keys of reference §3.4, with the value kind HealthKit requires for each.
extension MetadataKey {
    /// `HKMetadataKeySyncIdentifier`: a string; with ``syncVersion`` it makes re-saves replace older copies.
    public static let syncIdentifier = MetadataKey("HKMetadataKeySyncIdentifier")
    /// `HKMetadataKeySyncVersion`: a number; must come with ``syncIdentifier``.
    public static let syncVersion = MetadataKey("HKMetadataKeySyncVersion")
    /// `HKMetadataKeyExternalUUID`: a string, not uniqueness-enforced.
    public static let externalUUID = MetadataKey("HKExternalUUID")
    /// `HKMetadataKeyWasUserEntered`: a boolean.
    public static let wasUserEntered = MetadataKey("HKWasUserEntered")
    /// `HKMetadataKeyTimeZone`: the IANA name of the sample's original time zone.
    public static let timeZone = MetadataKey("HKTimeZone")
    /// `HKMetadataKeyDeviceName`: a string.
    public static let deviceName = MetadataKey("HKDeviceName")
    /// `HKMetadataKeyDeviceManufacturerName`: a string.
    public static let deviceManufacturerName = MetadataKey("HKDeviceManufacturerName")
    /// `HKMetadataKeyDeviceSerialNumber`: a string.
    public static let deviceSerialNumber = MetadataKey("HKDeviceSerialNumber")
    /// `HKMetadataKeyUDIDeviceIdentifier`: a string.
    public static let udiDeviceIdentifier = MetadataKey("HKUDIDeviceIdentifier")
    /// `HKMetadataKeyUDIProductionIdentifier`: a string.
    public static let udiProductionIdentifier = MetadataKey("HKUDIProductionIdentifier")
    /// `HKMetadataKeyDigitalSignature`: base64 CMS signed data.
    public static let digitalSignature = MetadataKey("HKDigitalSignature")
    /// `HKMetadataKeyWasTakenInLab`: a boolean.
    public static let wasTakenInLab = MetadataKey("HKWasTakenInLab")
    /// `HKMetadataKeyReferenceRangeLowerLimit`: a number.
    public static let referenceRangeLowerLimit = MetadataKey("HKReferenceRangeLowerLimit")
    /// `HKMetadataKeyReferenceRangeUpperLimit`: a number.
    public static let referenceRangeUpperLimit = MetadataKey("HKReferenceRangeUpperLimit")
    /// `HKMetadataKeyBodyTemperatureSensorLocation`: an integer 0–11.
    public static let bodyTemperatureSensorLocation = MetadataKey("HKBodyTemperatureSensorLocation")
    /// `HKMetadataKeyHeartRateSensorLocation`: an integer 0–6.
    public static let heartRateSensorLocation = MetadataKey("HKHeartRateSensorLocation")
    /// `HKMetadataKeyHeartRateMotionContext`: notSet=0, sedentary=1, active=2.
    public static let heartRateMotionContext = MetadataKey("HKHeartRateMotionContext")
    /// `HKMetadataKeyUserMotionContext`: an integer.
    public static let userMotionContext = MetadataKey("HKUserMotionContext")
    /// `HKMetadataKeyInsulinDeliveryReason`: basal=1, bolus=2; required for insulin delivery samples.
    public static let insulinDeliveryReason = MetadataKey("HKInsulinDeliveryReason")
    /// `HKMetadataKeyBloodGlucoseMealTime`: preprandial=1, postprandial=2.
    public static let bloodGlucoseMealTime = MetadataKey("HKBloodGlucoseMealTime")
    /// `HKMetadataKeyMenstrualCycleStart`: a boolean; required for menstrual flow samples.
    public static let menstrualCycleStart = MetadataKey("HKMenstrualCycleStart")
    /// `HKMetadataKeySexualActivityProtectionUsed`: a boolean.
    public static let sexualActivityProtectionUsed = MetadataKey("HKSexualActivityProtectionUsed")
    /// `HKMetadataKeyVO2MaxTestType`: an integer.
    public static let vo2MaxTestType = MetadataKey("HKVO2MaxTestType")
    /// `HKMetadataKeyVO2MaxValue`: a quantity.
    public static let vo2MaxValue = MetadataKey("HKVO2MaxValue")
    /// `HKMetadataKeyLowCardioFitnessEventThreshold`: a quantity.
    public static let lowCardioFitnessEventThreshold = MetadataKey("HKLowCardioFitnessEventThreshold")
    /// `HKMetadataKeyIndoorWorkout`: a boolean.
    public static let indoorWorkout = MetadataKey("HKIndoorWorkout")
    /// `HKMetadataKeyGroupFitness`: a boolean.
    public static let groupFitness = MetadataKey("HKGroupFitness")
    /// `HKMetadataKeyCoachedWorkout`: a boolean.
    public static let coachedWorkout = MetadataKey("HKCoachedWorkout")
    /// `HKMetadataKeyWorkoutBrandName`: a string.
    public static let workoutBrandName = MetadataKey("HKWorkoutBrandName")
    /// `HKMetadataKeyWeatherCondition`: an integer.
    public static let weatherCondition = MetadataKey("HKWeatherCondition")
    /// `HKMetadataKeyWeatherTemperature`: a temperature quantity.
    public static let weatherTemperature = MetadataKey("HKWeatherTemperature")
    /// `HKMetadataKeyWeatherHumidity`: a percent quantity.
    public static let weatherHumidity = MetadataKey("HKWeatherHumidity")
    /// `HKMetadataKeyLapLength`: a length quantity.
    public static let lapLength = MetadataKey("HKLapLength")
    /// `HKMetadataKeySwimmingLocationType`: an integer.
    public static let swimmingLocationType = MetadataKey("HKSwimmingLocationType")
    /// `HKMetadataKeySwimmingStrokeStyle`: an integer.
    public static let swimmingStrokeStyle = MetadataKey("HKSwimmingStrokeStyle")
    /// `HKMetadataKeyAverageSpeed`: a speed quantity.
    public static let averageSpeed = MetadataKey("HKAverageSpeed")
    /// `HKMetadataKeyMaximumSpeed`: a speed quantity.
    public static let maximumSpeed = MetadataKey("HKMaximumSpeed")
    /// `HKMetadataKeyAlpineSlopeGrade`: a percent quantity.
    public static let alpineSlopeGrade = MetadataKey("HKAlpineSlopeGrade")
    /// `HKMetadataKeyElevationAscended`: a length quantity.
    public static let elevationAscended = MetadataKey("HKElevationAscended")
    /// `HKMetadataKeyElevationDescended`: a length quantity.
    public static let elevationDescended = MetadataKey("HKElevationDescended")
    /// `HKMetadataKeyFitnessMachineDuration`: a time quantity.
    public static let fitnessMachineDuration = MetadataKey("HKFitnessMachineDuration")
    /// `HKMetadataKeyIndoorBikeDistance`: a length quantity.
    public static let indoorBikeDistance = MetadataKey("HKIndoorBikeDistance")
    /// `HKMetadataKeyCrossTrainerDistance`: a length quantity.
    public static let crossTrainerDistance = MetadataKey("HKCrossTrainerDistance")
    /// `HKMetadataKeyAverageMETs`: a quantity in kcal/(kg·hr).
    public static let averageMETs = MetadataKey("HKAverageMETs")
    /// `HKMetadataKeySWOLFScore`: a number.
    public static let swolfScore = MetadataKey("HKSWOLFScore")
    /// `HKMetadataKeyAppleFitnessPlusSession`: a boolean.
    public static let appleFitnessPlusSession = MetadataKey("HKAppleFitnessPlusSession")
    /// `HKMetadataKeyFoodType`: a string.
    public static let foodType = MetadataKey("HKFoodType")
    /// `HKMetadataKeyHeartRateEventThreshold`: a quantity.
    public static let heartRateEventThreshold = MetadataKey("HKHeartRateEventThreshold")
    /// `HKMetadataKeyAudioExposureLevel`: a quantity.
    public static let audioExposureLevel = MetadataKey("HKAudioExposureLevel")
    /// `HKMetadataKeyAudioExposureDuration`: a time quantity.
    public static let audioExposureDuration = MetadataKey("HKAudioExposureDuration")
    /// `HKMetadataKeyDevicePlacementSide`: an integer.
    public static let devicePlacementSide = MetadataKey("HKDevicePlacementSide")
    /// `HKMetadataKeyBarometricPressure`: a pressure quantity.
    public static let barometricPressure = MetadataKey("HKBarometricPressure")
    /// `HKMetadataKeyAppleDeviceCalibrated`: a boolean (read-only).
    public static let appleDeviceCalibrated = MetadataKey("HKAppleDeviceCalibrated")
    /// `HKMetadataKeyQuantityClampedToLowerBound`: a boolean.
    public static let quantityClampedToLowerBound = MetadataKey("HKQuantityClampedToLowerBound")
    /// `HKMetadataKeyQuantityClampedToUpperBound`: a boolean.
    public static let quantityClampedToUpperBound = MetadataKey("HKQuantityClampedToUpperBound")

    /// The value kinds HealthKit accepts for each reserved key it checks (booleans may also be written as the
    /// numbers 0 and 1, as `NSNumber` does). Keys not in this table accept any kind.
    public static let requiredKinds: [MetadataKey: Set<MetadataValueKind>] = {
        let bool: Set<MetadataValueKind> = [.bool, .number]
        let number: Set<MetadataValueKind> = [.number]
        let string: Set<MetadataValueKind> = [.string]
        let quantity: Set<MetadataValueKind> = [.quantity]
        var table: [MetadataKey: Set<MetadataValueKind>] = [:]
        for key in [
            syncIdentifier, externalUUID, timeZone, deviceName, deviceManufacturerName, deviceSerialNumber,
            udiDeviceIdentifier, udiProductionIdentifier, digitalSignature, workoutBrandName, foodType,
        ] {
            table[key] = string
        }
        for key in [
            wasUserEntered, wasTakenInLab, menstrualCycleStart, sexualActivityProtectionUsed, indoorWorkout,
            groupFitness, coachedWorkout, appleFitnessPlusSession, appleDeviceCalibrated,
            quantityClampedToLowerBound, quantityClampedToUpperBound,
        ] {
            table[key] = bool
        }
        for key in [
            syncVersion, referenceRangeLowerLimit, referenceRangeUpperLimit, bodyTemperatureSensorLocation,
            heartRateSensorLocation, heartRateMotionContext, userMotionContext, insulinDeliveryReason,
            bloodGlucoseMealTime, vo2MaxTestType, weatherCondition, swimmingLocationType,
            swimmingStrokeStyle, swolfScore, devicePlacementSide,
        ] {
            table[key] = number
        }
        for key in [
            vo2MaxValue, lowCardioFitnessEventThreshold, weatherTemperature, weatherHumidity, lapLength,
            averageSpeed, maximumSpeed, alpineSlopeGrade, elevationAscended, elevationDescended,
            fitnessMachineDuration, indoorBikeDistance, crossTrainerDistance, averageMETs,
            heartRateEventThreshold, audioExposureLevel, audioExposureDuration, barometricPressure,
        ] {
            table[key] = quantity
        }
        return table
    }()

    /// Integer keys whose values must lie in a known range.
    public static let allowedIntegerRanges: [MetadataKey: ClosedRange<Int>] = [
        heartRateMotionContext: 0...2,
        heartRateSensorLocation: 0...6,
        bodyTemperatureSensorLocation: 0...11,
        insulinDeliveryReason: 1...2,
        bloodGlucoseMealTime: 1...2,
    ]
}
