import Foundation

/// Parses a run of export dates, reusing the day and zone of the last one.
///
/// A record's `startDate` and `endDate`, and the next record's, are mostly on the same day in the same zone
/// (`2025-01-07 02:28:55 +0900`): when a date's `yyyy-MM-dd` and `±hhmm` bytes are the last full parse's, only
/// `HH:mm:ss` is read and added to the second that day began. Any other date — another day or zone, the legacy
/// compact layout, anything malformed — goes through ``ExportDateParser/parse(bytes:)``, so the result is always
/// what it returns.
struct ExportDateMemo {
    /// The last fully parsed date's day and zone bytes (``key(_:)``) and the Unix second its day began at, in its
    /// zone; nil before the first.
    private var day: (key: (UInt64, UInt64), start: Int)?

    /// The date in `bytes` (`yyyy-MM-dd HH:mm:ss ±hhmm` or the legacy layout), or nil when it is not one.
    mutating func parse(_ b: UnsafeBufferPointer<UInt8>) -> Date? {
        guard b.count == 25, let base = b.baseAddress else { return ExportDateParser.parse(bytes: b) }
        let key = Self.key(base)
        if let day, day.key == key, base[10] == 0x20, base[13] == 0x3A, base[16] == 0x3A,
            let hour = Self.twoDigits(base + 11), let minute = Self.twoDigits(base + 14),
            let second = Self.twoDigits(base + 17), hour <= 24, minute <= 59, second <= 60
        {
            return Date(timeIntervalSince1970: TimeInterval(day.start + hour * 3_600 + minute * 60 + second))
        }
        guard let date = ExportDateParser.parse(bytes: b) else { return nil }
        // Parsed, so every field is valid: the day began at the date less its time of day.
        let timeOfDay =
            Int(base[11] - 48) * 36_000 + Int(base[12] - 48) * 3_600 + Int(base[14] - 48) * 600
            + Int(base[15] - 48) * 60 + Int(base[17] - 48) * 10 + Int(base[18] - 48)
        day = (key, Int(date.timeIntervalSince1970) - timeOfDay)
        return date
    }

    /// Bytes 0–9 (`yyyy-MM-dd`) and 19–24 (` ±hhmm`) of a 25-byte date, as two words.
    private static func key(_ p: UnsafePointer<UInt8>) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(p)
        let date = raw.loadUnaligned(as: UInt64.self)
        let rest = UInt64(raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
        // Bytes 17–24 read little-endian, so the seconds digits (17, 18) are the low 16 bits shifted out.
        let zone = raw.loadUnaligned(fromByteOffset: 17, as: UInt64.self)
        return (date, rest | (UInt64(littleEndian: zone) >> 16) << 16)
    }

    /// Two ASCII digits as a number, or nil.
    private static func twoDigits(_ p: UnsafePointer<UInt8>) -> Int? {
        let tens = p[0] &- 48
        let ones = p[1] &- 48
        guard tens < 10, ones < 10 else { return nil }
        return Int(tens) * 10 + Int(ones)
    }
}
