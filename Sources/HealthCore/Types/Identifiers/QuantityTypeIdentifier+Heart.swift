// The heart quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Atrial fibrillation burden: discrete temporally weighted, canonical unit `%`, iOS 16. Apple-computed: apps may
    /// read but not write it.
    public static let atrialFibrillationBurden = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAtrialFibrillationBurden")
    /// Heart rate: discrete temporally weighted, canonical unit `count/s`, iOS 8.
    public static let heartRate = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierHeartRate")
    /// Heart rate recovery one minute: discrete arithmetic, canonical unit `count/min`, iOS 16.
    public static let heartRateRecoveryOneMinute = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeartRateRecoveryOneMinute")
    /// Heart rate variability SDNN: discrete arithmetic, canonical unit `ms`, iOS 11.
    public static let heartRateVariabilitySDNN = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierHeartRateVariabilitySDNN")
    /// Peripheral perfusion index: discrete arithmetic, canonical unit `%`, iOS 8.
    public static let peripheralPerfusionIndex = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierPeripheralPerfusionIndex")
    /// Resting heart rate: discrete arithmetic, canonical unit `count/min`, iOS 11.
    public static let restingHeartRate = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierRestingHeartRate")
    /// VO2 max: discrete arithmetic, canonical unit `ml/(kg*min)`, iOS 11.
    public static let vo2Max = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierVO2Max")
    /// Walking heart rate average: discrete arithmetic, canonical unit `count/min`, iOS 11. Apple-computed: apps may
    /// read but not write it.
    public static let walkingHeartRateAverage = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingHeartRateAverage")
}
