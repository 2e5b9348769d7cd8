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
