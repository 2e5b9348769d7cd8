extension CategoryTypeCatalog {
    /// The reproductive health category types (§1.4).
    static let reproductive: [CategoryTypeDescription] = [
        .init(.menstrualFlow, CategoryValueVaginalBleeding.self, .reproductive),
        .init(.bleedingDuringPregnancy, CategoryValueVaginalBleeding.self, .reproductive),
        .init(.bleedingAfterPregnancy, CategoryValueVaginalBleeding.self, .reproductive),
        .init(.cervicalMucusQuality, CategoryValueCervicalMucusQuality.self, .reproductive),
        .init(.ovulationTestResult, CategoryValueOvulationTestResult.self, .reproductive),
        .init(.pregnancyTestResult, CategoryValuePregnancyTestResult.self, .reproductive),
        .init(.progesteroneTestResult, CategoryValueProgesteroneTestResult.self, .reproductive),
        .init(.contraceptive, CategoryValueContraceptive.self, .reproductive),
        .init(.intermenstrualBleeding, CategoryValue.self, .reproductive),
        .init(.persistentIntermenstrualBleeding, CategoryValue.self, .reproductive),
        .init(.irregularMenstrualCycles, CategoryValue.self, .reproductive),
        .init(.infrequentMenstrualCycles, CategoryValue.self, .reproductive),
        .init(.prolongedMenstrualPeriods, CategoryValue.self, .reproductive),
        .init(.lactation, CategoryValue.self, .reproductive),
        .init(.pregnancy, CategoryValue.self, .reproductive),
        .init(.sexualActivity, CategoryValue.self, .reproductive),
    ]
}
