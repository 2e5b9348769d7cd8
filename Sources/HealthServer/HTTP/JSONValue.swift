import Foundation
import HealthAPIInput

/// A JSON value, for documents the server builds by hand (problems, events) and writes deterministically.
public enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as UTF-8 JSON, object keys sorted.
    public func encoded() -> [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .number(let value): out += Array(Self.number(value).utf8)
        case .string(let value): Self.write(string: value, into: &out)
        case .array(let values):
            out.append(0x5B)
            for (index, value) in values.enumerated() {
                if index > 0 { out.append(0x2C) }
                value.write(into: &out)
            }
            out.append(0x5D)
        case .object(let members):
            out.append(0x7B)
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(0x2C) }
                Self.write(string: key, into: &out)
                out.append(0x3A)
                members[key]?.write(into: &out)
            }
            out.append(0x7D)
        }
    }

    /// A finite number as JSON (integers without a fraction); NaN and infinities, which JSON cannot carry, as null.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9.007_199_254_740_992e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func write(string: String, into out: inout [UInt8]) {
        out.append(0x22)
        for byte in string.utf8 {
            switch byte {
            case 0x22: out += [0x5C, 0x22]
            case 0x5C: out += [0x5C, 0x5C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: out += [0x5C, 0x72]
            case 0x09: out += [0x5C, 0x74]
            case 0..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out += [0x5C, 0x75, 0x30, 0x30, digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            default: out.append(byte)
            }
        }
        out.append(0x22)
    }
}

/// Checks a request body before it is decoded (HealthAPIInput's ``JSONBodyShape``): nesting depth and string
/// lengths within the server's limits, so a hostile body is a 400 naming the limit, not a deep recursion.
enum JSONShape {
    /// - Throws: ``APIError`` 400 naming the limit and the byte offset.
    static func check(_ bytes: some Collection<UInt8>, maxDepth: Int, maxString: Int) throws {
        try Query.map { () throws(InputError) in
            try JSONBodyShape.check(bytes, maxDepth: maxDepth, maxString: maxString)
        }
    }
}
