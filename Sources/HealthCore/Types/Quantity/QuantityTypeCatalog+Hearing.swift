extension QuantityTypeCatalog {
    /// The hearing quantity types (§1.3).
    static let hearing: [QuantityTypeDescription] = [
        .init(
            .environmentalAudioExposure, .discreteEquivalentContinuousLevel, "dBASPL", since: "13", .hearing,
            negative: true),
        .init(
            .environmentalSoundReduction, .discreteEquivalentContinuousLevel, "dBASPL", since: "16", .hearing,
            negative: true),
        .init(
            .headphoneAudioExposure, .discreteEquivalentContinuousLevel, "dBASPL", since: "13", .hearing, negative: true
        ),
    ]
}
