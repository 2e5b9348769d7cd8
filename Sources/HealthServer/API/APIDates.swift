import Foundation
import HealthAPIInput

/// Dates on the wire (HealthAPIInput's ``WireDates``), with a missing or malformed one answered as a 400.
enum APIDates {
    static func format(_ date: Date) -> String { WireDates.format(date) }

    /// The date a string names, or nil.
    static func parse(_ text: String) -> Date? { WireDates.parse(text) }

    /// A date a request field must hold.
    /// - Throws: ``APIError`` 400 naming the field.
    static func required(_ text: String?, _ field: String) throws(APIError) -> Date {
        try Query.map { () throws(InputError) in try WireDates.required(text, field) }
    }
}
