/// The values of ``CategoryTypeIdentifier/headphoneAudioExposureEvent`` (`HKCategoryValueHeadphoneAudioExposureEvent`).
///
/// ```swift
/// CategoryValueHeadphoneAudioExposureEvent.sevenDayLimit.rawValue  // 1
/// CategoryValueHeadphoneAudioExposureEvent.sevenDayLimit.exportName
/// // "HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit"
/// ```
public enum CategoryValueHeadphoneAudioExposureEvent: Int, ExportNamedValue, Codable {
    /// The seven-day headphone dose limit was reached. Raw value 1; exported as
    /// `HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit`.
    case sevenDayLimit = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .sevenDayLimit: "HKCategoryValueHeadphoneAudioExposureEventSevenDayLimit"
        }
    }
}
