// The hearing quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Environmental audio exposure: discrete equivalent continuous level, canonical unit `dBASPL`, iOS 13.
    public static let environmentalAudioExposure = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEnvironmentalAudioExposure")
    /// Environmental sound reduction: discrete equivalent continuous level, canonical unit `dBASPL`, iOS 16.
    public static let environmentalSoundReduction = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierEnvironmentalSoundReduction")
    /// Headphone audio exposure: discrete equivalent continuous level, canonical unit `dBASPL`, iOS 13.
    public static let headphoneAudioExposure = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeadphoneAudioExposure")
}
