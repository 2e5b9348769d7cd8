import Foundation

/// Dates on the wire: RFC 3339 with fractional seconds in UTC when written (`2025-06-01T07:30:00.000Z`);
/// read with or without fractions, with any offset.
enum APIDates {
    static func format(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// The date a string names, or nil.
    static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 40 else { return nil }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text) { return date }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return nil
    }

    /// A date a request field must hold.
    /// - Throws: ``APIError`` 400 naming the field.
    static func required(_ text: String?, _ field: String) throws(APIError) -> Date {
        guard let text else { throw APIError.badRequest("\(field) is missing") }
        guard let date = parse(text) else {
            throw APIError.badRequest("\(field) is not an RFC 3339 date (e.g. 2025-06-01T07:30:00Z)")
        }
        return date
    }
}
