public import Foundation

/// The bucket lengths of a statistics collection as people ask for them — an hour, a day, a week, a month, a
/// year — with the query's interval components. The CLI (`ohk stats --by`) and the server (`interval=`) share it.
///
/// ```swift
/// try await store.statisticsCollection(
///     of: .stepCount, options: .cumulativeSum, anchorDate: midnight,
///     intervalComponents: StatisticsInterval.week.components)
/// ```
public enum StatisticsInterval: String, CaseIterable, Sendable {
    case hour
    case day
    case week
    case month
    case year

    /// The collection query's interval components (a week is seven days).
    public var components: DateComponents {
        switch self {
        case .hour: DateComponents(hour: 1)
        case .day: DateComponents(day: 1)
        case .week: DateComponents(day: 7)
        case .month: DateComponents(month: 1)
        case .year: DateComponents(year: 1)
        }
    }
}

extension StatisticsInterval {
    /// The bucket grid when a question names no anchor: the start's hour for hourly buckets, else its midnight in
    /// the calendar's time zone.
    public func defaultAnchor(for start: Date, in calendar: Calendar) -> Date {
        guard self == .hour else { return calendar.startOfDay(for: start) }
        return calendar.dateInterval(of: .hour, for: start)?.start ?? start
    }

    /// The shortest length of one bucket, in seconds (a month is counted as 28 days): dividing a range by it
    /// bounds how many buckets a question asks for before anything is computed.
    public var approximateSeconds: Double {
        switch self {
        case .hour: 3_600
        case .day: 86_400
        case .week: 604_800
        case .month: 2_419_200
        case .year: 31_536_000
        }
    }
}
