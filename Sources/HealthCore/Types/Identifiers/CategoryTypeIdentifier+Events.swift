// The event, sleep and other category types of the reference (§1.4).

extension CategoryTypeIdentifier {
    /// Whether the user stood during an hour. Apple-computed. Values: ``CategoryValueAppleStandHour``.
    public static let appleStandHour = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppleStandHour")
    /// Environmental sound reached a harmful level (iOS 14). Values: ``CategoryValueEnvironmentalAudioExposureEvent``.
    public static let environmentalAudioExposureEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierEnvironmentalAudioExposureEvent")
    /// Headphone audio reached the weekly dose limit (iOS 14.2). Values: ``CategoryValueHeadphoneAudioExposureEvent``.
    public static let headphoneAudioExposureEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierHeadphoneAudioExposureEvent")
    /// Deprecated (iOS 13-14); replaced by ``environmentalAudioExposureEvent``. Kept because old exports contain it.
    /// Values: ``CategoryValueAudioExposureEvent``.
    public static let audioExposureEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierAudioExposureEvent")
    /// A high heart rate notification. Values: ``CategoryValue``.
    public static let highHeartRateEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierHighHeartRateEvent")
    /// A low heart rate notification. Values: ``CategoryValue``.
    public static let lowHeartRateEvent = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowHeartRateEvent")
    /// An irregular rhythm notification. Values: ``CategoryValue``.
    public static let irregularHeartRhythmEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIrregularHeartRhythmEvent")
    /// A low cardio fitness notification. Values: ``CategoryValueLowCardioFitnessEvent``.
    public static let lowCardioFitnessEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierLowCardioFitnessEvent")
    /// A hypertension notification (iOS 26, newer SDK). Values: ``CategoryValue``.
    public static let hypertensionEvent = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHypertensionEvent")
    /// A mindfulness session. Values: ``CategoryValue``.
    public static let mindfulSession = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMindfulSession")
    /// A walking steadiness notification. Values: ``CategoryValueAppleWalkingSteadinessEvent``.
    public static let appleWalkingSteadinessEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierAppleWalkingSteadinessEvent")
    /// A handwashing event. Values: ``CategoryValue``.
    public static let handwashingEvent = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHandwashingEvent")
    /// A toothbrushing event. Values: ``CategoryValue``.
    public static let toothbrushingEvent = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierToothbrushingEvent")
    /// A breathing disturbances notification (iOS 18). Values: ``CategoryValue``.
    public static let sleepApneaEvent = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepApneaEvent")
    /// Time in bed, asleep (by stage) or awake. Values: ``CategoryValueSleepAnalysis``.
    public static let sleepAnalysis = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepAnalysis")
}
