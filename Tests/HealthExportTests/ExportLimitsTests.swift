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

    @Test func oneSourceTooManyIsSkippedWithItsLine() throws {
        var limits = ExportLimits()
        limits.maxDistinctSources = 3
        let records = (0..<6).map { index in
            Self.record(index + 1, minute: index).replacingOccurrences(
                of: #"sourceName="iPhone""#, with: #"sourceName="app \#(index % 5)""#)
        }
        let (batch, summary) = try Self.parse(records.joined(separator: "\n"), limits: limits)
        // Sources 0, 1, 2 fill the limit; 3 and 4 are refused; the sixth record is source 0 again.
        #expect(batch.samples.count == 4)
        #expect(Set(batch.samples.compactMap { $0.sourceRevision?.source.name }) == ["app 0", "app 1", "app 2"])
        #expect(summary.issues.map(\.line) == [5, 6])
        #expect(summary.issues.first?.message.contains("more than 3 distinct sources") == true)
    }

    @Test func oneDeviceTooManyIsSkippedWithItsLine() throws {
        var limits = ExportLimits()
        limits.maxDistinctDevices = 2
        let records = (0..<4).map { index in
            Self.record(index + 1, minute: index).replacingOccurrences(
                of: #"unit="count""#,
                with: #"device="&lt;&lt;HKDevice: 0x60000\#(index)&gt;, name:Watch \#(index % 3)&gt;" unit="count""#)
        }
        let (batch, summary) = try Self.parse(records.joined(separator: "\n"), limits: limits)
        #expect(batch.samples.count == 3, "devices 0 and 1, and device 0 again; device 2 is one too many")
        #expect(summary.issues.map(\.line) == [4])
        #expect(summary.issues.first?.message.contains("more than 2 distinct devices") == true)
        #expect(ExportLimits.upload.maxDistinctSources < ExportLimits().maxDistinctSources)
    }
}
