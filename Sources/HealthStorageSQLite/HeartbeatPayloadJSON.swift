import Foundation
import HealthCore
import HealthStorage

/// The stored JSON of a heartbeat series' payload, written directly: byte for byte what ``StoredJSON``'s encoder
/// writes for ``PayloadSample/Payload/heartbeats(_:)`` (decision 0018), in a fraction of its time. Heartbeat series
/// were about half of the JSON a Health export's import encodes (BENCHMARKS.md, issue 17).
///
/// The encoder's layout: `{"heartbeats":{"_0":[…]}}`, each beat `{"t":…}` or, preceded by a gap,
/// `{"gap":true,"t":…}` (keys sorted); a number is its shortest round-trip `description` without a trailing
/// `.0`. A beat whose time is not finite goes to the encoder, which refuses it as it always did.
enum HeartbeatPayloadJSON {
    private static let opening = Array(#"{"heartbeats":{"_0":["#.utf8)
    private static let closing = Array("]}}".utf8)
    private static let beat = Array(#"{"t":"#.utf8)
    private static let beatAfterGap = Array(#"{"gap":true,"t":"#.utf8)

    /// The payload's bytes.
    /// - Throws: `EncodingError` for a beat whose time is not finite (from `JSONEncoder`).
    static func encode(_ beats: [Heartbeat]) throws -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(opening.count + closing.count + beats.count * 26)
        bytes.append(contentsOf: opening)
        for (index, heartbeat) in beats.enumerated() {
            let time = heartbeat.timeSinceSeriesStart
            guard time.isFinite else {
                return try StoredJSON.encoder().encode(PayloadSample.Payload.heartbeats(beats))
            }
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: heartbeat.precededByGap ? beatAfterGap : beat)
            appendNumber(time, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(contentsOf: closing)
        return Data(bytes)
    }

    /// A finite number as the encoder writes it: its `description`, without the `.0` of an integral value.
    private static func appendNumber(_ value: Double, to bytes: inout [UInt8]) {
        let text = Array(value.description.utf8)
        let integral =
            text.count > 2 && text[text.count - 2] == UInt8(ascii: ".") && text[text.count - 1] == UInt8(ascii: "0")
        bytes.append(contentsOf: integral ? text[..<(text.count - 2)] : text[...])
    }
}
