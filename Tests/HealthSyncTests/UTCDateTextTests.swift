import Foundation
import Testing

@testable import HealthSync

/// HealthSync formats its dates by hand (UTCDateText): every field must be the calendar's, in UTC, to the nearest
/// millisecond as the server writes it.
@Suite struct UTCDateTextTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    /// The text the calendar's own fields give for a whole number of milliseconds.
    static func expected(milliseconds: Int64) -> String {
        let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let parts = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let fraction = ((milliseconds % 1000) + 1000) % 1000
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, Int(fraction))
    }

    @Test("dates across four centuries, leap days and the epoch's edges match the calendar's fields")
    func matchesTheCalendar() {
        var milliseconds: [Int64] = [
            0, -1, 1, 999, -999, 951_782_400_000, 951_868_799_999, 1_709_164_800_123, 4_107_542_400_000,
            -2_208_988_800_000, 253_402_300_799_999, -11_676_096_000_000,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {  // a fixed sequence over 1600…2157
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            milliseconds.append(Int64(state >> 20) % 25_246_080_000_000 - 11_676_096_000_000)
        }
        for value in milliseconds {
            #expect(
                UTCDateText.format(Date(timeIntervalSince1970: Double(value) / 1000))
                    == Self.expected(milliseconds: value))
        }
    }

    @Test("a date between milliseconds is written to the nearest one, as the server writes it")
    func roundsToTheNearestMillisecond() {
        let second = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(UTCDateText.format(second.addingTimeInterval(0.254_999_9)) == "2026-09-21T14:13:20.255Z")
        #expect(UTCDateText.format(second.addingTimeInterval(0.254_4)) == "2026-09-21T14:13:20.254Z")
        #expect(UTCDateText.format(second.addingTimeInterval(59.999_6)) == "2026-09-21T14:14:20.000Z")
        #expect(UTCDateText.format(Date(timeIntervalSince1970: -0.000_4)) == "1970-01-01T00:00:00.000Z")
    }

    @Test("a date outside years 1583…9999 is still written, by the system's formatter")
    func farDatesFallBack() {
        #expect(UTCDateText.format(.distantFuture) == "4001-01-01T00:00:00.000Z")
        #expect(UTCDateText.format(Date(timeIntervalSince1970: 320_000_000_000)).hasSuffix("Z"))
        // Before 1583 Foundation's calendar is Julian: the system's formatter writes it, as the server reads it.
        let julian = Date(timeIntervalSince1970: -62_135_596_800)
        #expect(
            UTCDateText.format(julian)
                == ISO8601DateFormatter.string(
                    from: julian, timeZone: TimeZone(identifier: "UTC") ?? .current,
                    formatOptions: [.withInternetDateTime, .withFractionalSeconds]))
    }
}
