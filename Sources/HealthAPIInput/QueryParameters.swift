import Foundation

/// The parameters of a URL query string (`type=a&type=b&start=…`), in order: split at `&`, each at its first `=`;
/// values are percent-decoded (a value that does not decode is kept as written), names are not; a parameter
/// without `=` has an empty value. Empty pieces (`a=1&&b=2`) are skipped.
///
/// ```swift
/// let query = QueryParameters("type=HKQuantityTypeIdentifierStepCount&start=2025-06-01T00%3A00%3A00Z")
/// query.get("start")   // "2025-06-01T00:00:00Z"
/// ```
public struct QueryParameters: Sendable, Hashable {
    /// The name–value pairs in query order.
    public let pairs: [(name: String, value: String)]

    /// Parses a query string (without the `?`); nil or empty gives no parameters.
    public init(_ query: String?) {
        guard let query, !query.isEmpty else {
            pairs = []
            return
        }
        pairs = query.utf8.split(separator: UInt8(ascii: "&")).map { piece in
            guard let equals = piece.firstIndex(of: UInt8(ascii: "=")) else {
                return (String(decoding: piece, as: UTF8.self), "")
            }
            let name = String(decoding: piece[piece.startIndex..<equals], as: UTF8.self)
            let raw = piece[piece.index(after: equals)...]
            return (name, Self.percentDecoded(raw) ?? String(decoding: raw, as: UTF8.self))
        }
    }

    /// The first value of a parameter.
    public func get(_ name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of a parameter, in order.
    public func getAll(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// `%XX` decoded to bytes, read as UTF-8; nil for a malformed escape or bytes that are not UTF-8. Decoded by
    /// hand: Foundation's `removingPercentEncoding` drops a leading byte-order mark (`%EF%BB%BF…`), so a value would
    /// not survive being written back (found by the fuzzer's `RequestInputCheck`).
    static func percentDecoded(_ raw: Substring.UTF8View.SubSequence) -> String? {
        guard raw.contains(UInt8(ascii: "%")) else { return String(decoding: raw, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                index = raw.index(after: index)
                continue
            }
            let high = raw.index(after: index)
            guard high < raw.endIndex, raw.index(after: high) < raw.endIndex,
                let upper = hexValue(raw[high]), let lower = hexValue(raw[raw.index(after: high)])
            else { return nil }
            bytes.append(upper << 4 | lower)
            index = raw.index(high, offsetBy: 2)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for pair in pairs {
            hasher.combine(pair.name)
            hasher.combine(pair.value)
        }
    }
}
