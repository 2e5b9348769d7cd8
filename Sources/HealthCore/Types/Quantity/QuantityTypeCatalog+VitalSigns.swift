extension QuantityTypeCatalog {
    /// The vital signs and other quantity types (§1.3).
    static let vitalSigns: [QuantityTypeDescription] = [
        .init(.bloodGlucose, .discreteArithmetic, "mg/dL", since: "8", .vitalSigns),
        .init(.bodyTemperature, .discreteArithmetic, "degC", since: "8", .vitalSigns, negative: true),
        .init(.basalBodyTemperature, .discreteArithmetic, "degC", since: "9", .vitalSigns, negative: true),
        .init(.bloodAlcoholContent, .discreteArithmetic, "%", since: "8", .vitalSigns),
        .init(.bloodPressureSystolic, .discreteArithmetic, "mmHg", since: "8", .vitalSigns),
        .init(.bloodPressureDiastolic, .discreteArithmetic, "mmHg", since: "8", .vitalSigns),
        .init(.insulinDelivery, .cumulative, "IU", since: "11", .vitalSigns),
        .init(.numberOfAlcoholicBeverages, .cumulative, "count", since: "15", .vitalSigns),
        .init(.numberOfTimesFallen, .cumulative, "count", since: "8", .vitalSigns),
        .init(.timeInDaylight, .cumulative, "min", since: "17", .vitalSigns),
        .init(.uvExposure, .discreteArithmetic, "count", since: "9", .vitalSigns),
        .init(.waterTemperature, .discreteArithmetic, "degC", since: "16", .vitalSigns, negative: true),
    ]
}
