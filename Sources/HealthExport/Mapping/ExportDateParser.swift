package import Foundation

/// Parses the export's fixed date layouts by hand (no `DateFormatter`: it is far too slow for millions of dates).
///
/// ```swift
/// ExportDateParser.parse("2024-01-05 07:12:30 +0900")   // 2024-01-04T22:12:30Z
/// ExportDateParser.parse("20140114084347-0800")         // legacy iOS 8–9 layout
/// ```
package enum ExportDateParser {
    /// Parses `yyyy-MM-dd HH:mm:ss ±hhmm` or the legacy compact `yyyyMMddHHmmss±hhmm`; nil for anything else.
    package static func parse(_ string: String) -> Date? {
        var copy = string
        return copy.withUTF8 { parse(bytes: $0) }
    }

    /// Parses the UTF-8 bytes of a date.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Date? {
        bytes.withUnsafeBufferPointer { parse(bytes: $0) }
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> Date? {
        var fields = (0, 0, 0, 0, 0, 0)
        let zone: Int
        switch b.count {
        case 25:
            guard b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20, b[13] == 0x3A, b[16] == 0x3A, b[19] == 0x20,
                let y = digits(b, 0, 4), let mo = digits(b, 5, 2), let d = digits(b, 8, 2),
                let h = digits(b, 11, 2), let mi = digits(b, 14, 2), let s = digits(b, 17, 2),
                let offset = offset(b, 20)
            else { return nil }
            fields = (y, mo, d, h, mi, s)
            zone = offset
        case 19:
            guard let y = digits(b, 0, 4), let mo = digits(b, 4, 2), let d = digits(b, 6, 2),
                let h = digits(b, 8, 2), let mi = digits(b, 10, 2), let s = digits(b, 12, 2),
                let offset = offset(b, 14)
            else { return nil }
            fields = (y, mo, d, h, mi, s)
            zone = offset
        default:
            return nil
        }
        let (year, month, day, hour, minute, second) = fields
        guard (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60 else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - zone
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func digits(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(b[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    /// The UTC offset of a date in the export layouts, in seconds east of UTC; nil when it is not one.
    static func offset(of bytes: ArraySlice<UInt8>) -> Int? {
        bytes.withUnsafeBufferPointer { b in
            switch b.count {
            case 25: offset(b, 20)
            case 19: offset(b, 14)
            default: nil
            }
        }
    }

    /// `±hhmm` in seconds east of UTC.
    private static func offset(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int? {
        let sign: Int
        switch b[start] {
        case 0x2B: sign = 1
        case 0x2D: sign = -1
        default: return nil
        }
        guard let hours = digits(b, start + 1, 2), let minutes = digits(b, start + 3, 2), minutes < 60 else {
            return nil
        }
        return sign * (hours * 3_600 + minutes * 60)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
