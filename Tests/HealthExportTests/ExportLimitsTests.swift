import Foundation
import HealthCore
import HealthExport
import Testing

/// The reader's bounds on one element (ExportFormat.md, "Limits"): an element over one is skipped whole with a
/// located issue, and the rest of the document imports.
@Suite struct ExportLimitsTests {
    static let phone = #"sourceName="iPhone" sourceVersion="18.5""#

    static func record(_ value: Int, minute: Int, body: String? = nil) -> String {
        let start = String(format: "2025-06-01 08:%02d:00 +0900", minute)
        let end = String(format: "2025-06-01 08:%02d:30 +0900", minute)
        let tag =
            #"<Record type="HKQuantityTypeIdentifierStepCount" \#(phone) unit="count" startDate="\#(start)" endDate="\#(end)" value="\#(value)""#
        return tag + (body.map { ">\($0)</Record>" } ?? "/>")
    }

    static func parse(_ body: String, limits: ExportLimits) throws -> (ExportBatch, ExportSummary) {
        var options = ExportParser.Options()
        options.limits = limits
        let document = "<HealthData locale=\"en_US\">\n\(body)\n</HealthData>\n"
        return try ExportParser(options: options).parse(data: Data(document.utf8))
    }

    @Test func tooManyMetadataEntriesSkipOnlyThatRecord() throws {
        var limits = ExportLimits()
        limits.maxMetadataEntries = 50
        let entries = (0..<60).map { #"<MetadataEntry key="k\#($0)" value="v"/>"# }.joined()
        let fine = (0..<50).map { #"<MetadataEntry key="k\#($0)" value="v"/>"# }.joined()
        let (batch, summary) = try Self.parse(
            [
                Self.record(1, minute: 0), Self.record(2, minute: 1, body: entries),
                Self.record(3, minute: 2, body: fine),
            ]
            .joined(separator: "\n"), limits: limits)
        #expect(batch.samples.count == 2, "the record over the bound is skipped, the others import")
        let issue = try #require(summary.issues.first)
        #expect(issue.message.contains("more than 50 metadata entries"), "\(issue.message)")
        #expect(issue.line == 3, "located at the record: \(issue.line)")
    }

    @Test func tooManyElementsInsideOneElementSkipIt() throws {
        var limits = ExportLimits()
        limits.maxDescendants = 100
        let beats = String(repeating: #"<InstantaneousBeatsPerMinute bpm="60" time="8:00:00.0 AM"/>"#, count: 150)
        let hrv = "<HeartRateVariabilityMetadataList>\(beats)</HeartRateVariabilityMetadataList>"
        let (batch, summary) = try Self.parse(
            [Self.record(1, minute: 0), Self.record(2, minute: 1, body: hrv), Self.record(3, minute: 2)]
                .joined(separator: "\n"), limits: limits)
        #expect(batch.samples.count == 2)
        #expect(summary.issues.first?.message.contains("holds more than 100 elements") == true)
        #expect(summary.skipped.values.reduce(0, +) == 1)
    }
}
