public import Foundation

/// The buckets of a statistics collection query: an anchor and a calendar interval, extending both ways.
///
/// Bucket *k* is `[cal.date(byAdding: interval × k, to: anchor), cal.date(byAdding: interval × (k+1),
/// to: anchor))`: components are multiplied, never added repeatedly, so month buckets anchored on the 31st
/// do not drift, and a `{day: 1}` bucket anchored at local midnight is 23 or 25 hours long on DST days.
///
/// ```swift
/// var calendar = Calendar(identifier: .gregorian)
/// calendar.timeZone = TimeZone(identifier: "America/New_York")!
/// let days = try StatisticsBuckets(anchor: midnight, interval: DateComponents(day: 1), calendar: calendar)
/// days.bucket(containing: noonOnMarch10)?.duration   // 82_800 (spring forward)
/// ```
///
/// The interval's own `calendar` and `timeZone` are ignored: the caller resolves which calendar applies
/// (HealthKit uses the interval's calendar if set, otherwise the current one) and passes it in.
///
/// ## Topics
/// - ``bucket(at:)``
/// - ``index(containing:)``
/// - ``bucket(containing:)``
/// - ``indices(from:through:)``
/// - ``buckets(from:through:)``
/// - ``boundaries(from:through:)``
public struct StatisticsBuckets: Sendable, Hashable {
    /// Any date at the phase of the buckets; bucket 0 starts here.
    public let anchor: Date
    /// The length of a bucket, in calendar components.
    public let interval: DateComponents
    /// The calendar (and time zone) of the arithmetic.
    public let calendar: Calendar
    private let step: BucketInterval

    /// Creates buckets.
    ///
    /// - Parameters:
    ///   - anchor: Bucket 0's start.
    ///   - interval: Positive components among `year`, `month`, `weekOfYear`/`weekOfMonth` (7 days),
    ///     `day`, `hour`, `minute`, `second`, `nanosecond`.
    ///   - calendar: The calendar, with its time zone.
    /// - Throws: ``StatisticsError/Code/invalidInterval`` when the interval is all zero, has a negative
    ///   component, or sets an unsupported component (such as `era` or `weekday`).
    public init(anchor: Date, interval: DateComponents, calendar: Calendar) throws(StatisticsError) {
        self.anchor = anchor
        self.interval = interval
        self.calendar = calendar
        self.step = try BucketInterval(interval)
    }

    /// The start of bucket `index`, or `nil` when the calendar cannot compute it (overflow).
    public func start(ofBucket index: Int) -> Date? {
        guard let components = step.scaled(by: index) else { return nil }
        return calendar.date(byAdding: components, to: anchor)
    }

    /// Bucket `index` (0 starts at the anchor; negative indices precede it).
    ///
    /// - Parameter index: The bucket's index.
    /// - Returns: Its interval, or `nil` when the calendar cannot compute it.
    public func bucket(at index: Int) -> DateInterval? {
        guard index < Int.max, let lower = start(ofBucket: index), let upper = start(ofBucket: index + 1),
            upper > lower
        else { return nil }
        return DateInterval(start: lower, end: upper)
    }

    /// The index of the bucket holding `date` (its start ≤ `date` < its end).
    ///
    /// Estimates the index from the interval's average length, then brackets it by doubling steps and
    /// bisects: a handful of calendar operations, whatever the distance from the anchor.
    ///
    /// - Parameter date: Any date.
    /// - Returns: The index, or `nil` when the calendar cannot compute the buckets around the date.
    /// - Complexity: O(log d) calendar operations, d being the estimate's error in buckets (usually 0 or 1).
    public func index(containing date: Date) -> Int? {
        let estimate = (date.timeIntervalSince(anchor) / step.approximateLength).rounded(.down)
        guard estimate.isFinite, abs(estimate) < 0x1p52 else { return nil }
        var low = Int(estimate)
        var high = low + 1
        guard let first = start(ofBucket: low) else { return nil }
        var distance = 1
        if first <= date {
            // Find high with start(high) > date.
            while true {
                guard let bound = start(ofBucket: high) else { return nil }
                if bound > date { break }
                low = high
                distance = distance.multipliedReportingOverflow(by: 2).partialValue
                guard distance > 0, high < Int.max - distance else { return nil }
                high += distance
            }
        } else {
            // Find low with start(low) <= date.
            high = low
            low -= 1
            while true {
                guard let bound = start(ofBucket: low) else { return nil }
                if bound <= date { break }
                high = low
                distance = distance.multipliedReportingOverflow(by: 2).partialValue
                guard distance > 0, low > Int.min + distance else { return nil }
                low -= distance
            }
        }
        // start(low) <= date < start(high)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            guard let bound = start(ofBucket: middle) else { return nil }
            if bound <= date { low = middle } else { high = middle }
        }
        return low
    }

    /// The bucket holding `date`.
    /// - Parameter date: Any date.
    /// - Returns: The bucket, or `nil` when the calendar cannot compute it.
    public func bucket(containing date: Date) -> DateInterval? {
        index(containing: date).flatMap { bucket(at: $0) }
    }

    /// The indices from the bucket holding `from` through the bucket holding `to`
    /// (`enumerateStatistics(from:to:)`).
    ///
    /// - Parameters:
    ///   - from: The first date.
    ///   - to: The last date.
    /// - Returns: The indices, or `nil` when `to` precedes `from` or the calendar fails.
    public func indices(from: Date, through to: Date) -> ClosedRange<Int>? {
        guard from <= to, let first = index(containing: from), let last = index(containing: to),
            first <= last
        else { return nil }
        return first...last
    }

    /// Every bucket from the one holding `from` through the one holding `to`, in order.
    ///
    /// - Parameters:
    ///   - from: The first date.
    ///   - to: The last date.
    /// - Returns: The buckets (empty when `to` precedes `from`).
    /// - Complexity: O(m) calendar operations for m buckets.
    public func buckets(from: Date, through to: Date) -> [DateInterval] {
        let dates = boundaries(from: from, through: to)
        return zip(dates, dates.dropFirst()).map { DateInterval(start: $0, end: $1) }
    }

    /// The boundaries of ``buckets(from:through:)``: each bucket's start, then the last bucket's end. Pass
    /// them to ``StatisticsComputation/statistics(of:boundaries:)`` or ``CumulativeMerge/sums(of:boundaries:)``.
    ///
    /// - Parameters:
    ///   - from: The first date.
    ///   - to: The last date.
    /// - Returns: m + 1 strictly increasing dates for m buckets, or none.
    public func boundaries(from: Date, through to: Date) -> [Date] {
        guard let range = indices(from: from, through: to), range.upperBound < Int.max else { return [] }
        var dates: [Date] = []
        dates.reserveCapacity(range.count + 1)
        for index in range.lowerBound...(range.upperBound + 1) {
            guard let bound = start(ofBucket: index), dates.last.map({ $0 < bound }) ?? true else { return [] }
            dates.append(bound)
        }
        return dates
    }
}
