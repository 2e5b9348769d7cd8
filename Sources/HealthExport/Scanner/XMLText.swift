/// Attribute-value decoding: entities, character references, normalisation and illegal characters.
enum XMLText {
    /// Decodes escaped attribute bytes into a string.
    ///
    /// `&lt; &gt; &amp; &quot; &apos;`, `&#NNN;` and `&#xHH;` are replaced; an unknown or unterminated reference is
    /// kept literally. Literal tab, line feed and carriage return become a space. Control characters XML 1.0
    /// forbids, references to them, and invalid UTF-8 become U+FFFD.
    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var clean = true
        for byte in bytes where byte == UInt8(ascii: "&") || byte < 0x20 {
            clean = false
            break
        }
        if clean { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&"), let (scalar, next) = reference(in: bytes, at: index) {
                append(scalar, to: &output)
                index = next
                continue
            }
            if byte == 0x09 || byte == 0x0A || byte == 0x0D {
                output.append(0x20)
            } else if byte < 0x20 {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// The scalar a reference at `start` (on `&`) stands for and the index after its `;`.
    private static func reference(in bytes: ArraySlice<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        var end = start + 1
        while end < bytes.endIndex, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.endIndex, bytes[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let body = bytes[(start + 1)..<end]
        let next = end + 1
        if body.first == UInt8(ascii: "#") {
            guard let value = number(body.dropFirst()) else { return nil }
            return (scalar(value), next)
        }
        switch String(decoding: body, as: UTF8.self) {
        case "lt": return ("<", next)
        case "gt": return (">", next)
        case "amp": return ("&", next)
        case "quot": return ("\"", next)
        case "apos": return ("'", next)
        default: return nil
        }
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> UInt32? {
        var digits = digits
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for digit in digits {
            let d: UInt32
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(digit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: d = UInt32(digit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: d = UInt32(digit - UInt8(ascii: "A") + 10)
            default: return nil
            }
            value = value &* radix &+ d
        }
        return value
    }

    /// The scalar for a code point, or U+FFFD for one XML 1.0 forbids.
    private static func scalar(_ value: UInt32) -> Unicode.Scalar {
        let allowed =
            value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || (0x10000...0x10FFFF).contains(value)
        guard allowed, let scalar = Unicode.Scalar(value) else { return replacement }
        return scalar
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: String(Character(scalar)).utf8)
    }
}
