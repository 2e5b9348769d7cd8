extension QuantityTypeCatalog {
    /// The mobility quantity types (§1.3).
    static let mobility: [QuantityTypeDescription] = [
        .init(.appleWalkingSteadiness, .discreteArithmetic, "%", since: "15", .mobility, appleComputed: true),
        .init(.runningGroundContactTime, .discreteArithmetic, "ms", since: "16", .mobility),
        .init(.runningStrideLength, .discreteArithmetic, "m", since: "16", .mobility),
        .init(.runningVerticalOscillation, .discreteArithmetic, "cm", since: "16", .mobility),
        .init(.sixMinuteWalkTestDistance, .discreteArithmetic, "m", since: "14", .mobility),
        .init(.stairAscentSpeed, .discreteArithmetic, "m/s", since: "14", .mobility),
        .init(.stairDescentSpeed, .discreteArithmetic, "m/s", since: "14", .mobility),
        .init(.walkingAsymmetryPercentage, .discreteArithmetic, "%", since: "14", .mobility),
        .init(.walkingDoubleSupportPercentage, .discreteArithmetic, "%", since: "14", .mobility),
        .init(.walkingSpeed, .discreteArithmetic, "m/s", since: "14", .mobility),
        .init(.walkingStepLength, .discreteArithmetic, "m", since: "14", .mobility),
    ]
}
