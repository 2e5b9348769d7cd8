import Foundation

/// A date as the server reads it: RFC 3339 in UTC to the nearest millisecond (`2026-10-01T07:30:00.250Z`), the
/// server's own precision and rounding (its dates are written the same way). Formatted from the date's number
/// of milliseconds by hand: `ISO8601DateFormatter` was 5 % of a backfill's time on the phone (decision 0032),
/// and it truncates where the server rounds.
enum UTCDateText {
    /// The text of a date within years 1583…9999, where Foundation's Gregorian calendar and this arithmetic agree (it is
    /// Julian before 1582); outside them (never a sample's date) ISO 8601's own formatter.
    static func format(_ date: Date) -> String {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite, abs(milliseconds) < 300_000_000_000_000 else { return fallback(date) }
        let total = Int64(milliseconds)
        let dayMilliseconds: Int64 = 86_400_000
        var days = total / dayMilliseconds
        var within = total % dayMilliseconds
        if within < 0 {
            within += dayMilliseconds
            days -= 1
        }
        let (year, month, day) = civil(daysSince1970: days)
        guard (1583...9999).contains(year) else { return fallback(date) }
        var text = [UInt8](repeating: 0, count: 24)
        func put(_ value: Int64, at offset: Int, digits: Int) {
            var value = value
            for index in stride(from: offset + digits - 1, through: offset, by: -1) {
                text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(within / 3_600_000, at: 11, digits: 2)
        put(within / 60_000 % 60, at: 14, digits: 2)
        put(within / 1000 % 60, at: 17, digits: 2)
        put(within % 1000, at: 20, digits: 3)
        for (offset, character) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")]
            as [(Int, Unicode.Scalar)]
        {
            text[offset] = UInt8(ascii: character)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The proleptic Gregorian year, month and day of a count of days from 1970-01-01 (H. Hinnant's
    /// `civil_from_days`). The export writer has the same function (`XMLOutput.civil(fromDays:)`); HealthSync runs
    /// on an iPhone against Apple's HealthKit and Foundation only, so it cannot import HealthExport or HealthCore.
    static func civil(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func fallback(_ date: Date) -> String { formatter.string(from: date) }

    /// ISO8601DateFormatter is thread-safe.
    nonisolated(unsafe) private static let formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
