// The body measurement quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Apple sleeping wrist temperature: discrete arithmetic, canonical unit `degC`, iOS 16. Apple-computed: apps may
    /// read but not write it.
    public static let appleSleepingWristTemperature = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleSleepingWristTemperature")
    /// Body fat percentage: discrete arithmetic, canonical unit `%`, iOS 8.
    public static let bodyFatPercentage = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyFatPercentage")
    /// Body mass: discrete arithmetic, canonical unit `kg`, iOS 8.
    public static let bodyMass = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMass")
    /// Body mass index: discrete arithmetic, canonical unit `count`, iOS 8.
    public static let bodyMassIndex = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierBodyMassIndex")
    /// Electrodermal activity: discrete arithmetic, canonical unit `S`, iOS 8.
    public static let electrodermalActivity = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierElectrodermalActivity")
    /// Height: discrete arithmetic, canonical unit `m`, iOS 8.
    public static let height = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeight")
    /// Lean body mass: discrete arithmetic, canonical unit `kg`, iOS 8.
    public static let leanBodyMass = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierLeanBodyMass")
    /// Waist circumference: discrete arithmetic, canonical unit `m`, iOS 11.
    public static let waistCircumference = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWaistCircumference")
}
