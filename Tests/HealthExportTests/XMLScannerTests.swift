import Foundation
import HealthExport
import Testing

@Suite("XMLScanner")
struct XMLScannerTests {
    private func scan(_ text: String) throws -> [XMLScanner.Event] {
        try XMLScanner.scanAll(Array(text.utf8))
    }

    private func failure(_ text: String) -> ExportError? {
        failure(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> ExportError? {
        do {
            _ = try XMLScanner.scanAll(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func startAndEndTagsWithPositions() throws {
        let events = try scan("<?xml version=\"1.0\"?>\n<a x=\"1\" y='two'>\n  <b/>\n</a>\n")
        #expect(
            events == [
                .start(
                    name: "a",
                    attributes: [XMLAttribute(name: "x", value: "1"), XMLAttribute(name: "y", value: "two")],
                    line: 2, column: 1),
                .start(name: "b", attributes: [], line: 3, column: 3),
                .end(name: "b", line: 3, column: 3),
                .end(name: "a", line: 4, column: 1),
            ])
    }

    @Test func decodesEntitiesAndCharacterReferences() throws {
        let events = try scan(
            #"<a v="&lt;&lt;x&gt; &amp; &quot;q&quot; &apos;s&apos; &#183; &#xB7; R & D; & done"/>"#)
        guard case .start(_, let attributes, _, _) = events.first else {
            Issue.record("no start tag")
            return
        }
        #expect(attributes == [XMLAttribute(name: "v", value: "<<x> & \"q\" 's' · · R & D; & done")])
    }

    @Test func replacesIllegalControlCharactersAndNormalisesWhitespace() throws {
        let bytes: [UInt8] = Array("<a v=\"x".utf8) + [0x0B] + Array("y&#11;z\tw\nv\"/>".utf8)
        let events = try XMLScanner.scanAll(bytes)
        guard case .start(_, let attributes, _, _) = events.first else {
            Issue.record("no start tag")
            return
        }
        #expect(attributes.first?.value == "x\u{FFFD}y\u{FFFD}z w v")
    }

    @Test func skipsDoctypeWithBrokenAttlist() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            <!-- HealthKit Export Version: 12 -->
            <!ATTLIST VisionPrescription
              type CDATA #REQUIRED

            <!ELEMENT RightEye EMPTY>
            ]>
            <HealthData locale="en_US"><!-- a comment with <Record> inside --></HealthData>
            """
        let events = try scan(text)
        #expect(
            events == [
                .start(
                    name: "HealthData", attributes: [XMLAttribute(name: "locale", value: "en_US")], line: 9, column: 1),
                .end(name: "HealthData", line: 9, column: 67),
            ])
    }

    @Test func recoversLegacyAttributeNamesWithSpaces() throws {
        var scanner = XMLScanner()
        var events: [XMLScanner.Event] = []
        try scanner.feed(Array(#"<Record source="Moves" Meta Data Key = "Walking" value="1"/>"#.utf8)) {
            events.append(XMLScanner.Event($0))
        }
        try scanner.finish { events.append(XMLScanner.Event($0)) }
        #expect(scanner.recoveredAttributeNames == 1)
        guard case .start(_, let attributes, _, _) = events.first else {
            Issue.record("no start tag")
            return
        }
        #expect(attributes.map(\.name) == ["source", "Meta Data Key", "value"])
        #expect(attributes[1].value == "Walking")
    }

    @Test func chunkBoundariesAnywhereGiveTheSameEvents() throws {
        let url = try #require(
            Bundle.module.url(forResource: "v14-modern", withExtension: "xml", subdirectory: "Fixtures"))
        let bytes = try [UInt8](Data(contentsOf: url))
        let whole = try XMLScanner.scanAll(bytes)
        for size in [1, 2, 3, 7, 64, 1000] {
            var scanner = XMLScanner()
            var events: [XMLScanner.Event] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + size)
                try scanner.feed(bytes[offset..<end]) { events.append(XMLScanner.Event($0)) }
                offset = end
            }
            try scanner.finish { events.append(XMLScanner.Event($0)) }
            #expect(events == whole, "chunk size \(size)")
            #expect(scanner.bytesConsumed == bytes.count)
        }
    }

    @Test func skipsByteOrderMarkCommentsCDATAAndProcessingInstructions() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<a><![CDATA[<b>]]><?pi x?><!-- c --></a>".utf8)
        #expect(
            try XMLScanner.scanAll(bytes) == [
                .start(name: "a", attributes: [], line: 1, column: 4), .end(name: "a", line: 1, column: 40),
            ])
    }

    @Test func truncatedTagIsAnError() throws {
        let error = try #require(failure("<HealthData>\n <Record type=\"x"))
        #expect(error.code == .truncated)
        #expect(error.line == 2)
        #expect(error.column == 2)
    }

    @Test func openElementsAtTheEndAreAnError() throws {
        let error = try #require(failure("<HealthData>\n <Record/>\n"))
        #expect(error.code == .truncated)
        #expect(error.line == 3)
        #expect(error.column == 1)
    }

    @Test func unterminatedAttributeIsAnError() throws {
        let error = try #require(failure("<a>\n  <b v=\"1/>\n  <c/>\n</a>"))
        #expect(error.code == .unterminatedAttribute)
        #expect(error.line == 2)
        #expect(error.column == 8)
    }

    @Test func mismatchedEndTagIsAnError() throws {
        let error = try #require(failure("<a>\n<b></c></a>"))
        #expect(error.code == .mismatchedTag)
        #expect(error.line == 2)
        #expect(error.column == 4)
        #expect(error.description == "mismatchedTag at 2:4: end tag </c> closes <b>")
    }

    @Test func nonXMLBytesAreAnError() throws {
        let error = try #require(failure([0x50, 0x4B, 0x03, 0x04, 0x00, 0xFF]))
        #expect(error.code == .notXML)
        #expect(error.line == 1)
        #expect(error.column == 1)
    }

    @Test func emptyDocumentIsAnError() throws {
        let empty = try #require(failure([]))
        #expect(empty.code == .emptyDocument)
        #expect(empty.line == 1)
        #expect(empty.column == 1)
        let prologOnly = try #require(failure("<?xml version=\"1.0\"?>\n"))
        #expect(prologOnly.code == .emptyDocument)
        #expect(prologOnly.line == 2)
    }

    @Test func malformedTagsAreErrors() throws {
        #expect(failure("<a><1/></a>")?.code == .malformedTag)
        #expect(failure("<a b/>")?.code == .malformedTag)
        #expect(failure("<a b=c/>")?.code == .malformedTag)
        #expect(failure("<a/><b/>")?.code == .contentAfterRoot)
        #expect(failure("<a/>text")?.code == .contentAfterRoot)
        #expect(failure("</a>")?.code == .mismatchedTag)
    }
}

/// A tag longer than the scanner's limit fails at once, located, after holding no more than the limit — a 200 MB
/// attribute is not held whole (nor re-scanned at every chunk) before failing.
@Suite("XML scanner: the tag-length limit")
struct XMLScannerLimitTests {
    @Test func aTagLongerThanTheLimitFailsLocatedWithoutReadingTheRest() throws {
        var scanner = XMLScanner(maxTagBytes: 64 * 1_024)
        let head = Array("<HealthData>\n <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"".utf8)
        var fed = 0
        var failure: ExportError?
        do {
            try scanner.feed(head) { _ in }
            let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 16 * 1_024)
            for _ in 0..<10_000 {  // 160 MB if it were all read
                fed += chunk.count
                try scanner.feed(chunk) { _ in }
            }
        } catch {
            failure = error
        }
        let error = try #require(failure)
        #expect(error.code == .limitExceeded)
        #expect(
            error.line == 2 && error.column == 2,
            "at the start of the tag: \(String(describing: error.line)):\(String(describing: error.column))")
        #expect(fed <= 80 * 1_024, "failed within a chunk of the limit, after \(fed) bytes")
        #expect(!error.message.contains("aaaa"), "the value is not echoed")
    }

    @Test func tagsUpToTheLimitScan() throws {
        var scanner = XMLScanner(maxTagBytes: 64 * 1_024)
        let value = String(repeating: "b", count: 60 * 1_024)
        var starts = 0
        try scanner.feed(Array("<HealthData><Record sourceName=\"\(value)\"/></HealthData>".utf8)) { token in
            if case .start = token { starts += 1 }
        }
        try scanner.finish { _ in }
        #expect(starts == 2)
    }

    @Test func anUndefinedEntityReferenceIsALocatedErrorNotALiteral() throws {
        for reference in ["&lol9;", "&secret;", "&#xZZ;", "&nbsp;"] {
            let text = "<HealthData>\n <Record sourceName=\"a \(reference) b\"/></HealthData>"
            var found: ExportError?
            do { _ = try XMLScanner.scanAll(Array(text.utf8)) } catch { found = error }
            let error = try #require(found)
            #expect(error.code == .undefinedEntity, "\(reference)")
            #expect(error.line == 2, "\(reference): line \(error.line)")
            #expect(error.message.contains(reference), "names the reference: \(error.message)")
        }
    }

    @Test func anUndefinedReferenceInAMultiLineValueIsLocatedAtTheValue() throws {
        // Found by the fuzzer: the line breaks inside the value made the column negative.
        let text = "<HealthData>\n <Record a=\"x\n\n&bogus;\"/></HealthData>"
        var found: ExportError?
        do { _ = try XMLScanner.scanAll(Array(text.utf8)) } catch { found = error }
        let error = try #require(found)
        #expect(error.code == .undefinedEntity)
        #expect(error.line == 2 && error.column == 13, "at the value's start: \(error.line):\(error.column)")
    }

    @Test func nestingDeeperThanTheLimitFailsLocated() throws {
        var scanner = XMLScanner(maxDepth: 8)
        let deep =
            "<HealthData>" + String(repeating: "<a>", count: 7) + String(repeating: "</a>", count: 7)
            + "</HealthData>"
        try scanner.feed(Array(deep.utf8)) { _ in }
        try scanner.finish { _ in }
        var tooDeep = XMLScanner(maxDepth: 8)
        let text = "<HealthData>\n" + String(repeating: "<a>", count: 8)
        do {
            try tooDeep.feed(Array(text.utf8)) { _ in }
            Issue.record("nine levels scanned")
        } catch {
            #expect(error.code == .limitExceeded)
            #expect(error.line == 2 && error.column == 22, "at the ninth element: \(error.line):\(error.column)")
        }
    }
}
