public import ArgumentParser
import Foundation
import HealthQuery

/// The bucket length of `ohk stats --by`: HealthQuery's interval, with the CLI's grid anchor and row label.
typealias StatsInterval = StatisticsInterval

extension StatisticsInterval: ExpressibleByArgument {
    /// A date on the bucket grid near `reference`: the start of its day, week (the calendar's first weekday),
    /// month or year.
    func anchor(near reference: Date, in calendar: Calendar) -> Date {
        let component: Calendar.Component? =
            switch self {
            case .hour, .day: nil
            case .week: .weekOfYear
            case .month: .month
            case .year: .year
            }
        guard let component, let interval = calendar.dateInterval(of: component, for: reference) else {
            return calendar.startOfDay(for: reference)
        }
        return interval.start
    }

    /// The row label of a bucket starting at `start`: `YYYY-MM-DD HH:00`, `YYYY-MM-DD` (day, and the first day
    /// of a week), `YYYY-MM` or `YYYY`, in the calendar's time zone.
    func label(_ start: Date, in calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour], from: start)
        let (year, month, day, hour) = (c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0)
        switch self {
        case .hour: return String(format: "%04d-%02d-%02d %02d:00", year, month, day, hour)
        case .day, .week: return String(format: "%04d-%02d-%02d", year, month, day)
        case .month: return String(format: "%04d-%02d", year, month)
        case .year: return String(format: "%04d", year)
        }
    }
}
