/// RFC 8259 JSON text parsed into a ``JSONValue`` in one pass over its bytes, for the bodies that are too large
/// for Codable's cost (a phone's sync batch: decision 0032). Strict: one value with whitespace around it (after an optional UTF-8 byte-order mark), strings
/// of valid UTF-8 without raw control characters, numbers as the grammar writes them; of duplicate keys the first wins
/// (JSONDecoder's choice).
/// The caller bounds the nesting first (``JSONShape``), so the recursion here is bounded too.
struct JSONBytesParser {
    /// Why the text is not JSON, and where.
    struct SyntaxError: Error, Equatable {
        let offset: Int
        let reason: String
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    /// The value the bytes hold.
    /// - Throws: ``SyntaxError`` at the first byte that breaks the grammar.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(SyntaxError) -> JSONValue {
        var parser = JSONBytesParser(bytes: bytes)
        // A UTF-8 byte-order mark before the value is skipped, as JSONDecoder skips it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.failure("text after the value") }
        return value
    }

    /// The value the bytes of an array hold.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(SyntaxError) in try parse(buffer) }
        }
        return try result.get()
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func failure(_ reason: String) -> SyntaxError { SyntaxError(offset: index, reason: reason) }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value() throws(SyntaxError) -> JSONValue {
        guard let byte = current else { throw failure("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("not the start of a value")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(SyntaxError) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw failure("not a value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw failure("not a value")
        }
        index += count
        return value
    }

    private mutating func object() throws(SyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("an object's key must be a string") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("':' is missing after a key") }
            index += 1
            skipWhitespace()
            let member = try value()
            if members[key] == nil { members[key] = member }  // the first of duplicate keys, as JSONDecoder
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("',' or '}' is missing in an object")
            }
        }
    }

    private mutating func array() throws(SyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try value())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(elements)
            default: throw failure("',' or ']' is missing in an array")
            }
        }
    }

    // MARK: Strings

    private mutating func string() throws(SyntaxError) -> String {
        index += 1
        let start = index
        // The common case: no escape, taken as it is (validated as UTF-8).
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<index])
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw SyntaxError(offset: start, reason: "a string is not valid UTF-8")
                }
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw failure("a control character inside a string") }
            index += 1
        }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard let byte = current else { throw failure("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: decoded, as: UTF8.self) else {
                    throw SyntaxError(offset: start, reason: "a string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                try escape(into: &decoded)
            case 0..<0x20:
                index -= 1
                throw failure("a control character inside a string")
            default:
                decoded.append(byte)
            }
        }
    }

    private mutating func escape(into decoded: inout [UInt8]) throws(SyntaxError) {
        guard let byte = current else { throw failure("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(byte)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else { throw failure("a high surrogate without its low one") }
                index += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("a high surrogate without its low one") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("a low surrogate alone")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("not a Unicode scalar") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
        default:
            index -= 1
            throw failure("an unknown escape")
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("\\u needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    // MARK: Numbers

    /// Powers of ten exactly representable as a Double (the fast path's range).
    private static let exactPowers: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// A number as the grammar writes it (`-? int frac? exp?`). Up to 15 significant digits and 22 decimal places
    /// it is one exact integer divided by an exact power of ten — correctly rounded; longer ones go through the
    /// standard library's conversion.
    private mutating func number() throws(SyntaxError) -> Double {
        let start = index
        var negative = false
        if current == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            throw failure("a number needs a digit")
        }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw failure("a fraction needs a digit")
            }
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                if digits < 19 { mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0")) }
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                fractionDigits += 1
                index += 1
            }
        }
        var hasExponent = false
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                throw failure("an exponent needs a digit")
            }
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
        }
        if !hasExponent, digits <= 15, fractionDigits <= 22 {
            let magnitude = Double(mantissa) / Self.exactPowers[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw SyntaxError(offset: start, reason: "a number out of range")
        }
        return value
    }
}
