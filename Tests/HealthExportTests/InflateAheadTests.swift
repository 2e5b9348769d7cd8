import Foundation
import HealthCore
import Testing

@testable import HealthExport

/// The archive's document inflated ahead on a thread of the reader's own (`ZipEntryPrefetcher`, decision 0021):
/// the same output as inflating inline, errors where the reader met them, and the thread gone once the reader is.
@Suite("Inflating ahead")
struct InflateAheadTests {
    /// Every batch's samples (with their UUIDs), activity summaries and route files, and the summary, parsed with
    /// `inflateAhead` and the given chunk size.
    static func parse(_ url: URL, inflateAhead: Int, chunkSize: Int) throws -> ([String], ExportSummary) {
        var options = ExportParser.Options(chunkSize: chunkSize)
        options.inflateAhead = inflateAhead
        var lines: [String] = []
        let summary = try ExportParser(options: options).parse(fileAt: url) { batch in
            lines += batch.samples.map { ImportSupport.canonical($0) }
            lines += batch.activitySummaries.map { "\($0)" }
            lines += batch.routeFiles.map { "\($0)" }
        }
        return (lines, summary)
    }

    @Test func aGeneratedArchiveParsesTheSameInlineAndAhead() throws {
        let (url, truth) = try GeneratedExportTests.generate("export.zip")
        let (inline, inlineSummary) = try Self.parse(url, inflateAhead: 0, chunkSize: 1 << 16)
        #expect(inlineSummary.recordCount == truth.counts.elements["Record"])
        #expect(inline.count > 1_000)
        // Small chunks, so that thousands pass through the queue, at depths 1 and 3.
        for depth in [1, 3] {
            let (ahead, aheadSummary) = try Self.parse(url, inflateAhead: depth, chunkSize: 4_096)
            #expect(ahead == inline)
            #expect(aheadSummary == inlineSummary)
        }
    }

    @Test(arguments: [0, 2])
    func aWrongChecksumFailsAfterTheChunksBeforeIt(inflateAhead: Int) throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = Data(Self.document(records: 400).utf8)
        let url = directory.appendingPathComponent("damaged.zip")
        try ZipFixture.write(url, entries: [("apple_health_export/export.xml", document)])
        try Self.corruptChecksums(of: url)

        var options = ExportParser.Options(chunkSize: 4_096)
        options.inflateAhead = inflateAhead
        let reader = try ExportReader(url: url, options: options)
        var samples = 0
        var failure: ExportError?
        do {
            while let batch = try reader.next() { samples += batch.samples.count }
        } catch let error as ExportError {
            failure = error
        }
        #expect(failure?.code == .checksumMismatch)
        #expect(failure?.file == "damaged.zip/apple_health_export/export.xml")
        // Every chunk before the check was scanned first (the checksum is checked once the entry has ended); the
        // one batch is handed out only at the document's end, which the failed check never reached.
        #expect(reader.progress.bytesRead == document.count)
        #expect(samples == 0)
        // Asked again, the reader throws the same (it neither hangs on a thread that has gone nor finishes the
        // document as if the check had passed).
        var again: ExportError?
        do { _ = try reader.next() } catch let error as ExportError { again = error }
        #expect(again == failure)
    }

    @Test func thePrefetcherReturnsTheEndAgainAndStopsWhenAbandoned() throws {
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = Data(Self.document(records: 2_000).utf8)
        let url = directory.appendingPathComponent("export.zip")
        try ZipFixture.write(url, entries: [("apple_health_export/export.xml", document)])
        let handle = try FileHandle(forReadingFrom: url)
        let zip = try ZipDirectory(handle: handle, name: "export.zip")
        try handle.close()
        let entry = try #require(zip.entries.first { $0.path.hasSuffix("export.xml") })

        // Read to the end: the chunks are the document, then nil, and nil again.
        let whole = ZipEntryPrefetcher(
            reader: try ZipEntryReader(url: url, entry: entry, directory: zip, chunkSize: 4_096, buffers: 3),
            depth: 1)
        var read = Data()
        while let chunk = try whole.next() { read.append(chunk) }
        #expect(read == document)
        #expect(try whole.next() == nil)

        // Abandoned after one chunk: the thread stops and lets go of the reader.
        weak var released: ZipEntryReader?
        let abandoned: ZipEntryPrefetcher = try {
            let reader = try ZipEntryReader(url: url, entry: entry, directory: zip, chunkSize: 4_096, buffers: 3)
            released = reader
            return ZipEntryPrefetcher(reader: reader, depth: 1)
        }()
        #expect(try abandoned.next()?.count == 4_096)
        abandoned.abandon()
        let deadline = Date().addingTimeInterval(10)
        while released != nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(released == nil)
    }

    /// A document of `records` step counts a minute apart, about 250 bytes each.
    static func document(records: Int) -> String {
        let lines = (0..<records).map { index in
            let start = String(
                format: "2025-06-%02d %02d:%02d:00 +0900", 1 + index / 1_440, index / 60 % 24, index % 60)
            let end = String(format: "2025-06-%02d %02d:%02d:30 +0900", 1 + index / 1_440, index / 60 % 24, index % 60)
            return #" <Record type="HKQuantityTypeIdentifierStepCount" sourceName="iPhone" sourceVersion="18.5" "#
                + #"unit="count" startDate="\#(start)" endDate="\#(end)" value="\#(index % 97 + 1)"/>"#
        }
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_US\">\n"
            + lines.joined(separator: "\n") + "\n</HealthData>\n"
    }

    /// Replaces the CRC-32 of every entry, in its local header and in the central directory, with its complement.
    static func corruptChecksums(of url: URL) throws {
        var bytes = [UInt8](try Data(contentsOf: url))
        func word(at offset: Int) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
        }
        var patched = 0
        var offset = 0
        while offset + 46 <= bytes.count {
            let signature = word(at: offset)
            let crcOffset: Int? =
                signature == 0x0403_4B50 ? offset + 14 : signature == 0x0201_4B50 ? offset + 16 : nil
            if let crcOffset {
                for index in 0..<4 { bytes[crcOffset + index] = ~bytes[crcOffset + index] }
                patched += 1
                offset += 4
            } else {
                offset += 1
            }
        }
        #expect(patched >= 2)
        try Data(bytes).write(to: url)
    }
}
