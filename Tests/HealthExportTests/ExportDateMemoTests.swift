import Foundation
import HealthSimulation
import Testing

@testable import HealthExport

/// The header dates of a run of records are read through ``ExportDateMemo``, which reuses the last date's day and
/// zone: whatever the sequence, it must answer exactly what ``ExportDateParser`` answers for each date alone.
@Suite("Export dates: the day-and-zone memo")
struct ExportDateMemoTests {
    private static func parse(_ memo: inout ExportDateMemo, _ text: String) -> Date? {
        Array(text.utf8).withUnsafeBufferPointer { memo.parse($0) }
    }

    @Test func aRunOfDatesParsesAsEachAlone() {
        let dates = [
            "2025-01-07 02:28:55 +0900", "2025-01-07 02:32:52 +0900", "2025-01-07 23:59:60 +0900",
            "2025-01-07 24:00:00 +0900",
            // Same day, another zone; then back.
            "2025-01-07 02:28:55 -0330", "2025-01-07 02:28:55 +0900",
            // Malformed times on a day the memo holds: nil, as alone.
            "2025-01-07 25:00:00 +0900", "2025-01-07 02:60:00 +0900", "2025-01-07 02:00:61 +0900",
            "2025-01-07 0a:00:00 +0900", "2025-01-07T02:28:55 +0900", "2025-01-07 02-28:55 +0900",
            "2025-01-07 02:28-55 +0900", "2025-01-07 02:28:55 +0900",
            // Other days, the legacy layout, malformed days and zones.
            "2025-01-08 00:00:00 +0900", "20140114084347-0800", "2025-01-08 00:00:01 +0900",
            "2025-02-30 00:00:00 +0900", "2025-13-01 00:00:00 +0900", "2025-01-08 00:00:00 +09x0",
            "2025-01-08 00:00:00 +0900 ", "", "1969-12-31 23:59:59 +0000", "1969-12-31 00:00:01 +0000",
        ]
        var memo = ExportDateMemo()
        for text in dates {
            #expect(Self.parse(&memo, text) == ExportDateParser.parse(text), "\(text)")
        }
    }

    /// Random dates near each other — mostly valid, some with a byte replaced — in one memo.
    @Test func randomRunsParseAsEachAlone() {
        var generator = SplitMix64(seed: 17)
        var memo = ExportDateMemo()
        let bytes = Array("0123456789 :-+T/".utf8)
        var day = 7
        for _ in 0..<20_000 {
            if generator.next() % 20 == 0 { day = Int(generator.next() % 31) + 1 }
            let zone = generator.next() % 8 == 0 ? "-0330" : "+0900"
            var text = Array(
                String(
                    format: "2025-01-%02d %02d:%02d:%02d %@", day, Int(generator.next() % 25),
                    Int(generator.next() % 61), Int(generator.next() % 62), zone
                ).utf8)
            if generator.next() % 10 == 0 {
                text[Int(generator.next() % UInt64(text.count))] = bytes[Int(generator.next() % UInt64(bytes.count))]
            }
            let string = String(decoding: text, as: UTF8.self)
            let memoized = text.withUnsafeBufferPointer { memo.parse($0) }
            if memoized != ExportDateParser.parse(string) {
                Issue.record("\(string): \(String(describing: memoized))")
                return
            }
        }
    }
}
