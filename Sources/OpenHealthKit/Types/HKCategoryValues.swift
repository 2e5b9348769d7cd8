// HealthKit's category value enumerations (`HKCategoryValue…`), one per HealthCore value set.

/// HealthKit's `HKCategoryValue` (the raw values of HealthCore's `CategoryValue`).
public enum HKCategoryValue: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case notApplicable = 0
}

/// HealthKit's `HKCategoryValueAppetiteChanges` (the raw values of HealthCore's `CategoryValueAppetiteChanges`).
public enum HKCategoryValueAppetiteChanges: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case unspecified = 0
    /// Raw value 1.
    case noChange = 1
    /// Raw value 2.
    case decreased = 2
    /// Raw value 3.
    case increased = 3
}

/// HealthKit's `HKCategoryValueAppleStandHour` (the raw values of HealthCore's `CategoryValueAppleStandHour`).
public enum HKCategoryValueAppleStandHour: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case stood = 0
    /// Raw value 1.
    case idle = 1
}

/// HealthKit's `HKCategoryValueAppleWalkingSteadinessEvent` (the raw values of HealthCore's `CategoryValueAppleWalkingSteadinessEvent`).
public enum HKCategoryValueAppleWalkingSteadinessEvent: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case initialLow = 1
    /// Raw value 2.
    case initialVeryLow = 2
    /// Raw value 3.
    case repeatLow = 3
    /// Raw value 4.
    case repeatVeryLow = 4
}

/// HealthKit's `HKCategoryValueAudioExposureEvent` (the raw values of HealthCore's `CategoryValueAudioExposureEvent`).
public enum HKCategoryValueAudioExposureEvent: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case loudEnvironment = 1
}

/// HealthKit's `HKCategoryValueCervicalMucusQuality` (the raw values of HealthCore's `CategoryValueCervicalMucusQuality`).
public enum HKCategoryValueCervicalMucusQuality: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case dry = 1
    /// Raw value 2.
    case sticky = 2
    /// Raw value 3.
    case creamy = 3
    /// Raw value 4.
    case watery = 4
    /// Raw value 5.
    case eggWhite = 5
}

/// HealthKit's `HKCategoryValueContraceptive` (the raw values of HealthCore's `CategoryValueContraceptive`).
public enum HKCategoryValueContraceptive: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case unspecified = 1
    /// Raw value 2.
    case implant = 2
    /// Raw value 3.
    case injection = 3
    /// Raw value 4.
    case intrauterineDevice = 4
    /// Raw value 5.
    case intravaginalRing = 5
    /// Raw value 6.
    case oral = 6
    /// Raw value 7.
    case patch = 7
}

/// HealthKit's `HKCategoryValueEnvironmentalAudioExposureEvent` (the raw values of HealthCore's `CategoryValueEnvironmentalAudioExposureEvent`).
public enum HKCategoryValueEnvironmentalAudioExposureEvent: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case momentaryLimit = 1
}

/// HealthKit's `HKCategoryValueHeadphoneAudioExposureEvent` (the raw values of HealthCore's `CategoryValueHeadphoneAudioExposureEvent`).
public enum HKCategoryValueHeadphoneAudioExposureEvent: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case sevenDayLimit = 1
}

/// HealthKit's `HKCategoryValueLowCardioFitnessEvent` (the raw values of HealthCore's `CategoryValueLowCardioFitnessEvent`).
public enum HKCategoryValueLowCardioFitnessEvent: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case lowFitness = 1
}

/// HealthKit's `HKCategoryValueOvulationTestResult` (the raw values of HealthCore's `CategoryValueOvulationTestResult`).
public enum HKCategoryValueOvulationTestResult: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case negative = 1
    /// Raw value 2.
    case luteinizingHormoneSurge = 2
    /// Raw value 3.
    case indeterminate = 3
    /// Raw value 4.
    case estrogenSurge = 4
}

/// HealthKit's `HKCategoryValuePregnancyTestResult` (the raw values of HealthCore's `CategoryValuePregnancyTestResult`).
public enum HKCategoryValuePregnancyTestResult: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case negative = 1
    /// Raw value 2.
    case positive = 2
    /// Raw value 3.
    case indeterminate = 3
}

/// HealthKit's `HKCategoryValuePresence` (the raw values of HealthCore's `CategoryValuePresence`).
public enum HKCategoryValuePresence: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case present = 0
    /// Raw value 1.
    case notPresent = 1
}

/// HealthKit's `HKCategoryValueProgesteroneTestResult` (the raw values of HealthCore's `CategoryValueProgesteroneTestResult`).
public enum HKCategoryValueProgesteroneTestResult: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case negative = 1
    /// Raw value 2.
    case positive = 2
    /// Raw value 3.
    case indeterminate = 3
}

/// HealthKit's `HKCategoryValueSeverity` (the raw values of HealthCore's `CategoryValueSeverity`).
public enum HKCategoryValueSeverity: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case unspecified = 0
    /// Raw value 1.
    case notPresent = 1
    /// Raw value 2.
    case mild = 2
    /// Raw value 3.
    case moderate = 3
    /// Raw value 4.
    case severe = 4
}

/// HealthKit's `HKCategoryValueSleepAnalysis` (the raw values of HealthCore's `CategoryValueSleepAnalysis`).
public enum HKCategoryValueSleepAnalysis: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 0.
    case inBed = 0
    /// Raw value 1.
    case asleepUnspecified = 1
    /// Raw value 2.
    case awake = 2
    /// Raw value 3.
    case asleepCore = 3
    /// Raw value 4.
    case asleepDeep = 4
    /// Raw value 5.
    case asleepREM = 5
}

/// HealthKit's `HKCategoryValueVaginalBleeding` (the raw values of HealthCore's `CategoryValueVaginalBleeding`).
public enum HKCategoryValueVaginalBleeding: Int, Sendable, Hashable, CaseIterable {
    /// Raw value 1.
    case unspecified = 1
    /// Raw value 2.
    case light = 2
    /// Raw value 3.
    case medium = 3
    /// Raw value 4.
    case heavy = 4
    /// Raw value 5.
    case none = 5
}
