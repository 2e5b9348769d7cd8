/// The values of ``CategoryTypeIdentifier/menstrualFlow``, ``CategoryTypeIdentifier/bleedingDuringPregnancy`` and
/// ``CategoryTypeIdentifier/bleedingAfterPregnancy`` (`HKCategoryValueVaginalBleeding`, formerly
/// `HKCategoryValueMenstrualFlow`).
///
/// The export name is the `HKCategoryValueMenstrualFlow…` spelling that Health exports are observed to write; the iOS
/// 18 `HKCategoryValueVaginalBleeding…` spelling is accepted as an alias.
///
/// ```swift
/// CategoryValueVaginalBleeding.none.rawValue  // 5
/// CategoryValueVaginalBleeding.none.exportName
/// // "HKCategoryValueMenstrualFlowNone"
/// ```
public enum CategoryValueVaginalBleeding: Int, ExportNamedValue, Codable {
    /// Bleeding of unspecified flow. Raw value 1; exported as `HKCategoryValueMenstrualFlowUnspecified`.
    case unspecified = 1
    /// Light flow. Raw value 2; exported as `HKCategoryValueMenstrualFlowLight`.
    case light = 2
    /// Medium flow. Raw value 3; exported as `HKCategoryValueMenstrualFlowMedium`.
    case medium = 3
    /// Heavy flow. Raw value 4; exported as `HKCategoryValueMenstrualFlowHeavy`.
    case heavy = 4
    /// No flow. Raw value 5; exported as `HKCategoryValueMenstrualFlowNone`.
    case none = 5

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .unspecified: "HKCategoryValueMenstrualFlowUnspecified"
        case .light: "HKCategoryValueMenstrualFlowLight"
        case .medium: "HKCategoryValueMenstrualFlowMedium"
        case .heavy: "HKCategoryValueMenstrualFlowHeavy"
        case .none: "HKCategoryValueMenstrualFlowNone"
        }
    }

    /// Older or alternative export spellings.
    public static let exportAliases: [String: CategoryValueVaginalBleeding] = [
        "HKCategoryValueVaginalBleedingUnspecified": .unspecified,
        "HKCategoryValueVaginalBleedingLight": .light,
        "HKCategoryValueVaginalBleedingMedium": .medium,
        "HKCategoryValueVaginalBleedingHeavy": .heavy,
        "HKCategoryValueVaginalBleedingNone": .none,
    ]
}
