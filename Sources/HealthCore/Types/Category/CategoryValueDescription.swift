/// One allowed value of a category type: its raw value and the symbolic name the Health app export writes.
///
/// ```swift
/// CategoryValueDescription(rawValue: 3, exportName: "HKCategoryValueSleepAnalysisAsleepCore")
/// ```
public struct CategoryValueDescription: Hashable, Sendable, Codable {
    /// HealthKit's raw value, stored in `HKCategorySample.value`.
    public let rawValue: Int
    /// The symbolic export name, for example `"HKCategoryValueAppleStandHourStood"`.
    public let exportName: String

    /// Describes one value.
    ///
    /// - Parameters:
    ///   - rawValue: HealthKit's raw value.
    ///   - exportName: The symbolic export name.
    public init(rawValue: Int, exportName: String) {
        self.rawValue = rawValue
        self.exportName = exportName
    }
}
