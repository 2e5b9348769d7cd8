import HealthCore
import Testing

@Suite("Category type catalog against reference §1.4 and §8.4")
struct CategoryTypeCatalogTests {
    /// §1.4, transcribed: every category identifier (short name).
    static let referenceIdentifiers: [String] = [
        "AppleStandHour", "EnvironmentalAudioExposureEvent", "HeadphoneAudioExposureEvent", "HighHeartRateEvent",
        "LowHeartRateEvent", "IrregularHeartRhythmEvent", "LowCardioFitnessEvent", "HypertensionEvent",
        "MindfulSession", "AppleWalkingSteadinessEvent", "HandwashingEvent", "ToothbrushingEvent", "MenstrualFlow",
        "BleedingDuringPregnancy", "BleedingAfterPregnancy", "CervicalMucusQuality", "OvulationTestResult",
        "PregnancyTestResult", "ProgesteroneTestResult", "Contraceptive", "IntermenstrualBleeding",
        "PersistentIntermenstrualBleeding", "IrregularMenstrualCycles", "InfrequentMenstrualCycles",
        "ProlongedMenstrualPeriods", "Lactation", "Pregnancy", "SexualActivity", "SleepApneaEvent", "SleepAnalysis",
        "AbdominalCramps", "Acne", "BladderIncontinence", "Bloating", "BreastPain", "ChestTightnessOrPain", "Chills",
        "Constipation", "Coughing", "Diarrhea", "Dizziness", "DrySkin", "Fainting", "Fatigue", "Fever",
        "GeneralizedBodyAche", "HairLoss", "Headache", "Heartburn", "HotFlashes", "LossOfSmell", "LossOfTaste",
        "LowerBackPain", "MemoryLapse", "Nausea", "NightSweats", "PelvicPain", "RapidPoundingOrFlutteringHeartbeat",
        "RunnyNose", "ShortnessOfBreath", "SinusCongestion", "SkippedHeartbeat", "SoreThroat", "VaginalDryness",
        "Vomiting", "Wheezing", "AppetiteChanges", "MoodChanges", "SleepChanges", "AudioExposureEvent",
    ]

    static let notApplicable = [CategoryValueDescription(rawValue: 0, exportName: "HKCategoryValueNotApplicable")]

    @Test("every reference identifier is described, and nothing else")
    func identifiers() throws {
        let reference = Set(Self.referenceIdentifiers.map { "HKCategoryTypeIdentifier" + $0 })
        #expect(reference.count == Self.referenceIdentifiers.count)
        let catalog = CategoryTypeCatalog.all.map(\.identifier.rawValue)
        #expect(Set(catalog) == reference)
        #expect(catalog.count == Set(catalog).count)
        for raw in reference {
            let description = try #require(CategoryTypeIdentifier(raw).typeDescription)
            #expect(!description.values.isEmpty)
        }
    }

    @Test("sleep analysis values, export names and the pre-iOS 16 alias")
    func sleepAnalysis() throws {
        let sleep = try #require(CategoryTypeIdentifier.sleepAnalysis.typeDescription)
        let expected: [(Int, String)] = [
            (0, "HKCategoryValueSleepAnalysisInBed"), (1, "HKCategoryValueSleepAnalysisAsleepUnspecified"),
            (2, "HKCategoryValueSleepAnalysisAwake"), (3, "HKCategoryValueSleepAnalysisAsleepCore"),
            (4, "HKCategoryValueSleepAnalysisAsleepDeep"), (5, "HKCategoryValueSleepAnalysisAsleepREM"),
        ]
        #expect(sleep.values == expected.map { CategoryValueDescription(rawValue: $0.0, exportName: $0.1) })
        for (raw, name) in expected {
            #expect(sleep.exportName(for: raw) == name)
            #expect(sleep.value(forExportName: name) == raw)
        }
        #expect(sleep.value(forExportName: "HKCategoryValueSleepAnalysisAsleep") == 1)
        #expect(sleep.value(forExportName: "HKCategoryValueNotApplicable") == nil)
        #expect(sleep.isValid(value: 5))
        #expect(!sleep.isValid(value: 6))
        #expect(!sleep.isValid(value: -1))
        #expect(sleep.exportName(for: 6) == nil)
        #expect(CategoryValueSleepAnalysis.asleepValues.map(\.rawValue).sorted() == [1, 3, 4, 5])
        #expect(CategoryValueSleepAnalysis(exportName: "HKCategoryValueSleepAnalysisAsleep") == .asleepUnspecified)
        #expect(CategoryValueSleepAnalysis.asleepREM.isAsleep)
        #expect(!CategoryValueSleepAnalysis.inBed.isAsleep)
    }

