// The symptom category types of the reference (§1.4).

extension CategoryTypeIdentifier {
    /// The symptom "abdominal cramps". Values: ``CategoryValueSeverity``.
    public static let abdominalCramps = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAbdominalCramps")
    /// The symptom "acne". Values: ``CategoryValueSeverity``.
    public static let acne = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAcne")
    /// The symptom "bladder incontinence". Values: ``CategoryValueSeverity``.
    public static let bladderIncontinence = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBladderIncontinence")
    /// The symptom "bloating". Values: ``CategoryValueSeverity``.
    public static let bloating = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBloating")
    /// The symptom "breast pain". Values: ``CategoryValueSeverity``.
    public static let breastPain = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierBreastPain")
    /// The symptom "chest tightness or pain". Values: ``CategoryValueSeverity``.
    public static let chestTightnessOrPain = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierChestTightnessOrPain")
    /// The symptom "chills". Values: ``CategoryValueSeverity``.
    public static let chills = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierChills")
    /// The symptom "constipation". Values: ``CategoryValueSeverity``.
    public static let constipation = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierConstipation")
    /// The symptom "coughing". Values: ``CategoryValueSeverity``.
    public static let coughing = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierCoughing")
    /// The symptom "diarrhea". Values: ``CategoryValueSeverity``.
    public static let diarrhea = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDiarrhea")
    /// The symptom "dizziness". Values: ``CategoryValueSeverity``.
    public static let dizziness = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDizziness")
    /// The symptom "dry skin". Values: ``CategoryValueSeverity``.
    public static let drySkin = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierDrySkin")
    /// The symptom "fainting". Values: ``CategoryValueSeverity``.
    public static let fainting = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFainting")
    /// The symptom "fatigue". Values: ``CategoryValueSeverity``.
    public static let fatigue = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFatigue")
    /// The symptom "fever". Values: ``CategoryValueSeverity``.
    public static let fever = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierFever")
    /// The symptom "generalized body ache". Values: ``CategoryValueSeverity``.
    public static let generalizedBodyAche = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierGeneralizedBodyAche")
    /// The symptom "hair loss". Values: ``CategoryValueSeverity``.
    public static let hairLoss = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHairLoss")
    /// The symptom "headache". Values: ``CategoryValueSeverity``.
    public static let headache = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeadache")
    /// The symptom "heartburn". Values: ``CategoryValueSeverity``.
    public static let heartburn = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHeartburn")
    /// The symptom "hot flashes". Values: ``CategoryValueSeverity``.
    public static let hotFlashes = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierHotFlashes")
    /// The symptom "loss of smell". Values: ``CategoryValueSeverity``.
    public static let lossOfSmell = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfSmell")
    /// The symptom "loss of taste". Values: ``CategoryValueSeverity``.
    public static let lossOfTaste = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLossOfTaste")
    /// The symptom "lower back pain". Values: ``CategoryValueSeverity``.
    public static let lowerBackPain = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLowerBackPain")
    /// The symptom "memory lapse". Values: ``CategoryValueSeverity``.
    public static let memoryLapse = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMemoryLapse")
    /// The symptom "nausea". Values: ``CategoryValueSeverity``.
    public static let nausea = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNausea")
    /// The symptom "night sweats". Values: ``CategoryValueSeverity``.
    public static let nightSweats = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierNightSweats")
    /// The symptom "pelvic pain". Values: ``CategoryValueSeverity``.
    public static let pelvicPain = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPelvicPain")
    /// The symptom "rapid pounding or fluttering heartbeat". Values: ``CategoryValueSeverity``.
    public static let rapidPoundingOrFlutteringHeartbeat = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierRapidPoundingOrFlutteringHeartbeat")
    /// The symptom "runny nose". Values: ``CategoryValueSeverity``.
    public static let runnyNose = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierRunnyNose")
    /// The symptom "shortness of breath". Values: ``CategoryValueSeverity``.
    public static let shortnessOfBreath = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierShortnessOfBreath")
    /// The symptom "sinus congestion". Values: ``CategoryValueSeverity``.
    public static let sinusCongestion = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSinusCongestion")
    /// The symptom "skipped heartbeat". Values: ``CategoryValueSeverity``.
    public static let skippedHeartbeat = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSkippedHeartbeat")
    /// The symptom "sore throat". Values: ``CategoryValueSeverity``.
    public static let soreThroat = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSoreThroat")
    /// The symptom "vaginal dryness". Values: ``CategoryValueSeverity``.
    public static let vaginalDryness = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVaginalDryness")
    /// The symptom "vomiting". Values: ``CategoryValueSeverity``.
    public static let vomiting = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierVomiting")
    /// The symptom "wheezing". Values: ``CategoryValueSeverity``.
    public static let wheezing = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierWheezing")
    /// The symptom "appetite changes". Values: ``CategoryValueAppetiteChanges``.
    public static let appetiteChanges = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierAppetiteChanges")
    /// The symptom "mood changes". Values: ``CategoryValuePresence``.
    public static let moodChanges = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMoodChanges")
    /// The symptom "sleep changes". Values: ``CategoryValuePresence``.
    public static let sleepChanges = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSleepChanges")
}
