import Foundation
import HealthSimulation
import Testing

@testable import HealthExport

/// The content key decides imported UUIDs, so its bytes may never change: a number hashes as its decimal text, and
/// a kept prefix hashes as if it were hashed again.
@Suite struct KeyHasherTests {
    @Test func aNumberHashesAsItsDecimalText() {
        let numbers = [0, 7, -7, 10, 1_389_717_827, -1_389_717_827, Int.max, Int.min, 1_000_000_000_000]
        for number in numbers {
            var digits = KeyHasher()
            digits.add(number)
            var text = KeyHasher()
            text.add(String(number))
            #expect(digits.value == text.value, "\(number)")
        }
    }

    @Test func aRunOfRecordsKeepsItsPrefixHash() throws {
        // The same records keyed with the prefix kept between them and with a fresh mapper per record.
        let header = #"sourceName="Phone" sourceVersion="18.5" unit="count""#
        let records = (0..<6).map { index in
            let type = index < 3 ? "HKQuantityTypeIdentifierStepCount" : "HKQuantityTypeIdentifierFlightsClimbed"
            return #"<Record type="\#(type)" \#(header) startDate="2025-06-01 08:0\#(index):00 +0900" "#
                + #"endDate="2025-06-01 08:0\#(index):30 +0900" value="\#(index + 1)"/>"#
        }
        func uuids(_ documents: [String]) throws -> [UUID] {
            try documents.flatMap { body in
                try ExportParser().parse(data: Data("<HealthData>\n\(body)\n</HealthData>".utf8)).batch.samples.map(
                    \.uuid)
            }
        }
        let together = try uuids([records.joined(separator: "\n")])
        let apart = try uuids(records)
        #expect(together.count == 6 && together == apart)
    }
    /// A record's `unit|device|` is added through a ``KeySuffix`` (a multiplication, not a byte at a time): from any
    /// state, again and again (each low byte worked out once, then reused), it must end where adding the bytes does.
    @Test func aSuffixAddsAsItsBytesDo() {
        var random = SplitMix64(seed: 2_026)
        let suffixes: [(String, String)] = [
            ("count", "Apple Watch,Apple Inc.,Watch,Watch7,3,,,11.2,"), ("", "Apple Watch,Apple Inc.,Watch,,,,,,"),
            ("mL/min·kg", ""), ("", ""), ("count/min", String(repeating: "é", count: 200)),
        ]
        for (unit, device) in suffixes {
            var suffix = KeySuffix(unit, device)
            for round in 0..<1_500 {
                // Fresh states, and states sharing a low byte (the kept path).
                var start = KeyHasher(state: (random.next(), random.next()))
                if round % 3 == 0 { start = KeyHasher(state: (random.next(), random.next() & ~0xFF | 0x5A)) }
                var bytewise = start
                bytewise.add(unit)
                bytewise.add(device)
                var multiplied = start
                suffix.add(to: &multiplied)
                if multiplied.value != bytewise.value {
                    Issue.record("\(unit)|\(device)| from \(start.value)")
                    return
                }
            }
        }
    }
}
