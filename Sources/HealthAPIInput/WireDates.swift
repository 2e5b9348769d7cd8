public import Foundation

/// Dates on the wire: RFC 3339 with fractional seconds in UTC when written (`2025-06-01T07:30:00.000Z`);
/// read with or without fractions, with any offset.
public enum WireDates {
    /// The date as the API writes it, to the nearest millisecond.
    ///
    /// The formatter truncates, and a date read from `…00.255Z` is a hair under .255 as a `Double`: without the
    /// half millisecond it would be written back as `.254` (found by the fuzzer), so a client echoing a date
    /// would move it.
    public static func format(_ date: Date) -> String {
        date.addingTimeInterval(0.000_5).formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date a string names, or nil (also for anything longer than 40 bytes).
    public static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return nil
    }

    /// A date a request field must hold.
    /// - Throws: ``InputError`` naming the field.
    public static func required(_ text: String?, _ field: String) throws(InputError) -> Date {
        guard let text else { throw InputError("\(QueryReader.shown(field)) is missing") }
        guard let date = parse(text) else {
            throw InputError("\(QueryReader.shown(field)) is not an RFC 3339 date (e.g. 2025-06-01T07:30:00Z)")
        }
        return date
    }
}
