/// The values of ``CategoryTypeIdentifier/appleStandHour`` (`HKCategoryValueAppleStandHour`).
///
/// ```swift
/// CategoryValueAppleStandHour.idle.rawValue  // 1
/// CategoryValueAppleStandHour.idle.exportName
/// // "HKCategoryValueAppleStandHourIdle"
/// ```
public enum CategoryValueAppleStandHour: Int, ExportNamedValue, Codable {
    /// The user stood during the hour. Raw value 0; exported as `HKCategoryValueAppleStandHourStood`.
    case stood = 0
    /// The user did not stand during the hour. Raw value 1; exported as `HKCategoryValueAppleStandHourIdle`.
    case idle = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .stood: "HKCategoryValueAppleStandHourStood"
        case .idle: "HKCategoryValueAppleStandHourIdle"
        }
    }
}
