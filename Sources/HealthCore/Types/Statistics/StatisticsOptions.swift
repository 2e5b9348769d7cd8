/// The statistics a statistics query computes (`HKStatisticsOptions`), with HealthKit's raw values.
///
/// Which options are valid depends on the type's ``AggregationStyle``; see ``allowed(for:)``. Asking a
/// cumulative type for an average (or a discrete type for a sum) is a programmer error in HealthKit.
///
/// ```swift
/// let options: StatisticsOptions = [.cumulativeSum, .separateBySource]
/// options.rawValue                                    // 17
/// options.isAllowed(for: .cumulative)                 // true
/// StatisticsOptions.discreteAverage.isAllowed(for: .cumulative)   // false
/// ```
public struct StatisticsOptions: OptionSet, Hashable, Sendable, Codable {
    /// The bit mask, with HealthKit's values.
    public let rawValue: UInt

    /// Creates options from a bit mask. Unknown bits are kept.
    ///
    /// - Parameter rawValue: The bit mask.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Also compute every statistic per source (raw 1). Valid for every style.
    public static let separateBySource = StatisticsOptions(rawValue: 1)
    /// The average (raw 2). Discrete styles only.
    public static let discreteAverage = StatisticsOptions(rawValue: 2)
    /// The minimum (raw 4). Discrete styles only.
    public static let discreteMin = StatisticsOptions(rawValue: 4)
    /// The maximum (raw 8). Discrete styles only.
    public static let discreteMax = StatisticsOptions(rawValue: 8)
    /// The sum (raw 16). Cumulative style only.
    public static let cumulativeSum = StatisticsOptions(rawValue: 16)
    /// The most recent quantity and its date interval (raw 32; `discreteMostRecent` in iOS 12).
    public static let mostRecent = StatisticsOptions(rawValue: 32)
    /// The total time covered by the samples (raw 64).
    public static let duration = StatisticsOptions(rawValue: 64)

    /// Every option HealthKit defines.
    public static let all: StatisticsOptions = [
        .separateBySource, .discreteAverage, .discreteMin, .discreteMax, .cumulativeSum, .mostRecent, .duration,
    ]

    /// The options a query may request for a type of the given aggregation style.
    ///
    /// Cumulative types allow `cumulativeSum`, `duration`, `mostRecent` and `separateBySource`; the discrete
    /// styles allow `discreteAverage`, `discreteMin`, `discreteMax`, `mostRecent`, `duration` and
    /// `separateBySource`. (`mostRecent` for cumulative types is marked uncertain in the reference; it is
    /// allowed here.)
    ///
    /// - Parameter style: The aggregation style of the quantity type.
    /// - Returns: The allowed options.
    public static func allowed(for style: AggregationStyle) -> StatisticsOptions {
        switch style {
        case .cumulative:
            [.cumulativeSum, .duration, .mostRecent, .separateBySource]
        case .discreteArithmetic, .discreteTemporallyWeighted, .discreteEquivalentContinuousLevel:
            [.discreteAverage, .discreteMin, .discreteMax, .mostRecent, .duration, .separateBySource]
        }
    }

    /// Whether every option in this set is allowed for a type of the given aggregation style.
    ///
    /// - Parameter style: The aggregation style of the quantity type.
    /// - Returns: `true` when ``allowed(for:)`` contains all of these options.
    public func isAllowed(for style: AggregationStyle) -> Bool {
        StatisticsOptions.allowed(for: style).isSuperset(of: self)
    }
}
