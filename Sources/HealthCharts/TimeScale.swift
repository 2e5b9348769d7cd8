public import Foundation

/// A map from a time interval to pixels, and the calendar ticks of that interval: local midnights, week starts,
/// month or year starts of the calendar's time zone, computed with the calendar so a day of 23 or 25 hours (a
/// daylight-saving change) still ticks at midnight.
public struct TimeScale: Sendable {
    /// The interval shown.
    public let domain: DateInterval
    /// The pixel of the domain's start.
    public let start: Double
    /// The pixel of its end.
    public let end: Double
    /// The calendar of the ticks and labels (its time zone decides where days begin).
    public let calendar: Calendar

    /// A scale over an interval; an empty interval is widened to an hour on each side.
    public init(domain: DateInterval, start: Double, end: Double, calendar: Calendar) {
        if domain.duration <= 0 {
            self.domain = DateInterval(start: domain.start.addingTimeInterval(-3_600), duration: 7_200)
        } else {
            self.domain = domain
        }
        self.start = start
        self.end = end
        self.calendar = calendar
    }

    /// The pixel of a date.
    public func callAsFunction(_ date: Date) -> Double {
        start + date.timeIntervalSince(domain.start) / domain.duration * (end - start)
    }

    /// At most `maxCount` ticks on calendar boundaries inside the domain, with labels.
    public func ticks(maxCount: Int = 7) -> [TimeTick] {
        let span = domain.duration
        let step =
            TickStep.candidates.first { span / $0.approximateSeconds <= Double(max(1, maxCount)) }
            ?? TickStep(component: .year, count: Int((span / TickStep.year / Double(max(1, maxCount))).rounded(.up)))
        guard let base = step.floor(domain.start, calendar) else { return [] }
        var ticks: [TimeTick] = []
        var index = 0
        while ticks.count <= maxCount + 1, index < 10_000 {
            let dates = step.dates(index, from: base, calendar)
            index += 1
            for date in dates
            where date >= domain.start && date <= domain.end && date > (ticks.last?.date ?? .distantPast) {
                ticks.append(TimeTick(date: date, label: step.label(date, calendar)))
            }
            if let last = dates.last, last > domain.end { break }
        }
        return ticks
    }
}

/// A tick of a time axis.
public struct TimeTick: Sendable, Equatable {
    /// Where it is.
    public let date: Date
    /// What it says ("Mar 29", "Apr", "2025", "06:00").
    public let label: String
}

/// One tick spacing: a count of a calendar component.
struct TickStep: Sendable {
    let component: Calendar.Component
    let count: Int

    static let year = 365.2425 * 86_400

    static let candidates: [TickStep] = [
        .init(component: .hour, count: 1), .init(component: .hour, count: 3), .init(component: .hour, count: 6),
        .init(component: .hour, count: 12), .init(component: .day, count: 1), .init(component: .day, count: 2),
        .init(component: .weekOfYear, count: 1), .init(component: .weekOfYear, count: 2),
        .init(component: .month, count: 1), .init(component: .month, count: 3), .init(component: .month, count: 6),
        .init(component: .year, count: 1), .init(component: .year, count: 2), .init(component: .year, count: 5),
    ]

    var approximateSeconds: Double {
        let unit: Double =
            switch component {
            case .hour: 3_600
            case .day: 86_400
            case .weekOfYear: 7 * 86_400
            case .month: Self.year / 12
            default: Self.year
            }
        return unit * Double(count)
    }

    /// The boundary at or before a date from which ticks count (midnight, the week's first day, the month's or
    /// the year's first day; for hours, the day's midnight so 3-hour ticks fall on 00, 03, 06…).
    func floor(_ date: Date, _ calendar: Calendar) -> Date? {
        switch component {
        case .hour, .day: calendar.startOfDay(for: date)
        case .weekOfYear: calendar.dateInterval(of: .weekOfYear, for: date)?.start
        case .month: calendar.dateInterval(of: .month, for: date)?.start
        default: calendar.dateInterval(of: .year, for: date)?.start
        }
    }

    /// The ticks of the index-th step from the base: one date, or for hours the day's local clock hours (00, 03,
    /// 06… by the clock on the wall, so a daylight-saving change shifts no tick).
    func dates(_ index: Int, from base: Date, _ calendar: Calendar) -> [Date] {
        guard component == .hour else {
            return calendar.date(byAdding: component, value: index * count, to: base).map { [$0] } ?? []
        }
        guard let day = calendar.date(byAdding: .day, value: index, to: base) else { return [] }
        return stride(from: 0, to: 24, by: count).compactMap {
            calendar.date(bySettingHour: $0, minute: 0, second: 0, of: day)
        }
    }

    func label(_ date: Date, _ calendar: Calendar) -> String {
        let format =
            switch component {
            case .hour: "HH:mm"
            case .day, .weekOfYear: "MMM d"
            case .month: calendar.component(.month, from: date) == 1 ? "MMM yyyy" : "MMM"
            default: "yyyy"
            }
        return DateLabel.format(date, format, calendar)
    }
}

/// Dates as labels in a calendar's time zone, in English (the dashboard's language), whatever the machine's locale.
///
/// Formatters are made once per pattern, calendar and time zone and reused under a lock (making one costs far more
/// than formatting: a page of 120 bars labels 250 dates).
public enum DateLabel {
    private static let formatters = FormatterCache()

    /// A date in a `DateFormatter` pattern ("MMM d", "HH:mm"…).
    public static func format(_ date: Date, _ pattern: String, _ calendar: Calendar) -> String {
        formatters.string(from: date, pattern, calendar)
    }
}

/// The formatters of ``DateLabel``, behind an `NSLock`: a pthread mutex the thread sanitizer understands (it does
/// not see `Synchronization.Mutex`'s futex as synchronization, and reported this cache as a race under parallel
/// tests).
private final class FormatterCache: @unchecked Sendable {
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func string(from date: Date, _ pattern: String, _ calendar: Calendar) -> String {
        let key = "\(calendar.identifier)|\(calendar.timeZone.identifier)|\(calendar.firstWeekday)|\(pattern)"
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[key] { return formatter.string(from: date) }
        if formatters.count >= 256 { formatters.removeAll() }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = pattern
        formatters[key] = formatter
        return formatter.string(from: date)
    }
}
