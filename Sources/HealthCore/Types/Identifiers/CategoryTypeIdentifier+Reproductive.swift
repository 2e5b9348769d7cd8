// The reproductive health category types of the reference (§1.4).

extension CategoryTypeIdentifier {
    /// Menstrual flow. Values: ``CategoryValueVaginalBleeding``.
    public static let menstrualFlow = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierMenstrualFlow")
    /// Bleeding during pregnancy. Values: ``CategoryValueVaginalBleeding``.
    public static let bleedingDuringPregnancy = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBleedingDuringPregnancy")
    /// Bleeding after pregnancy. Values: ``CategoryValueVaginalBleeding``.
    public static let bleedingAfterPregnancy = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierBleedingAfterPregnancy")
    /// Cervical mucus quality. Values: ``CategoryValueCervicalMucusQuality``.
    public static let cervicalMucusQuality = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierCervicalMucusQuality")
    /// An ovulation test result. Values: ``CategoryValueOvulationTestResult``.
    public static let ovulationTestResult = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierOvulationTestResult")
    /// A pregnancy test result. Values: ``CategoryValuePregnancyTestResult``.
    public static let pregnancyTestResult = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierPregnancyTestResult")
    /// A progesterone test result. Values: ``CategoryValueProgesteroneTestResult``.
    public static let progesteroneTestResult = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierProgesteroneTestResult")
    /// Contraceptive use. Values: ``CategoryValueContraceptive``.
    public static let contraceptive = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierContraceptive")
    /// Intermenstrual bleeding. Values: ``CategoryValue``.
    public static let intermenstrualBleeding = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIntermenstrualBleeding")
    /// Persistent intermenstrual bleeding. Values: ``CategoryValue``.
    public static let persistentIntermenstrualBleeding = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierPersistentIntermenstrualBleeding")
    /// Irregular menstrual cycles. Values: ``CategoryValue``.
    public static let irregularMenstrualCycles = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierIrregularMenstrualCycles")
    /// Infrequent menstrual cycles. Values: ``CategoryValue``.
    public static let infrequentMenstrualCycles = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierInfrequentMenstrualCycles")
    /// Prolonged menstrual periods. Values: ``CategoryValue``.
    public static let prolongedMenstrualPeriods = CategoryTypeIdentifier(
        rawValue: "HKCategoryTypeIdentifierProlongedMenstrualPeriods")
    /// Lactation. Values: ``CategoryValue``.
    public static let lactation = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierLactation")
    /// Pregnancy. Values: ``CategoryValue``.
    public static let pregnancy = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierPregnancy")
    /// Sexual activity. Values: ``CategoryValue``.
    public static let sexualActivity = CategoryTypeIdentifier(rawValue: "HKCategoryTypeIdentifierSexualActivity")
}
