/// Whether the user uses a wheelchair (`HKWheelchairUse`), the value of ``CharacteristicTypeIdentifier/wheelchairUse``.
///
/// ```swift
/// WheelchairUse.yes.rawValue  // 2
/// WheelchairUse.yes.exportName
/// // "HKWheelchairUseYes"
/// ```
public enum WheelchairUse: Int, ExportNamedValue, Codable {
    /// Not set. Raw value 0; exported as `HKWheelchairUseNotSet`.
    case notSet = 0
    /// Does not use a wheelchair. Raw value 1; exported as `HKWheelchairUseNo`.
    case no = 1
    /// Uses a wheelchair. Raw value 2; exported as `HKWheelchairUseYes`.
    case yes = 2

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .notSet: "HKWheelchairUseNotSet"
        case .no: "HKWheelchairUseNo"
        case .yes: "HKWheelchairUseYes"
        }
    }
}
