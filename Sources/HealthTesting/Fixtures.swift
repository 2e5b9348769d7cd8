public import Foundation
public import HealthCore

/// Fixed dates, calendars and sources for tests.
public enum Fixtures {
    /// A fixed instant: 2024-01-15 00:00:00 UTC.
    public static let epoch = Date(timeIntervalSince1970: 1_705_276_800)

    /// A Gregorian calendar in a named time zone (UTC if the name is unknown).
    public static func calendar(_ timeZoneIdentifier: String = "UTC") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZoneIdentifier) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// A date from its parts in a calendar's zone (defaults to UTC).
    public static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0,
        in calendar: Calendar = Fixtures.calendar()
    ) -> Date {
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components) ?? epoch
    }

    /// An Apple Watch source.
    public static let watch = Source(name: "Ana’s Apple Watch", bundleIdentifier: "com.apple.health.9C1A7E2B-WATCH")
    /// An iPhone source.
    public static let phone = Source(name: "Ana’s iPhone", bundleIdentifier: "com.apple.health.4F2D8B31-PHONE")
    /// A third-party app.
    public static let app = Source(name: "RunWay", bundleIdentifier: "com.example.runway")

    /// An Apple Watch device.
    public static let watchDevice = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch6,1",
        softwareVersion: "10.1")
    /// An iPhone device.
    public static let phoneDevice = Device(
        name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone16,2",
        softwareVersion: "17.2")
}
