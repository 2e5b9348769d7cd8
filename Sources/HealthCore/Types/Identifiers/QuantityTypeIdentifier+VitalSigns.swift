// The vital signs and other quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Blood glucose: discrete arithmetic, canonical unit `mg/dL`, iOS 8.
    public static let bloodGlucose = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBloodGlucose")
    /// Body temperature: discrete arithmetic, canonical unit `degC`, iOS 8.
    public static let bodyTemperature = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyTemperature")
    /// Basal body temperature: discrete arithmetic, canonical unit `degC`, iOS 9.
    public static let basalBodyTemperature = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBasalBodyTemperature")
    /// Blood alcohol content: discrete arithmetic, canonical unit `%`, iOS 8.
    public static let bloodAlcoholContent = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodAlcoholContent")
    /// Blood pressure systolic: discrete arithmetic, canonical unit `mmHg`, iOS 8.
    public static let bloodPressureSystolic = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodPressureSystolic")
    /// Blood pressure diastolic: discrete arithmetic, canonical unit `mmHg`, iOS 8.
    public static let bloodPressureDiastolic = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierBloodPressureDiastolic")
    /// Insulin delivery: cumulative, canonical unit `IU`, iOS 11.
    public static let insulinDelivery = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInsulinDelivery")
    /// Number of alcoholic beverages: cumulative, canonical unit `count`, iOS 15.
    public static let numberOfAlcoholicBeverages = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierNumberOfAlcoholicBeverages")
    /// Number of times fallen: cumulative, canonical unit `count`, iOS 8.
    public static let numberOfTimesFallen = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierNumberOfTimesFallen")
    /// Time in daylight: cumulative, canonical unit `min`, iOS 17.
    public static let timeInDaylight = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierTimeInDaylight")
    /// UV exposure: discrete arithmetic, canonical unit `count` (the header comment is blank; `count` is used), iOS 9.
    public static let uvExposure = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierUVExposure")
    /// Water temperature: discrete arithmetic, canonical unit `degC`, iOS 16.
    public static let waterTemperature = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWaterTemperature")
}
