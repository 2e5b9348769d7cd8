extension CategoryTypeCatalog {
    /// The event, sleep and other category types (§1.4).
    static let events: [CategoryTypeDescription] = [
        .init(.appleStandHour, CategoryValueAppleStandHour.self, .fitness),
        .init(.environmentalAudioExposureEvent, CategoryValueEnvironmentalAudioExposureEvent.self, .hearing),
        .init(.headphoneAudioExposureEvent, CategoryValueHeadphoneAudioExposureEvent.self, .hearing),
        .init(.audioExposureEvent, CategoryValueAudioExposureEvent.self, .hearing, isDeprecated: true),
        .init(.highHeartRateEvent, CategoryValue.self, .heart),
        .init(.lowHeartRateEvent, CategoryValue.self, .heart),
        .init(.irregularHeartRhythmEvent, CategoryValue.self, .heart),
        .init(.lowCardioFitnessEvent, CategoryValueLowCardioFitnessEvent.self, .heart),
        .init(.hypertensionEvent, CategoryValue.self, .heart),
        .init(.mindfulSession, CategoryValue.self, .mindfulness),
        .init(.appleWalkingSteadinessEvent, CategoryValueAppleWalkingSteadinessEvent.self, .mobility),
        .init(.handwashingEvent, CategoryValue.self, .other),
        .init(.toothbrushingEvent, CategoryValue.self, .other),
        .init(.sleepApneaEvent, CategoryValue.self, .respiratory),
        .init(.sleepAnalysis, CategoryValueSleepAnalysis.self, .sleep),
    ]
}
