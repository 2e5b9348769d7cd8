import ArgumentParser
import Foundation

/// The bucket length of `ohk stats --by`, with its grid anchor and its row label.
enum StatsInterval: String, ExpressibleByArgument, CaseIterable, Sendable {
    case hour
    case day
    case week
    case month
    case year

    /// The collection query's interval components.
    var components: DateComponents {
        switch self {
        case .hour: DateComponents(hour: 1)
        case .day: DateComponents(day: 1)
        case .week: DateComponents(day: 7)
        case .month: DateComponents(month: 1)
        case .year: DateComponents(year: 1)
        }
    }

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
