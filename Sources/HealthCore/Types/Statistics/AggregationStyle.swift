/// How the values of a quantity type combine over time (`HKQuantityAggregationStyle`).
///
/// The style decides which ``StatisticsOptions`` a statistics query may ask for: sums for cumulative types,
/// averages, minimums and maximums for the discrete styles.
///
/// ```swift
/// QuantityTypeIdentifier.stepCount.typeDescription?.aggregationStyle   // .cumulative
/// QuantityTypeIdentifier.heartRate.typeDescription?.aggregationStyle   // .discreteTemporallyWeighted
/// ```
public enum AggregationStyle: Int, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Summable over time, such as steps or energy (raw 0). Statistics: sum, plus duration and most recent.
    case cumulative = 0
    /// Combined by the plain arithmetic mean, such as body mass (raw 1; HealthKit's deprecated `discrete`).
    case discreteArithmetic = 1
    /// Combined by a mean weighted by time, such as heart rate (raw 2).
    case discreteTemporallyWeighted = 2
    /// Sound levels, combined as an equivalent continuous level (IEC 61672-1) (raw 3).
    case discreteEquivalentContinuousLevel = 3

    /// Whether the style is one of the three discrete styles.
    public var isDiscrete: Bool { self != .cumulative }

    /// The case name, for example `"discreteArithmetic"`.
    public var description: String {
        switch self {
        case .cumulative: "cumulative"
        case .discreteArithmetic: "discreteArithmetic"
        case .discreteTemporallyWeighted: "discreteTemporallyWeighted"
        case .discreteEquivalentContinuousLevel: "discreteEquivalentContinuousLevel"
        }
    }
}
