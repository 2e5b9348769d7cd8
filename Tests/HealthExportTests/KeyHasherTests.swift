import Foundation
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
}
