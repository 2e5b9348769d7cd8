import Foundation
import Testing

@testable import HealthServer

/// The sync route parses its bodies with JSONBytesParser instead of JSONDecoder (decision 0032): it must read
/// every document as the standard decoder does, numbers to the same Double, and refuse what is not JSON.
@Suite struct JSONBytesParserTests {
    static func parsed(_ text: String) throws -> JSONValue {
        try JSONBytesParser.parse(Array(text.utf8))
    }

    static func decoded(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test("documents read as JSONDecoder reads them: nesting, escapes, literals, whitespace, duplicate keys")
    func readsAsTheDecoderDoes() throws {
        let documents = [
            #"{"batch":"a-1","type":"HKQuantityTypeIdentifierStepCount","samples":[{"uuid":"X","quantity":{"value":57,"unit":"count"}}],"deleted":[]}"#,
            " \n\t{ \"a\" : [ 1 , 2.5 , -3e2 , true , false , null , { } , [ ] ] }\r\n",
            #"["quote \" back \\ slash \/ \b\f\n\r\t", "\u00e9\u20ac", "\ud83c\udfc3 run", "Ana’s 🏃 Watch", ""]"#,
            #"{"k":1,"k":2}"#, "0", "-0", "[1e-7, 12.345678901234567, 9007199254740993, 1E+3, 0.1, 123456789012345.5]",
        ]
        for document in documents {
            #expect(try Self.parsed(document) == Self.decoded(document), "\(document)")
        }
    }

    @Test("numbers read to the same Double as the standard library's conversion")
    func numbersMatchTheStandardConversion() throws {
        var state: UInt64 = 0xD1B5_4A32_D192_ED03
        var texts = ["0.3", "1.005", "999999999999999", "0.000000000000000000001", "4.35", "72.0", "-12.75"]
        for _ in 0..<3000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let whole = Int(truncatingIfNeeded: state >> 40) % 1_000_000
            let fraction = Int(truncatingIfNeeded: (state >> 8) & 0xFFFF_FFFF) % 100_000_000
            let places = Int(state & 0x7) + 1
            let padded = String(repeating: "0", count: 8 - String(fraction).count) + String(fraction)
            let digits = padded.prefix(places)  // leading zeros kept: "0.05"
            texts.append("\(state & 0x100 == 0 ? "-" : "")\(whole).\(digits)")
            texts.append(String(Double(bitPattern: state >> 2)))
        }
        // The fast path's edges: leading zeros of a fraction, 15 and 16 significant digits, 22 and 23 places.
        texts += [
            "0.000125", "-0.0000000000000000000001", "123456789012345", "1234567890123456", "0.123456789012345",
            "0.1234567890123456", "1.0000000000000000000001", "0.00000000000000000000012", "100000000000000000000000",
            "9007199254740993", "0.1e1", "5e-324", "1.7976931348623157e308",
        ]
        for text in texts where Double(text)?.isFinite == true {
            guard case .number(let number) = try Self.parsed(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            let expected = Double(text) ?? .nan
            #expect(number.bitPattern == expected.bitPattern, "\(text): \(number) against \(expected)")
        }
    }

    @Test("negative zero keeps its sign; a byte-order mark before the value is skipped, as JSONDecoder does")
    func signAndByteOrderMark() throws {
        guard case .number(let zero) = try Self.parsed("-0"), case .number(let fraction) = try Self.parsed("-0.0")
        else {
            Issue.record("not numbers")
            return
        }
        #expect(zero.sign == .minus && fraction.sign == .minus)
        let marked = [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8)
        #expect(try JSONBytesParser.parse(marked) == .object(["a": .number(1)]))
        #expect(try JSONDecoder().decode(JSONValue.self, from: Data(marked)) == .object(["a": .number(1)]))
    }

    @Test("what is not JSON is refused with where it breaks")
    func refusesWhatIsNotJSON() throws {
        let broken = [
            "", " ", "{", "[1,]", "[1 2]", #"{"a" 1}"#, #"{"a":1,}"#, "{a:1}", "01", "1.", ".5", "-", "1e", "+1",
            "tru", "nul", "[1] x", #""abc"#, "\"a\u{01}b\"", #""\x""#, #""\u12""#, #""\ud83c""#, #""\udfc3""#,
            "NaN", "1e999", "'a'",
        ]
        for text in broken {
            #expect(throws: JSONBytesParser.SyntaxError.self, "\(text)") { try Self.parsed(text) }
        }
        #expect(throws: JSONBytesParser.SyntaxError(offset: 3, reason: "',' or ']' is missing in an array")) {
            try Self.parsed("[1 2]")
        }
        // Invalid UTF-8 inside a string is refused, not repaired.
        #expect(throws: JSONBytesParser.SyntaxError.self) {
            try JSONBytesParser.parse([0x22, 0xC3, 0x28, 0x22])
        }
        #expect(throws: JSONBytesParser.SyntaxError.self) {
            try JSONBytesParser.parse([0x22, 0x5C, 0x6E, 0xFF, 0x22])
        }
    }
}
