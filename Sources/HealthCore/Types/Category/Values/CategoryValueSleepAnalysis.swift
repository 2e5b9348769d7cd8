/// The values of ``CategoryTypeIdentifier/sleepAnalysis`` (`HKCategoryValueSleepAnalysis`).
///
/// ```swift
/// CategoryValueSleepAnalysis.asleepREM.rawValue  // 5
/// CategoryValueSleepAnalysis.asleepREM.exportName
/// // "HKCategoryValueSleepAnalysisAsleepREM"
/// ```
public enum CategoryValueSleepAnalysis: Int, ExportNamedValue, Codable {
    /// In bed, not necessarily asleep. Raw value 0; exported as `HKCategoryValueSleepAnalysisInBed`.
    case inBed = 0
    /// Asleep, stage unknown (called `asleep` before iOS 16). Raw value 1; exported as
    /// `HKCategoryValueSleepAnalysisAsleepUnspecified`.
    case asleepUnspecified = 1
    /// Awake during the sleep period. Raw value 2; exported as `HKCategoryValueSleepAnalysisAwake`.
    case awake = 2
    /// Core (light) sleep (iOS 16). Raw value 3; exported as `HKCategoryValueSleepAnalysisAsleepCore`.
    case asleepCore = 3
    /// Deep sleep (iOS 16). Raw value 4; exported as `HKCategoryValueSleepAnalysisAsleepDeep`.
    case asleepDeep = 4
    /// REM sleep (iOS 16). Raw value 5; exported as `HKCategoryValueSleepAnalysisAsleepREM`.
    case asleepREM = 5

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .inBed: "HKCategoryValueSleepAnalysisInBed"
        case .asleepUnspecified: "HKCategoryValueSleepAnalysisAsleepUnspecified"
        case .awake: "HKCategoryValueSleepAnalysisAwake"
        case .asleepCore: "HKCategoryValueSleepAnalysisAsleepCore"
        case .asleepDeep: "HKCategoryValueSleepAnalysisAsleepDeep"
        case .asleepREM: "HKCategoryValueSleepAnalysisAsleepREM"
        }
    }

    /// Older or alternative export spellings.
    public static let exportAliases: [String: CategoryValueSleepAnalysis] = [
        "HKCategoryValueSleepAnalysisAsleep": .asleepUnspecified
    ]

    /// The values that count as asleep: unspecified, core, deep and REM
    /// (`HKCategoryValueSleepAnalysisAsleepValues()`).
    public static let asleepValues: Set<CategoryValueSleepAnalysis> = [
        .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM,
    ]

    /// Whether the value is one of the ``asleepValues``.
    public var isAsleep: Bool { Self.asleepValues.contains(self) }
}
