import Foundation
import HealthCore
import HealthExport
import Testing

/// `MetadataEntry` keys come in runs of one key, and the mapper decodes and looks a key up once per run
/// (`ExportMetadataTyping.key(_:at:)`). Every entry must still get its own key and the typing of its own key.
@Suite("Export parser: runs of repeated metadata keys")
struct MetadataKeyRunTests {
    private func record(minute: Int, _ entries: [(key: String, value: String)]) -> String {
        let time = String(format: "2024-01-05 07:%02d:00 +0100", minute)
        let children = entries.map { "  <MetadataEntry key=\"\($0.key)\" value=\"\($0.value)\"/>" }
        return
            ([
                " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Watch\" unit=\"count/min\" "
                    + "startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(60 + minute)\">"
            ] + children + [" </Record>"]).joined(separator: "\n")
    }

    private func parse(_ records: [String]) throws -> (metadata: [Metadata], summary: ExportSummary) {
        let text = (["<HealthData locale=\"en_US\">"] + records + ["</HealthData>"]).joined(separator: "\n")
        // Small chunks and batches: a run of keys continues across both.
        let parser = ExportParser(options: .init(chunkSize: 150, batchSize: 2))
        let (batch, summary) = try parser.parse(data: Data(text.utf8))
        return (batch.samples.compactMap(\.quantitySample).map(\.metadata), summary)
    }

    @Test func eachEntryIsTypedByItsOwnKeyAcrossRuns() throws {
        let motion = "HKMetadataKeyHeartRateMotionContext"
        let entered = "HKMetadataKeyWasUserEntered"
        let sameLength = "HKMetadataKeyWasUserEnterex"
        let (metadata, summary) = try parse([
            record(minute: 0, [(motion, "0")]),
            record(minute: 1, [(motion, "1")]),
            // Another key in the same record, then keys of the same length and one byte longer than the last one.
            record(minute: 2, [(motion, "2"), (entered, "1")]),
            record(minute: 3, [(sameLength, "1"), (entered, "0"), (entered + "X", "1")]),
            // Back to the first key; escaped bytes decode before the key is used.
            record(minute: 4, [(motion, "1"), ("Note &amp; more", "1")]),
            record(minute: 5, [("Note &amp; more", "ok")]),
        ])
        #expect(summary.issues.isEmpty)
        #expect(metadata.count == 6)
        guard metadata.count == 6 else { return }
        #expect(metadata[0][MetadataKey(motion)] == .number(0))
        #expect(metadata[1][MetadataKey(motion)] == .number(1))
        #expect(metadata[2][MetadataKey(motion)] == .number(2))
        #expect(metadata[2][MetadataKey(entered)] == .bool(true))
        #expect(metadata[3][MetadataKey(sameLength)] == .string("1"))
        #expect(metadata[3][MetadataKey(entered)] == .bool(false))
        #expect(metadata[3][MetadataKey(entered + "X")] == .string("1"))
        #expect(metadata[3].count == 3)
        #expect(metadata[4][MetadataKey(motion)] == .number(1))
        #expect(metadata[4][MetadataKey("Note & more")] == .string("1"))
        #expect(metadata[5][MetadataKey("Note & more")] == .string("ok"))
    }

    @Test func anEmptyKeyAfterARunIsStillAnIssue() throws {
        let motion = "HKMetadataKeyHeartRateMotionContext"
        let (metadata, summary) = try parse([
            record(minute: 0, [(motion, "1")]),
            record(minute: 1, [("", "1")]),
            record(minute: 2, [(motion, "2")]),
        ])
        #expect(summary.issues.map(\.message) == ["MetadataEntry: MetadataEntry without a key"])
        #expect(metadata.count == 3)
        guard metadata.count == 3 else { return }
        #expect(metadata[1].isEmpty)
        #expect(metadata[2][MetadataKey(motion)] == .number(2))
    }
}
