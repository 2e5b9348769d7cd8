import Foundation
import HealthAPIInput

/// What the server reads from a request before the engine (HealthAPIInput), on the input read as a query string and
/// as a JSON body: nothing crashes; the query string re-encoded parses back to the same parameters; a reader's error
/// names the rule in a bounded message; a date that parses formats to a string that parses back to the same instant;
/// a body the shape check passes is decoded by `JSONDecoder` (what the server's request types go through) without
/// harm.
enum RequestInputCheck {
    /// The parameters the API reads, plus whatever the input names.
    static let names = ["type", "types", "start", "end", "limit", "interval", "by_source", "anchor", "all"]

    static func run(_ body: [UInt8]) {
        let text = String(decoding: body.prefix(4_096), as: UTF8.self)
        let query = QueryParameters(text)
        invariant(QueryParameters(rebuilt(query)) == query, "the query string does not survive re-encoding")
        let named = names + query.pairs.prefix(8).map(\.name)
        for name in named {
            invariant(
                query.get(name) == query.getAll(name).first, "get and getAll disagree on \(name.debugDescription)")
        }
        let reader = QueryReader(query)
        for name in named.prefix(16) {
            bounded { () throws(InputError) in _ = try reader.string(name) }
            bounded { () throws(InputError) in _ = try reader.date(name) }
            bounded { () throws(InputError) in _ = try reader.integer(name, in: 1...1_000) }
            bounded { () throws(InputError) in _ = try reader.bool(name) }
            bounded { () throws(InputError) in _ = try reader.type(name) }
            bounded { () throws(InputError) in _ = try reader.sampleTypes(name) }
            bounded { () throws(InputError) in _ = try WireDates.required(query.get(name), name) }
        }
        for pair in query.pairs.prefix(8) {
            guard let date = WireDates.parse(pair.value) else { continue }
            let written = WireDates.format(date)
            let again = WireDates.parse(written)
            invariant(
                again.map(WireDates.format) == written, "\(written.debugDescription) is not written the same way again")
            invariant(
                again.map { abs($0.timeIntervalSince(date)) <= 0.000_5 + 1e-6 } == true,
                "\(pair.value.debugDescription) does not format to a date that parses back")
        }
        bounded { () throws(InputError) in
            try JSONBodyShape.check(body, maxDepth: 32, maxString: 4_096)
            _ = try? JSONDecoder().decode(AnyJSON.self, from: Data(body))
        }
    }

    /// Runs a read; its error, if any, must say what is wrong in a bounded message (never the whole input).
    static func bounded(_ read: () throws(InputError) -> Void) {
        do { try read() } catch {
            // Two echoed pieces of at most 80 scalars (320 bytes) each, and the words around them.
            invariant(
                !error.detail.isEmpty && error.detail.utf8.count <= 1_000,
                "an input error of \(error.detail.utf8.count) bytes: \(error.detail.prefix(120).debugDescription)")
        }
    }

    /// The parameters written back as a query string, every byte of a value outside the unreserved set escaped.
    static func rebuilt(_ query: QueryParameters) -> String {
        query.pairs.map { pair in
            var encoded = ""
            for byte in pair.value.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
            return pair.name + "=" + encoded
        }.joined(separator: "&")
    }
}

/// Any JSON value, decoded recursively as the server's request types are.
enum AnyJSON: Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
