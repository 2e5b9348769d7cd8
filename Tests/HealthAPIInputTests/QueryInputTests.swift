import Foundation
import HealthAPIInput
import HealthCore
import Testing

/// What the server reads from a request before the engine: the query string, dates, body shape — each bad input an
/// error that names the field and never echoes more than a short prefix of what was sent.
@Suite struct QueryInputTests {
    @Test func theQueryStringSplitsAndDecodesAsDocumented() {
        let query = QueryParameters(
            "type=HKQuantityTypeIdentifierStepCount&&start=2025-06-01T00%3A00%3A00Z&flag&type=b%2Cc")
        #expect(query.get("start") == "2025-06-01T00:00:00Z")
        #expect(query.get("flag") == "")
        #expect(query.getAll("type") == ["HKQuantityTypeIdentifierStepCount", "b,c"])
        #expect(query.pairs.count == 4, "the empty piece is skipped")
        // A malformed escape or bytes that are not UTF-8 are kept as written; a name is never decoded.
        #expect(QueryParameters("a=100%").get("a") == "100%")
        #expect(QueryParameters("a=%zz%41").get("a") == "%zz%41")
        #expect(QueryParameters("a=%ff").get("a") == "%ff")
        #expect(QueryParameters("a%20b=1").get("a%20b") == "1")
        #expect(QueryParameters("a=x=y").get("a") == "x=y")
        #expect(QueryParameters(nil).pairs.isEmpty && QueryParameters("").pairs.isEmpty)
    }

    @Test func typedReadsNameTheFieldAndBoundWhatTheyEcho() throws {
        let long = String(repeating: "HKQuantityTypeIdentifierX", count: 20)
        let reader = QueryReader(
            QueryParameters(
                "limit=5000&start=yesterday&empty=&flag=maybe&type=\(long)&types=a,b,,c&ok=HKQuantityTypeIdentifierStepCount"
            ))
        #expect(throws: InputError("limit must be a whole number from 1 to 1000")) {
            try reader.integer("limit", in: 1...1_000)
        }
        #expect(throws: InputError("start is not an RFC 3339 date (e.g. 2025-06-01T00:00:00Z)")) {
            try reader.date("start")
        }
        #expect(throws: InputError("empty is empty (leave it out instead)")) { try reader.string("empty") }
        #expect(throws: InputError("flag must be true or false")) { try reader.bool("flag") }
        do {
            _ = try reader.type("type")
            Issue.record("a 500-character type was accepted")
        } catch {
            #expect(error.detail.count < 150, "echoes at most a prefix: \(error.detail.count) characters")
        }
        #expect(reader.list("types") == ["a", "b", "c"])
        #expect(try reader.type("ok") == .quantity(.stepCount))
        #expect(try reader.integer("absent", in: 1...3) == nil && (try reader.bool("absent")) == false)
        #expect(throws: InputError.self) {
            try QueryReader.quantityType("HKCategoryTypeIdentifierSleepAnalysis", field: "type")
        }
        let many = QueryReader(
            QueryParameters(
                "type=" + Array(repeating: "HKQuantityTypeIdentifierStepCount", count: 21).joined(separator: ",")))
        #expect(throws: InputError("type lists 21 types; at most 20")) { try many.sampleTypes() }
    }

    @Test func wireDatesReadOffsetsAndFractionsAndRefuseTheRest() throws {
        let date = try #require(WireDates.parse("2025-06-01T09:30:00+02:00"))
        #expect(WireDates.format(date) == "2025-06-01T07:30:00.000Z")
        #expect(WireDates.parse("2025-06-01T07:30:00.250Z") == date.addingTimeInterval(0.25))
        // Written to the nearest millisecond, so a date read from the wire is written back as it came (the
        // formatter alone truncated .255, a hair under as a Double, to .254).
        for text in ["2025-06-02T00:00:00.255Z", "2025-06-02T00:00:00.999Z", "2031-12-31T23:59:59.001Z"] {
            #expect(WireDates.parse(text).map(WireDates.format) == text)
        }
        #expect(WireDates.parse("2025-06-01") == nil && WireDates.parse(String(repeating: "9", count: 41)) == nil)
        #expect(throws: InputError("end is missing")) { try WireDates.required(nil, "end") }
    }

    @Test func aBodyTooDeepOrWithAHugeStringIsRefusedWithItsOffset() throws {
        try JSONBodyShape.check(Array(#"{"a":[1,{"b":"x\"y"}]}"#.utf8), maxDepth: 3, maxString: 10)
        #expect(throws: InputError("the body is nested deeper than 3 levels (at byte 3)")) {
            try JSONBodyShape.check(Array("[[[[1]]]]".utf8), maxDepth: 3, maxString: 10)
        }
        #expect(throws: InputError("a string in the body is longer than 4 bytes (at byte 6)")) {
            try JSONBodyShape.check(Array(#"["abcdef"]"#.utf8), maxDepth: 3, maxString: 4)
        }
        // Brackets inside strings do not count.
        try JSONBodyShape.check(Array(#"["[[[[[["]"#.utf8), maxDepth: 1, maxString: 10)
        // A collection without contiguous storage is checked the same way, offsets included.
        let scattered = Array("[[[[1]]]]".utf8).lazy.map { $0 }
        #expect(throws: InputError("the body is nested deeper than 3 levels (at byte 3)")) {
            try JSONBodyShape.check(scattered, maxDepth: 3, maxString: 10)
        }
        try JSONBodyShape.check(Array(#"{"a":"x"}"#.utf8).lazy.map { $0 }, maxDepth: 1, maxString: 1)
    }

    /// A fuzzer finding: a value starting with an encoded byte-order mark lost it (Foundation's
    /// `removingPercentEncoding` drops it), so the query did not survive being written back.
    @Test func aLeadingByteOrderMarkIsKept() {
        #expect(QueryParameters("a=%EF%BB%BFx").get("a") == "\u{FEFF}x")
        #expect(QueryParameters("a=%E2%82%AC%20%41").get("a") == "€ A")
        #expect(QueryParameters("a=%ZZ").get("a") == "%ZZ")
        #expect(QueryParameters("a=%4").get("a") == "%4")
        #expect(QueryParameters("a=%FF").get("a") == "%FF")
    }
}
