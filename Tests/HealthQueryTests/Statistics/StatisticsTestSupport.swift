import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import Testing

/// Sources of the worked examples (§6.5).
enum Src {
    static let manual = "com.apple.Health"
    static let watch = "com.apple.health.WATCH"
    static let phone = "com.apple.health.PHONE"
    static let appA = "com.example.a"
    static let appB = "com.example.b"
}

/// Builders for statistics inputs on a fixed UTC day (2024-01-15).
enum StatsFixture {
    static let utc = Fixtures.calendar("UTC")
    static let day = Fixtures.date(2024, 1, 15, in: utc)

    /// "HH:mm" or "HH:mm:ss" on the fixture day (hours may exceed 23).
    static func time(_ text: String) -> Date {
        let parts = text.split(separator: ":").compactMap { Double($0) }
        let seconds = parts.enumerated().reduce(0.0) { total, part in
            total + part.element * [3600.0, 60, 1][part.offset]
        }
        return day.addingTimeInterval(seconds)
    }

    /// An input with UUID number `id`.
    static func input(
        _ source: String, _ start: String, _ end: String, _ value: Double, id: UInt64, series: Int = 0
    ) -> StatisticsInput {
        StatisticsInput(
            sourceBundleIdentifier: source, start: time(start), end: time(end), value: value,
            uuid: UUIDSequence.uuid(id), seriesIndex: series)
    }

    static func window(_ start: String, _ end: String) -> DateInterval {
        DateInterval(start: time(start), end: time(end))
    }

    /// A window covering every sample of the examples.
    static let all = DateInterval(start: time("00:00"), end: time("24:00"))

    static func hourly(_ calendar: Calendar = utc) throws -> StatisticsBuckets {
        try StatisticsBuckets(anchor: day, interval: DateComponents(hour: 1), calendar: calendar)
    }
}

/// Relative closeness (1e-9), with an absolute floor for values near zero.
func close(_ actual: Double?, _ expected: Double, tolerance: Double = 1e-9) -> Bool {
    guard let actual else { return false }
    return abs(actual - expected) <= tolerance * max(1, abs(expected), abs(actual))
}

/// Closeness for optional pairs: both nil, or both present and close.
func close(_ actual: Double?, _ expected: Double?, tolerance: Double = 1e-9) -> Bool {
    switch (actual, expected) {
    case (nil, nil): true
    case (let actual?, let expected?): close(actual, expected, tolerance: tolerance)
    default: false
    }
}
