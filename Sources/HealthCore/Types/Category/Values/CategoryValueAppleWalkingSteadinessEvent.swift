/// The values of ``CategoryTypeIdentifier/appleWalkingSteadinessEvent`` (`HKCategoryValueAppleWalkingSteadinessEvent`).
///
/// ```swift
/// CategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.rawValue  // 4
/// CategoryValueAppleWalkingSteadinessEvent.repeatVeryLow.exportName
/// // "HKCategoryValueAppleWalkingSteadinessEventRepeatVeryLow"
/// ```
public enum CategoryValueAppleWalkingSteadinessEvent: Int, ExportNamedValue, Codable {
    /// First notification of low steadiness. Raw value 1; exported as
    /// `HKCategoryValueAppleWalkingSteadinessEventInitialLow`.
    case initialLow = 1
    /// First notification of very low steadiness. Raw value 2; exported as
    /// `HKCategoryValueAppleWalkingSteadinessEventInitialVeryLow`.
    case initialVeryLow = 2
    /// Repeated notification of low steadiness. Raw value 3; exported as
    /// `HKCategoryValueAppleWalkingSteadinessEventRepeatLow`.
    case repeatLow = 3
    /// Repeated notification of very low steadiness. Raw value 4; exported as
    /// `HKCategoryValueAppleWalkingSteadinessEventRepeatVeryLow`.
    case repeatVeryLow = 4

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .initialLow: "HKCategoryValueAppleWalkingSteadinessEventInitialLow"
        case .initialVeryLow: "HKCategoryValueAppleWalkingSteadinessEventInitialVeryLow"
        case .repeatLow: "HKCategoryValueAppleWalkingSteadinessEventRepeatLow"
        case .repeatVeryLow: "HKCategoryValueAppleWalkingSteadinessEventRepeatVeryLow"
        }
    }
}
