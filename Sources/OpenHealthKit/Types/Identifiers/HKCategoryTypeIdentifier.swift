import HealthCore

/// The identifier of a category type: HealthKit's `HKCategoryTypeIdentifier`, an open set of identifier strings.
///
/// Every constant maps a name of HealthCore's catalog; unknown identifiers are kept verbatim.
///
/// ```swift
/// HKCategoryTypeIdentifier.sleepAnalysis.rawValue   // "HKCategoryTypeIdentifierSleepAnalysis"
/// ```
public struct HKCategoryTypeIdentifier: RawRepresentable, Hashable, Sendable {
    /// HealthKit's identifier string.
    public let rawValue: String
    /// Wraps an identifier string.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Wraps an identifier string.
    public init(_ rawValue: String) { self.rawValue = rawValue }
    init(_ identifier: CategoryTypeIdentifier) { self.rawValue = identifier.rawValue }
    /// The engine's identifier.
    var engineValue: CategoryTypeIdentifier { CategoryTypeIdentifier(rawValue: rawValue) }

}

extension HKCategoryTypeIdentifier {
    /// `CategoryTypeIdentifier.appleStandHour`.
    public static let appleStandHour = HKCategoryTypeIdentifier(CategoryTypeIdentifier.appleStandHour)
    /// `CategoryTypeIdentifier.environmentalAudioExposureEvent`.
    public static let environmentalAudioExposureEvent = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.environmentalAudioExposureEvent)
    /// `CategoryTypeIdentifier.headphoneAudioExposureEvent`.
    public static let headphoneAudioExposureEvent = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.headphoneAudioExposureEvent)
    /// `CategoryTypeIdentifier.audioExposureEvent`.
    public static let audioExposureEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.audioExposureEvent)
    /// `CategoryTypeIdentifier.highHeartRateEvent`.
    public static let highHeartRateEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.highHeartRateEvent)
    /// `CategoryTypeIdentifier.lowHeartRateEvent`.
    public static let lowHeartRateEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lowHeartRateEvent)
    /// `CategoryTypeIdentifier.irregularHeartRhythmEvent`.
    public static let irregularHeartRhythmEvent = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.irregularHeartRhythmEvent)
    /// `CategoryTypeIdentifier.lowCardioFitnessEvent`.
    public static let lowCardioFitnessEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lowCardioFitnessEvent)
    /// `CategoryTypeIdentifier.hypertensionEvent`.
    public static let hypertensionEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.hypertensionEvent)
    /// `CategoryTypeIdentifier.mindfulSession`.
    public static let mindfulSession = HKCategoryTypeIdentifier(CategoryTypeIdentifier.mindfulSession)
    /// `CategoryTypeIdentifier.appleWalkingSteadinessEvent`.
    public static let appleWalkingSteadinessEvent = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.appleWalkingSteadinessEvent)
    /// `CategoryTypeIdentifier.handwashingEvent`.
    public static let handwashingEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.handwashingEvent)
    /// `CategoryTypeIdentifier.toothbrushingEvent`.
    public static let toothbrushingEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.toothbrushingEvent)
    /// `CategoryTypeIdentifier.sleepApneaEvent`.
    public static let sleepApneaEvent = HKCategoryTypeIdentifier(CategoryTypeIdentifier.sleepApneaEvent)
    /// `CategoryTypeIdentifier.sleepAnalysis`.
    public static let sleepAnalysis = HKCategoryTypeIdentifier(CategoryTypeIdentifier.sleepAnalysis)
    /// `CategoryTypeIdentifier.menstrualFlow`.
    public static let menstrualFlow = HKCategoryTypeIdentifier(CategoryTypeIdentifier.menstrualFlow)
    /// `CategoryTypeIdentifier.bleedingDuringPregnancy`.
    public static let bleedingDuringPregnancy = HKCategoryTypeIdentifier(CategoryTypeIdentifier.bleedingDuringPregnancy)
    /// `CategoryTypeIdentifier.bleedingAfterPregnancy`.
    public static let bleedingAfterPregnancy = HKCategoryTypeIdentifier(CategoryTypeIdentifier.bleedingAfterPregnancy)
    /// `CategoryTypeIdentifier.cervicalMucusQuality`.
    public static let cervicalMucusQuality = HKCategoryTypeIdentifier(CategoryTypeIdentifier.cervicalMucusQuality)
    /// `CategoryTypeIdentifier.ovulationTestResult`.
    public static let ovulationTestResult = HKCategoryTypeIdentifier(CategoryTypeIdentifier.ovulationTestResult)
    /// `CategoryTypeIdentifier.pregnancyTestResult`.
    public static let pregnancyTestResult = HKCategoryTypeIdentifier(CategoryTypeIdentifier.pregnancyTestResult)
    /// `CategoryTypeIdentifier.progesteroneTestResult`.
    public static let progesteroneTestResult = HKCategoryTypeIdentifier(CategoryTypeIdentifier.progesteroneTestResult)
    /// `CategoryTypeIdentifier.contraceptive`.
    public static let contraceptive = HKCategoryTypeIdentifier(CategoryTypeIdentifier.contraceptive)
    /// `CategoryTypeIdentifier.intermenstrualBleeding`.
    public static let intermenstrualBleeding = HKCategoryTypeIdentifier(CategoryTypeIdentifier.intermenstrualBleeding)
    /// `CategoryTypeIdentifier.persistentIntermenstrualBleeding`.
    public static let persistentIntermenstrualBleeding = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.persistentIntermenstrualBleeding)
    /// `CategoryTypeIdentifier.irregularMenstrualCycles`.
    public static let irregularMenstrualCycles = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.irregularMenstrualCycles)
    /// `CategoryTypeIdentifier.infrequentMenstrualCycles`.
    public static let infrequentMenstrualCycles = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.infrequentMenstrualCycles)
    /// `CategoryTypeIdentifier.prolongedMenstrualPeriods`.
    public static let prolongedMenstrualPeriods = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.prolongedMenstrualPeriods)
    /// `CategoryTypeIdentifier.lactation`.
    public static let lactation = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lactation)
    /// `CategoryTypeIdentifier.pregnancy`.
    public static let pregnancy = HKCategoryTypeIdentifier(CategoryTypeIdentifier.pregnancy)
    /// `CategoryTypeIdentifier.sexualActivity`.
    public static let sexualActivity = HKCategoryTypeIdentifier(CategoryTypeIdentifier.sexualActivity)
    /// `CategoryTypeIdentifier.abdominalCramps`.
    public static let abdominalCramps = HKCategoryTypeIdentifier(CategoryTypeIdentifier.abdominalCramps)
    /// `CategoryTypeIdentifier.acne`.
    public static let acne = HKCategoryTypeIdentifier(CategoryTypeIdentifier.acne)
    /// `CategoryTypeIdentifier.bladderIncontinence`.
    public static let bladderIncontinence = HKCategoryTypeIdentifier(CategoryTypeIdentifier.bladderIncontinence)
    /// `CategoryTypeIdentifier.bloating`.
    public static let bloating = HKCategoryTypeIdentifier(CategoryTypeIdentifier.bloating)
    /// `CategoryTypeIdentifier.breastPain`.
    public static let breastPain = HKCategoryTypeIdentifier(CategoryTypeIdentifier.breastPain)
    /// `CategoryTypeIdentifier.chestTightnessOrPain`.
    public static let chestTightnessOrPain = HKCategoryTypeIdentifier(CategoryTypeIdentifier.chestTightnessOrPain)
    /// `CategoryTypeIdentifier.chills`.
    public static let chills = HKCategoryTypeIdentifier(CategoryTypeIdentifier.chills)
    /// `CategoryTypeIdentifier.constipation`.
    public static let constipation = HKCategoryTypeIdentifier(CategoryTypeIdentifier.constipation)
    /// `CategoryTypeIdentifier.coughing`.
    public static let coughing = HKCategoryTypeIdentifier(CategoryTypeIdentifier.coughing)
    /// `CategoryTypeIdentifier.diarrhea`.
    public static let diarrhea = HKCategoryTypeIdentifier(CategoryTypeIdentifier.diarrhea)
    /// `CategoryTypeIdentifier.dizziness`.
    public static let dizziness = HKCategoryTypeIdentifier(CategoryTypeIdentifier.dizziness)
    /// `CategoryTypeIdentifier.drySkin`.
    public static let drySkin = HKCategoryTypeIdentifier(CategoryTypeIdentifier.drySkin)
    /// `CategoryTypeIdentifier.fainting`.
    public static let fainting = HKCategoryTypeIdentifier(CategoryTypeIdentifier.fainting)
    /// `CategoryTypeIdentifier.fatigue`.
    public static let fatigue = HKCategoryTypeIdentifier(CategoryTypeIdentifier.fatigue)
    /// `CategoryTypeIdentifier.fever`.
    public static let fever = HKCategoryTypeIdentifier(CategoryTypeIdentifier.fever)
    /// `CategoryTypeIdentifier.generalizedBodyAche`.
    public static let generalizedBodyAche = HKCategoryTypeIdentifier(CategoryTypeIdentifier.generalizedBodyAche)
    /// `CategoryTypeIdentifier.hairLoss`.
    public static let hairLoss = HKCategoryTypeIdentifier(CategoryTypeIdentifier.hairLoss)
    /// `CategoryTypeIdentifier.headache`.
    public static let headache = HKCategoryTypeIdentifier(CategoryTypeIdentifier.headache)
    /// `CategoryTypeIdentifier.heartburn`.
    public static let heartburn = HKCategoryTypeIdentifier(CategoryTypeIdentifier.heartburn)
    /// `CategoryTypeIdentifier.hotFlashes`.
    public static let hotFlashes = HKCategoryTypeIdentifier(CategoryTypeIdentifier.hotFlashes)
    /// `CategoryTypeIdentifier.lossOfSmell`.
    public static let lossOfSmell = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lossOfSmell)
    /// `CategoryTypeIdentifier.lossOfTaste`.
    public static let lossOfTaste = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lossOfTaste)
    /// `CategoryTypeIdentifier.lowerBackPain`.
    public static let lowerBackPain = HKCategoryTypeIdentifier(CategoryTypeIdentifier.lowerBackPain)
    /// `CategoryTypeIdentifier.memoryLapse`.
    public static let memoryLapse = HKCategoryTypeIdentifier(CategoryTypeIdentifier.memoryLapse)
    /// `CategoryTypeIdentifier.nausea`.
    public static let nausea = HKCategoryTypeIdentifier(CategoryTypeIdentifier.nausea)
    /// `CategoryTypeIdentifier.nightSweats`.
    public static let nightSweats = HKCategoryTypeIdentifier(CategoryTypeIdentifier.nightSweats)
    /// `CategoryTypeIdentifier.pelvicPain`.
    public static let pelvicPain = HKCategoryTypeIdentifier(CategoryTypeIdentifier.pelvicPain)
    /// `CategoryTypeIdentifier.rapidPoundingOrFlutteringHeartbeat`.
    public static let rapidPoundingOrFlutteringHeartbeat = HKCategoryTypeIdentifier(
        CategoryTypeIdentifier.rapidPoundingOrFlutteringHeartbeat)
    /// `CategoryTypeIdentifier.runnyNose`.
    public static let runnyNose = HKCategoryTypeIdentifier(CategoryTypeIdentifier.runnyNose)
    /// `CategoryTypeIdentifier.shortnessOfBreath`.
    public static let shortnessOfBreath = HKCategoryTypeIdentifier(CategoryTypeIdentifier.shortnessOfBreath)
    /// `CategoryTypeIdentifier.sinusCongestion`.
    public static let sinusCongestion = HKCategoryTypeIdentifier(CategoryTypeIdentifier.sinusCongestion)
    /// `CategoryTypeIdentifier.skippedHeartbeat`.
    public static let skippedHeartbeat = HKCategoryTypeIdentifier(CategoryTypeIdentifier.skippedHeartbeat)
    /// `CategoryTypeIdentifier.soreThroat`.
    public static let soreThroat = HKCategoryTypeIdentifier(CategoryTypeIdentifier.soreThroat)
    /// `CategoryTypeIdentifier.vaginalDryness`.
    public static let vaginalDryness = HKCategoryTypeIdentifier(CategoryTypeIdentifier.vaginalDryness)
    /// `CategoryTypeIdentifier.vomiting`.
    public static let vomiting = HKCategoryTypeIdentifier(CategoryTypeIdentifier.vomiting)
    /// `CategoryTypeIdentifier.wheezing`.
    public static let wheezing = HKCategoryTypeIdentifier(CategoryTypeIdentifier.wheezing)
    /// `CategoryTypeIdentifier.appetiteChanges`.
    public static let appetiteChanges = HKCategoryTypeIdentifier(CategoryTypeIdentifier.appetiteChanges)
    /// `CategoryTypeIdentifier.moodChanges`.
    public static let moodChanges = HKCategoryTypeIdentifier(CategoryTypeIdentifier.moodChanges)
    /// `CategoryTypeIdentifier.sleepChanges`.
    public static let sleepChanges = HKCategoryTypeIdentifier(CategoryTypeIdentifier.sleepChanges)
}
