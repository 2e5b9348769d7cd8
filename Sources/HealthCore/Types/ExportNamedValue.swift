/// A closed HealthKit value enumeration with Int raw values and symbolic export names.
///
/// Category values (`HKCategoryValueSleepAnalysisAsleepCore`) and characteristic values (`HKBiologicalSexFemale`)
/// are written by the Health app export as the name of the SDK constant. Conforming enums map between the
/// raw value, the Swift case and that spelling, and accept older spellings as ``exportAliases``.
///
/// ```swift
/// CategoryValueSleepAnalysis.asleepCore.exportName                       // "HKCategoryValueSleepAnalysisAsleepCore"
/// CategoryValueSleepAnalysis(exportName: "HKCategoryValueSleepAnalysisAsleep")   // .asleepUnspecified
/// ```
public protocol ExportNamedValue: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == Int {
    /// The symbolic name the Health app export writes for this value.
    var exportName: String { get }
    /// Older or alternative export spellings, mapped to the value they stand for.
    static var exportAliases: [String: Self] { get }
}

extension ExportNamedValue {
    /// No aliases by default.
    public static var exportAliases: [String: Self] { [:] }

    /// Finds the value with this export name or export alias.
    ///
    /// - Parameter exportName: A symbolic name such as `"HKCategoryValueAppleStandHourStood"`.
    /// - Complexity: O(*n*) in the number of cases.
    public init?(exportName: String) {
        if let match = Self.allCases.first(where: { $0.exportName == exportName }) {
            self = match
        } else if let alias = Self.exportAliases[exportName] {
            self = alias
        } else {
            return nil
        }
    }
}
