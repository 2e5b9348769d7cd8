import Foundation
import Testing

@testable import HealthSync

/// HealthSync writes its batches as JSON text directly (SampleJSON, JSONText): what it writes must read back as the
/// same strings and numbers through a standard parser.
@Suite struct JSONTextTests {
    @Test("strings with quotes, backslashes, control characters and non-ASCII read back unchanged")
    func stringsReadBack() throws {
        let texts = [
            "plain", "quote \" inside", "back\\slash", "line\nbreak\tand\rreturn", "\u{01}\u{1F}", "Ana’s 🏃 Watch", "",
        ]
        var json = JSONText()
        json.openArray()
        for text in texts {
            json.element()
            json.string(text)
        }
        json.closeArray()
        let parsed = try JSONSerialization.jsonObject(with: Data(json.bytes)) as? [String]
        #expect(parsed == texts)
    }

    @Test("numbers read back as the same Double (the server's JSONDecoder); a non-finite one is null")
    func numbersReadBack() throws {
        let numbers: [Double] = [0, -0.0, 1, -7, 57, 0.1, 1e-5, 12.345678901234567, 1e15, 2.5e20, -3.75, 1e300]
        var json = JSONText()
        json.openArray()
        for number in numbers {
            json.element()
            json.number(number)
        }
        json.closeArray()
        let decoded = try JSONDecoder().decode([Double].self, from: Data(json.bytes))
        #expect(decoded == numbers)
        #expect(decoded[1].sign == .minus, "negative zero keeps its sign")

        var other = JSONText()
        other.open()
        other.key("nan")
        other.number(.nan)
        other.key("yes")
        other.boolean(true)
        other.key("no")
        other.boolean(false)
        other.close()
        #expect(String(decoding: other.bytes, as: UTF8.self) == #"{"nan":null,"yes":true,"no":false}"#)
    }
}
