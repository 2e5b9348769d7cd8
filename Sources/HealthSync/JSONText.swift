import Foundation

/// JSON text appended piece by piece into UTF-8 bytes: objects, arrays, keys, strings (escaped as RFC 8259 asks),
/// numbers, booleans. The caller writes a well-formed document (a key before each member's value, `element()`
/// before each array element); the writer places the commas.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// Whether the innermost open object or array has a member yet (a comma goes before the next one).
    private var hasMember: [Bool] = []
    private static let hex = Array("0123456789abcdef".utf8)

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func open() {
        bytes.append(UInt8(ascii: "{"))
        hasMember.append(false)
    }

    mutating func close() {
        bytes.append(UInt8(ascii: "}"))
        hasMember.removeLast()
    }

    mutating func openArray() {
        bytes.append(UInt8(ascii: "["))
        hasMember.append(false)
    }

    mutating func closeArray() {
        bytes.append(UInt8(ascii: "]"))
        hasMember.removeLast()
    }

    /// A member's key (and the comma before it, if it is not the first).
    mutating func key(_ name: String) {
        element()
        string(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Before an array's element: the comma, if it is not the first.
    mutating func element() {
        if hasMember.last == true { bytes.append(UInt8(ascii: ",")) }
        if !hasMember.isEmpty { hasMember[hasMember.count - 1] = true }
    }

    mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings (identifiers, names, dates) need no escape: their UTF-8 goes in at once.
        var text = text
        let plain = text.withUTF8 { utf8 in
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !plain { escape(text) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string's UTF-8 with the escapes RFC 8259 requires.
    private mutating func escape(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(Self.hex[Int(byte >> 4)])
                bytes.append(Self.hex[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
    }

    /// A number in the shortest form that reads back as the same Double; a non-finite one (not JSON) as null, which
    /// the server refuses for that item by index.
    mutating func number(_ value: Double) {
        guard value.isFinite else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        if value == value.rounded(), abs(value) < 1e15, !(value == 0 && value.sign == .minus) {
            integer(Int64(value))
        } else {
            bytes.append(contentsOf: "\(value)".utf8)
        }
    }

    mutating func integer(_ value: Int64) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func boolean(_ value: Bool) {
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }
}
