package import Foundation
package import HealthCore

/// Reads the track points of a route's GPX file as the Health app writes it (reference §8.5): `trkpt` with
/// `lat`/`lon` attributes, `ele`, `time` (ISO 8601, UTC) and `extensions` holding `speed`, `course`, `hAcc`,
/// `vAcc`. Lenient: a point without coordinates or time is skipped and counted; missing extensions keep
/// HealthKit's "invalid" values (−1).
///
/// ```swift
/// let (locations, skipped) = try GPXReader.locations(in: data)
/// ```
package enum GPXReader {
    /// The locations of a GPX document, and how many points were unusable.
    /// - Throws: ``ExportError`` `.notXML` when the bytes hold no `<gpx` element.
    package static func locations(in data: Data) throws -> (locations: [RouteLocation], skipped: Int) {
        let bytes = [UInt8](data)
        guard find(Array("<gpx".utf8), in: bytes, from: 0, to: bytes.count) != nil else {
            throw ExportError(code: .notXML, message: "the route file holds no gpx element")
        }
        let open = Array("<trkpt".utf8)
        let close = Array("</trkpt>".utf8)
        var locations: [RouteLocation] = []
        var skipped = 0
        var cursor = 0
        while let start = find(open, in: bytes, from: cursor, to: bytes.count) {
            guard let tagEnd = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let selfClosing = tagEnd > start && bytes[tagEnd - 1] == UInt8(ascii: "/")
            let bodyEnd = selfClosing ? tagEnd : (find(close, in: bytes, from: tagEnd, to: bytes.count) ?? bytes.count)
            cursor = bodyEnd + 1
            let tag = start..<tagEnd
            let body = (tagEnd + 1)..<bodyEnd
            guard let latitude = attribute("lat", in: bytes, tag).flatMap(Double.init),
                let longitude = attribute("lon", in: bytes, tag).flatMap(Double.init),
                let time = element("time", in: bytes, body).flatMap(parseTime)
            else {
                skipped += 1
                continue
            }
            func number(_ name: String, _ fallback: Double) -> Double {
                element(name, in: bytes, body).flatMap(Double.init) ?? fallback
            }
            locations.append(
                RouteLocation(
                    timestamp: time, latitude: latitude, longitude: longitude, altitude: number("ele", 0),
                    horizontalAccuracy: number("hAcc", 0), verticalAccuracy: number("vAcc", -1),
                    course: number("course", -1), speed: number("speed", -1)))
        }
        return (locations, skipped)
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.fff](Z|±hh:mm)`.
    static func parseTime(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20, b[13] == 0x3A,
            b[16] == 0x3A, let year = digits(b, 0, 4), let month = digits(b, 5, 2), let day = digits(b, 8, 2),
            let hour = digits(b, 11, 2), let minute = digits(b, 14, 2), let second = digits(b, 17, 2),
            (1...12).contains(month), (1...31).contains(day), hour <= 24, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < b.count, b[index] == 0x2E {
            let first = index
            index += 1
            while index < b.count, (48...57).contains(b[index]) { index += 1 }
            fraction = Double("0" + String(decoding: b[first..<index], as: UTF8.self)) ?? 0
        }
        var offset = 0
        if index < b.count, b[index] == 0x2B || b[index] == 0x2D {
            guard b.count >= index + 6, let h = digits(b, index + 1, 2), let m = digits(b, index + 4, 2) else {
                return nil
            }
            offset = (h * 3_600 + m * 60) * (b[index] == 0x2D ? -1 : 1)
        } else if index >= b.count || b[index] != 0x5A {
            return nil
        }
        let days = ExportDateParser.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + fraction)
    }

    private static func digits(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = Int(b[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value * 10 + digit
        }
        return value
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard let first = needle.first, to - from >= needle.count else { return nil }
        var index = from
        while index + needle.count <= to {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The value of `name="…"` (or single quotes) inside a start tag.
    private static func attribute(_ name: String, in bytes: [UInt8], _ range: Range<Int>) -> String? {
        let needle = Array(" \(name)=".utf8)
        guard let found = find(needle, in: bytes, from: range.lowerBound, to: range.upperBound) else { return nil }
        let quoteIndex = found + needle.count
        guard quoteIndex < range.upperBound else { return nil }
        let quote = bytes[quoteIndex]
        guard quote == 0x22 || quote == 0x27,
            let end = bytes[(quoteIndex + 1)..<range.upperBound].firstIndex(of: quote)
        else { return nil }
        return String(decoding: bytes[(quoteIndex + 1)..<end], as: UTF8.self)
    }

    /// The trimmed text of the first `<name>…</name>` in a range.
    private static func element(_ name: String, in bytes: [UInt8], _ range: Range<Int>) -> String? {
        let open = Array("<\(name)>".utf8)
        let close = Array("</\(name)>".utf8)
        guard let start = find(open, in: bytes, from: range.lowerBound, to: range.upperBound),
            let end = find(close, in: bytes, from: start + open.count, to: range.upperBound)
        else { return nil }
        return String(decoding: bytes[(start + open.count)..<end], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
