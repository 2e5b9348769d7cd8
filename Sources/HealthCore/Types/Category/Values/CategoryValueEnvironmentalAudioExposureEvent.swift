/// The values of ``CategoryTypeIdentifier/environmentalAudioExposureEvent``
/// (`HKCategoryValueEnvironmentalAudioExposureEvent`).
///
/// ```swift
/// CategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.rawValue  // 1
/// CategoryValueEnvironmentalAudioExposureEvent.momentaryLimit.exportName
/// // "HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit"
/// ```
public enum CategoryValueEnvironmentalAudioExposureEvent: Int, ExportNamedValue, Codable {
    /// The momentary sound-level limit was exceeded. Raw value 1; exported as
    /// `HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit`.
    case momentaryLimit = 1

    /// The symbolic name the Health app export writes for this value.
    public var exportName: String {
        switch self {
        case .momentaryLimit: "HKCategoryValueEnvironmentalAudioExposureEventMomentaryLimit"
        }
    }
}
