extension QuantityTypeCatalog {
    /// The body measurement quantity types (§1.3).
    static let body: [QuantityTypeDescription] = [
        .init(
            .appleSleepingWristTemperature, .discreteArithmetic, "degC", since: "16", .body, negative: true,
            appleComputed: true),
        .init(.bodyFatPercentage, .discreteArithmetic, "%", since: "8", .body),
        .init(.bodyMass, .discreteArithmetic, "kg", since: "8", .body),
        .init(.bodyMassIndex, .discreteArithmetic, "count", since: "8", .body),
        .init(.electrodermalActivity, .discreteArithmetic, "S", since: "8", .body),
        .init(.height, .discreteArithmetic, "m", since: "8", .body),
        .init(.leanBodyMass, .discreteArithmetic, "kg", since: "8", .body),
        .init(.waistCircumference, .discreteArithmetic, "m", since: "11", .body),
    ]
}
