import Foundation
import HealthExport
import Testing

/// Inputs the fuzzer (Fuzz/, scripts/fuzz) found to scan differently in chunks than in one piece.
@Suite("XMLScanner chunk boundaries")
struct XMLScannerChunkBoundaryTests {
    /// Scans `bytes` in chunks of `size`, returning the events or the error.
    private func scan(_ bytes: [UInt8], chunkSize size: Int) -> Result<[XMLScanner.Event], ExportError> {
        var scanner = XMLScanner()
        var events: [XMLScanner.Event] = []
        do throws(ExportError) {
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                try scanner.feed(bytes[offset..<end]) { events.append(XMLScanner.Event($0)) }
                offset = end
            }
            try scanner.finish { events.append(XMLScanner.Event($0)) }
            return .success(events)
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func byteOrderMarkSplitAcrossChunks(size: Int) throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en\"/>\n".utf8)
        let whole = try XMLScanner.scanAll(bytes)
        #expect(whole.count == 2)
        #expect(try scan(bytes, chunkSize: size).get() == whole)
    }

    @Test(arguments: [1, 2])
    func partialByteOrderMarkAloneIsStillNotXML(size: Int) {
        for bytes: [UInt8] in [[0xEF], [0xEF, 0xBB], [0xEF, 0xBB, 0x3C]] {
            guard case .failure(let error) = scan(bytes, chunkSize: size) else {
                Issue.record("\(bytes) scanned without an error")
                continue
            }
            #expect(error.code == .notXML || error.code == .truncated)
            #expect(throws: error) { try XMLScanner.scanAll(bytes) }
        }
    }

    /// Found by the fuzzer: a second root element whose tag spans lines was located before its own line start
    /// (a negative column). It is now reported where the tag starts.
    @Test func aSecondRootSpanningLinesIsLocatedAtItsStart() {
        let bytes = Array("<a/>\n  <b x=\"1\"\n     y=\"2\"/>".utf8)
        do {
            _ = try XMLScanner.scanAll(bytes)
            Issue.record("a second root scanned without an error")
        } catch {
            #expect(error.code == .contentAfterRoot)
            #expect(error.line == 2)
            #expect(error.column == 3)
        }
    }
}
