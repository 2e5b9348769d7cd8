extension QuantityTypeCatalog {
    /// The respiratory quantity types (§1.3).
    static let respiratory: [QuantityTypeDescription] = [
        .init(
            .appleSleepingBreathingDisturbances, .discreteArithmetic, "count", since: "18", .respiratory,
            appleComputed: true),
        .init(.forcedExpiratoryVolume1, .discreteArithmetic, "L", since: "8", .respiratory),
        .init(.forcedVitalCapacity, .discreteArithmetic, "L", since: "8", .respiratory),
        .init(.inhalerUsage, .cumulative, "count", since: "8", .respiratory),
        .init(.oxygenSaturation, .discreteArithmetic, "%", since: "8", .respiratory),
        .init(.peakExpiratoryFlowRate, .discreteArithmetic, "L/min", since: "8", .respiratory),
        .init(.respiratoryRate, .discreteArithmetic, "count/s", since: "8", .respiratory),
    ]
}
