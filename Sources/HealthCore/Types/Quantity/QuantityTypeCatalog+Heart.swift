extension QuantityTypeCatalog {
    /// The heart quantity types (§1.3).
    static let heart: [QuantityTypeDescription] = [
        .init(.atrialFibrillationBurden, .discreteTemporallyWeighted, "%", since: "16", .heart, appleComputed: true),
        .init(.heartRate, .discreteTemporallyWeighted, "count/s", since: "8", .heart),
        .init(.heartRateRecoveryOneMinute, .discreteArithmetic, "count/min", since: "16", .heart),
        .init(.heartRateVariabilitySDNN, .discreteArithmetic, "ms", since: "11", .heart),
        .init(.peripheralPerfusionIndex, .discreteArithmetic, "%", since: "8", .heart),
        .init(.restingHeartRate, .discreteArithmetic, "count/min", since: "11", .heart),
        .init(.vo2Max, .discreteArithmetic, "ml/(kg*min)", since: "11", .heart),
        .init(.walkingHeartRateAverage, .discreteArithmetic, "count/min", since: "11", .heart, appleComputed: true),
    ]
}
