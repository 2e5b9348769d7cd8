// The respiratory quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Apple sleeping breathing disturbances: discrete arithmetic, canonical unit `count`, iOS 18. Apple-computed: apps
    /// may read but not write it.
    public static let appleSleepingBreathingDisturbances = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleSleepingBreathingDisturbances")
    /// Forced expiratory volume 1: discrete arithmetic, canonical unit `L`, iOS 8.
    public static let forcedExpiratoryVolume1 = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierForcedExpiratoryVolume1")
    /// Forced vital capacity: discrete arithmetic, canonical unit `L`, iOS 8.
    public static let forcedVitalCapacity = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierForcedVitalCapacity")
    /// Inhaler usage: cumulative, canonical unit `count`, iOS 8.
    public static let inhalerUsage = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierInhalerUsage")
    /// Oxygen saturation: discrete arithmetic, canonical unit `%`, iOS 8.
    public static let oxygenSaturation = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierOxygenSaturation")
    /// Peak expiratory flow rate: discrete arithmetic, canonical unit `L/min`, iOS 8.
    public static let peakExpiratoryFlowRate = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierPeakExpiratoryFlowRate")
    /// Respiratory rate: discrete arithmetic, canonical unit `count/s`, iOS 8.
    public static let respiratoryRate = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRespiratoryRate")
}
