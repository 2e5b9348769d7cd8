public import Foundation

/// The statistics of one window for all sources merged, or for one source, in the type's canonical unit.
///
/// Every property is `nil` unless its option was requested (and the window has data for it).
///
/// ```swift
/// result.merged.sum        // 1300.0 (cumulativeSum)
/// result.merged.average    // nil: not requested
/// ```
public struct StatisticsValues: Sendable, Hashable {
    /// The sum (`cumulativeSum`): merged across sources for ``StatisticsResult/merged``, the source's own
    /// prorated sum for a per-source value.
    public var sum: Double?
    /// The average (`discreteAverage`): arithmetic, time-weighted or equivalent continuous level by style.
    public var average: Double?
    /// The smallest quantity (`discreteMin`).
    public var minimum: Double?
    /// The largest quantity (`discreteMax`).
    public var maximum: Double?
    /// The value of the most recent quantity (`mostRecent`), not prorated.
    public var mostRecent: Double?
    /// The whole interval of the most recent quantity (`mostRecent`), not clipped to the window.
    public var mostRecentInterval: DateInterval?
    /// The time covered by the quantities, in seconds: the union of their intervals clipped to the window
    /// (`duration`).
    public var duration: TimeInterval?

    /// Creates values.
    /// - Parameters:
    ///   - sum: The sum.
    ///   - average: The average.
    ///   - minimum: The minimum.
    ///   - maximum: The maximum.
    ///   - mostRecent: The most recent value.
    ///   - mostRecentInterval: The most recent quantity's interval.
    ///   - duration: The covered time in seconds.
    public init(
        sum: Double? = nil, average: Double? = nil, minimum: Double? = nil, maximum: Double? = nil,
        mostRecent: Double? = nil, mostRecentInterval: DateInterval? = nil, duration: TimeInterval? = nil
    ) {
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentInterval = mostRecentInterval
        self.duration = duration
    }
}
