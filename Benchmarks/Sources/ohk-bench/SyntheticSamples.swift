import Foundation
import HealthCore

/// Deterministic step samples: a watch and a phone, one sample every `spacing` seconds each, from 2015-01-01.
enum SyntheticSamples {
    static let start = Date(timeIntervalSince1970: 1_420_070_400)
    static let watch = Source(name: "Watch", bundleIdentifier: "com.apple.health.bench-watch")
    static let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.bench-phone")

    /// Sample `index` of the sequence: alternating watch/phone, 10-minute spacing per source, 5-minute samples.
    static func sample(_ index: Int) -> AnySample {
        let source = index % 2 == 0 ? watch : phone
        let slot = Double(index / 2) * 600 + (index % 2 == 0 ? 0 : 120)
        let begin = start.addingTimeInterval(slot)
        var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)).uuid
        withUnsafeMutableBytes(of: &uuid) { bytes in
            var n = UInt64(index + 1).bigEndian
            withUnsafeBytes(of: &n) { for i in 0..<8 { bytes[8 + i] = $0[i] } }
            bytes[8] = 0x80
        }
        return .quantity(
            QuantitySample(
                uuid: UUID(uuid: uuid), type: .stepCount,
                quantity: Quantity(unit: .count(), doubleValue: Double(50 + index % 400)), start: begin,
                end: begin.addingTimeInterval(300), sourceRevision: SourceRevision(source: source)))
    }

    /// Samples `range` of the sequence.
    static func samples(_ range: Range<Int>) -> [AnySample] { range.map(sample) }
}
