extension HKCategoryValueSleepAnalysis {
    /// The values that count as asleep: unspecified, core, deep and REM.
    public static let allAsleepValues: Set<HKCategoryValueSleepAnalysis> = [
        .asleepUnspecified, .asleepCore, .asleepDeep, .asleepREM,
    ]

    /// The pre-iOS 16 name of ``asleepUnspecified``.
    @available(*, deprecated, renamed: "asleepUnspecified")
    public static var asleep: HKCategoryValueSleepAnalysis { .asleepUnspecified }
}

/// HealthKit's `HKCategoryValueSleepAnalysisAsleepValues()`: the asleep values.
public func HKCategoryValueSleepAnalysisAsleepValues() -> Set<HKCategoryValueSleepAnalysis> {
    HKCategoryValueSleepAnalysis.allAsleepValues
}

/// The pre-iOS 18 name of ``HKCategoryValueVaginalBleeding``.
public typealias HKCategoryValueMenstrualFlow = HKCategoryValueVaginalBleeding

extension HKCategoryValueOvulationTestResult {
    /// The pre-iOS 13 name of ``luteinizingHormoneSurge``.
    @available(*, deprecated, renamed: "luteinizingHormoneSurge")
    public static var positive: HKCategoryValueOvulationTestResult { .luteinizingHormoneSurge }
}