    @Test("stand hour: stood = 0, idle = 1")
    func standHour() throws {
        let stand = try #require(CategoryTypeIdentifier.appleStandHour.typeDescription)
        #expect(stand.value(forExportName: "HKCategoryValueAppleStandHourStood") == 0)
        #expect(stand.value(forExportName: "HKCategoryValueAppleStandHourIdle") == 1)
        #expect(stand.exportName(for: 0) == "HKCategoryValueAppleStandHourStood")
    }

    @Test("types without a value take only notApplicable")
    func notApplicableTypes() throws {
        let short = [
            "HighHeartRateEvent", "LowHeartRateEvent", "IrregularHeartRhythmEvent", "HypertensionEvent",
            "MindfulSession", "HandwashingEvent", "ToothbrushingEvent", "IntermenstrualBleeding",
            "PersistentIntermenstrualBleeding", "IrregularMenstrualCycles", "InfrequentMenstrualCycles",
            "ProlongedMenstrualPeriods", "Lactation", "Pregnancy", "SexualActivity", "SleepApneaEvent",
        ]
        for name in short {
            let description = try #require(CategoryTypeIdentifier("HKCategoryTypeIdentifier" + name).typeDescription)
            #expect(description.values == Self.notApplicable, "\(name)")
            #expect(description.isNotApplicableOnly)
            #expect(description.value(forExportName: "HKCategoryValueNotApplicable") == 0)
            #expect(!description.isValid(value: 1))
        }
        #expect(CategoryTypeCatalog.all.filter(\.isNotApplicableOnly).count == short.count)
        #expect(CategoryValue.notApplicable.rawValue == 0)
    }

    @Test("value enums carry HealthKit's raw values")
    func rawValues() {
        #expect(CategoryValueAppleStandHour.allCases.map(\.rawValue) == [0, 1])
        #expect(CategoryValueVaginalBleeding.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(CategoryValueVaginalBleeding.heavy.rawValue == 4)
        #expect(CategoryValueCervicalMucusQuality.allCases.map(\.rawValue) == [1, 2, 3, 4, 5])
        #expect(CategoryValueCervicalMucusQuality.eggWhite.rawValue == 5)
        #expect(CategoryValueOvulationTestResult.luteinizingHormoneSurge.rawValue == 2)
        #expect(CategoryValueOvulationTestResult.estrogenSurge.rawValue == 4)
        #expect(CategoryValuePregnancyTestResult.allCases.map(\.rawValue) == [1, 2, 3])
        #expect(CategoryValueProgesteroneTestResult.indeterminate.rawValue == 3)
        #expect(CategoryValueContraceptive.allCases.map(\.rawValue) == [1, 2, 3, 4, 5, 6, 7])
        #expect(CategoryValueContraceptive.patch.rawValue == 7)
        #expect(CategoryValueSeverity.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
        #expect(CategoryValueSeverity.severe.rawValue == 4)
        #expect(CategoryValueAppetiteChanges.increased.rawValue == 3)
        #expect(CategoryValuePresence.present.rawValue == 0)
        #expect(CategoryValuePresence.notPresent.rawValue == 1)
        #expect(CategoryValueAppleWalkingSteadinessEvent.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(CategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.rawValue == 4)
        #expect(CategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.rawValue == 1)
        #expect(CategoryValueHeadphoneAudioExposureEvent.sevenDayLimit.rawValue == 1)
        #expect(CategoryValueLowCardioFitnessEvent.lowFitness.rawValue == 1)
    }

