// The mobility quantity types of the reference (§1.3).

extension QuantityTypeIdentifier {
    /// Apple walking steadiness: discrete arithmetic, canonical unit `%`, iOS 15. Apple-computed: apps may read but not
    /// write it.
    public static let appleWalkingSteadiness = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierAppleWalkingSteadiness")
    /// Running ground contact time: discrete arithmetic, canonical unit `ms`, iOS 16.
    public static let runningGroundContactTime = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningGroundContactTime")
    /// Running stride length: discrete arithmetic, canonical unit `m`, iOS 16.
    public static let runningStrideLength = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningStrideLength")
    /// Running vertical oscillation: discrete arithmetic, canonical unit `cm`, iOS 16.
    public static let runningVerticalOscillation = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierRunningVerticalOscillation")
    /// Six minute walk test distance: discrete arithmetic, canonical unit `m`, iOS 14.
    public static let sixMinuteWalkTestDistance = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierSixMinuteWalkTestDistance")
    /// Stair ascent speed: discrete arithmetic, canonical unit `m/s`, iOS 14.
    public static let stairAscentSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairAscentSpeed")
    /// Stair descent speed: discrete arithmetic, canonical unit `m/s`, iOS 14.
    public static let stairDescentSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierStairDescentSpeed")
    /// Walking asymmetry percentage: discrete arithmetic, canonical unit `%`, iOS 14.
    public static let walkingAsymmetryPercentage = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingAsymmetryPercentage")
    /// Walking double support percentage: discrete arithmetic, canonical unit `%`, iOS 14.
    public static let walkingDoubleSupportPercentage = QuantityTypeIdentifier(
        rawValue: "HKQuantityTypeIdentifierWalkingDoubleSupportPercentage")
    /// Walking speed: discrete arithmetic, canonical unit `m/s`, iOS 14.
    public static let walkingSpeed = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingSpeed")
    /// Walking step length: discrete arithmetic, canonical unit `m`, iOS 14.
    public static let walkingStepLength = QuantityTypeIdentifier(rawValue: "HKQuantityTypeIdentifierWalkingStepLength")
}
