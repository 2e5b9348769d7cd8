/// The values of the deprecated ``CategoryTypeIdentifier/audioExposureEvent`` (`HKCategoryValueAudioExposureEvent`, iOS
/// 13-14). Not in the reference table; taken from the SDK header.
///
/// ```swift
/// CategoryValueAudioExposureEvent.loudEnvironment.rawValue  // 1
/// CategoryValueAudioExposureEvent.loudEnvironment.exportName
/// // "HKCategoryValueAudioExposureEventLoudEnvironment"
/// ```
public enum CategoryValueAudioExposureEvent: Int, ExportNamedValue, Codable {
    /// A loud environment. Raw value 1; exported as `HKCategoryValueAudioExposureEventLoudEnvironment`.
    case loudEnvironment = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .loudEnvironment: "HKCategoryValueAudioExposureEventLoudEnvironment"
        }
    }
}