    @Test("value sets by type")
    func valueSets() throws {
        func raws(_ identifier: CategoryTypeIdentifier) throws -> [Int] {
            try #require(identifier.typeDescription).values.map(\.rawValue)
        }
        #expect(try raws(.headache) == [0, 1, 2, 3, 4])
        #expect(try raws(.wheezing) == [0, 1, 2, 3, 4])
        #expect(try raws(.appetiteChanges) == [0, 1, 2, 3])
        #expect(try raws(.moodChanges) == [0, 1])
        #expect(try raws(.sleepChanges) == [0, 1])
        #expect(try raws(.menstrualFlow) == [1, 2, 3, 4, 5])
        #expect(try raws(.bleedingDuringPregnancy) == [1, 2, 3, 4, 5])
        #expect(try raws(.bleedingAfterPregnancy) == [1, 2, 3, 4, 5])
        #expect(try raws(.contraceptive) == [1, 2, 3, 4, 5, 6, 7])
        #expect(try raws(.environmentalAudioExposureEvent) == [1])
        #expect(try raws(.headphoneAudioExposureEvent) == [1])
        #expect(try raws(.lowCardioFitnessEvent) == [1])
        #expect(try raws(.appleWalkingSteadinessEvent) == [1, 2, 3, 4])
        let symptoms = CategoryTypeCatalog.all.filter { $0.group == .symptoms }
        #expect(symptoms.count == 39)
    }

    @Test("export names of other value enums, with aliases")
    func exportNames() throws {
        #expect(CategoryValue.notApplicable.exportName == "HKCategoryValueNotApplicable")
        #expect(CategoryValueSeverity.notPresent.exportName == "HKCategoryValueSeverityNotPresent")
        #expect(CategoryValueCervicalMucusQuality.eggWhite.exportName == "HKCategoryValueCervicalMucusQualityEggWhite")
        #expect(CategoryValueVaginalBleeding.light.exportName == "HKCategoryValueMenstrualFlowLight")
        #expect(CategoryValueVaginalBleeding(exportName: "HKCategoryValueVaginalBleedingHeavy") == .heavy)
        let flow = try #require(CategoryTypeIdentifier.menstrualFlow.typeDescription)
        #expect(flow.value(forExportName: "HKCategoryValueMenstrualFlowMedium") == 3)
        #expect(flow.value(forExportName: "HKCategoryValueVaginalBleedingMedium") == 3)
        #expect(
            CategoryValueOvulationTestResult(exportName: "HKCategoryValueOvulationTestResultPositive")
                == .luteinizingHormoneSurge
        )
        #expect(
            CategoryValueAppleWalkingSteadinessEvent.initialVeryLow.exportName
                == "HKCategoryValueAppleWalkingSteadinessEventInitialVeryLow"
        )
        #expect(CategoryValueSeverity(exportName: "HKCategoryValueSeverityUnknown") == nil)
    }

    @Test("every value round-trips through its export name")
    func roundTrip() {
        for description in CategoryTypeCatalog.all {
            for value in description.values {
                #expect(description.value(forExportName: value.exportName) == value.rawValue)
                #expect(description.exportName(for: value.rawValue) == value.exportName)
                #expect(value.exportName.hasPrefix("HKCategoryValue"))
            }
            #expect(Set(description.values.map(\.exportName)).count == description.values.count)
        }
    }

    @Test("the deprecated audio exposure event is kept and flagged")
    func deprecated() throws {
        let audio = try #require(CategoryTypeIdentifier.audioExposureEvent.typeDescription)
        #expect(audio.isDeprecated)
        #expect(audio.value(forExportName: "HKCategoryValueAudioExposureEventLoudEnvironment") == 1)
        #expect(CategoryTypeCatalog.all.filter(\.isDeprecated).map(\.identifier) == [.audioExposureEvent])
    }

    @Test("an unknown category identifier has no description")
    func unknown() {
        #expect(CategoryTypeIdentifier("HKCategoryTypeIdentifierFromTheFuture").typeDescription == nil)
    }

    @Test("a custom description can be built from a value enum or a value list")
    func customDescription() {
        let fromEnum = CategoryTypeDescription(
            identifier: CategoryTypeIdentifier("HKCategoryTypeIdentifierFromTheFuture"),
            valueType: CategoryValueSleepAnalysis.self,
            group: .sleep
        )
        #expect(fromEnum.values == CategoryTypeIdentifier.sleepAnalysis.typeDescription?.values)
        #expect(fromEnum.exportAliases == ["HKCategoryValueSleepAnalysisAsleep": 1])
        let fromList = CategoryTypeDescription(
            identifier: CategoryTypeIdentifier("HKCategoryTypeIdentifierFromTheFuture"),
            values: [CategoryValueDescription(rawValue: 7, exportName: "HKCategoryValueFromTheFutureSeven")],
            group: .other
        )
        #expect(fromList.isValid(value: 7))
        #expect(fromList.value(forExportName: "HKCategoryValueFromTheFutureSeven") == 7)
        #expect(!fromList.isDeprecated)
        #expect(!fromList.isNotApplicableOnly)
    }
}
