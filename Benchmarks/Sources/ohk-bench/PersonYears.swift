import Foundation
import HealthCore

/// A phone + watch person over whole years, deterministic: what issue 4's statistics benchmark reads.
///
/// Each day (UTC) the phone records 2-minute step samples every 2.5 minutes from 07:00 to 23:00, and the
/// watch, worn from 08:00 to 20:00, 1-minute samples every 2 minutes — so most watch samples overlap phone
/// samples and the merge has real work to do. The watch also records heart rate every 5 minutes while worn.
/// About 672 step samples and 144 heart-rate samples a day: 2.45M steps and 0.53M heart rates in 10 years.
struct PersonYears {
    static let start = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01T00:00:00Z
    static let watch = Source(name: "Apple Watch", bundleIdentifier: "com.apple.health.bench-watch")
    static let phone = Source(name: "iPhone", bundleIdentifier: "com.apple.health.bench-phone")
    static let watchDevice = Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardwareVersion: "Watch7,1")
    static let phoneDevice = Device(
        name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardwareVersion: "iPhone15,2")

    let days: Int
    private var counter: UInt64 = 0

    init(days: Int) { self.days = days }

    /// The samples of one day, steps then heart rate.
    mutating func day(_ index: Int) -> [AnySample] {
        let midnight = Self.start.addingTimeInterval(Double(index) * 86_400)
        var samples: [AnySample] = []
        samples.reserveCapacity(820)
        var t = 7.0 * 3_600
        while t < 23.0 * 3_600 {
            samples.append(.quantity(steps(midnight + t, 120, Self.phone, Self.phoneDevice, base: 180)))
            t += 150
        }
        t = 8.0 * 3_600 + 30
        while t < 20.0 * 3_600 {
            samples.append(.quantity(steps(midnight + t, 60, Self.watch, Self.watchDevice, base: 95)))
            t += 120
        }
        t = 8.0 * 3_600
        while t < 20.0 * 3_600 {
            counter &+= 1
            let bpm = 60 + Double(mix(counter) % 80)
            samples.append(
                .quantity(
                    QuantitySample(
                        uuid: uuid(), type: .heartRate, quantity: Quantity(unit: Self.bpm, doubleValue: bpm),
                        start: midnight + t, end: midnight + t, device: Self.watchDevice,
                        sourceRevision: SourceRevision(source: Self.watch))))
            t += 300
        }
        return samples
    }

    static let bpm = HealthUnit.count().unitDivided(by: .minute())

    private mutating func steps(
        _ begin: Date, _ length: Double, _ source: Source, _ device: Device, base: UInt64
    )
        -> QuantitySample
    {
        counter &+= 1
        let count = Double(base / 2 + mix(counter) % base)
        return QuantitySample(
            uuid: uuid(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: count), start: begin,
            end: begin + length, device: device, sourceRevision: SourceRevision(source: source))
    }

    private mutating func uuid() -> UUID {
        counter &+= 1
        let a = mix(counter)
        let b = mix(counter &+ 0x9E37_79B9)
        var bytes = (
            UInt8(truncatingIfNeeded: a), UInt8(truncatingIfNeeded: a >> 8), UInt8(truncatingIfNeeded: a >> 16),
            UInt8(truncatingIfNeeded: a >> 24), UInt8(truncatingIfNeeded: a >> 32), UInt8(truncatingIfNeeded: a >> 40),
            UInt8(0x40 | (UInt8(truncatingIfNeeded: a >> 48) & 0x0F)), UInt8(truncatingIfNeeded: a >> 56),
            UInt8(0x80 | (UInt8(truncatingIfNeeded: b) & 0x3F)), UInt8(truncatingIfNeeded: b >> 8),
            UInt8(truncatingIfNeeded: b >> 16), UInt8(truncatingIfNeeded: b >> 24), UInt8(truncatingIfNeeded: b >> 32),
            UInt8(truncatingIfNeeded: b >> 40), UInt8(truncatingIfNeeded: b >> 48), UInt8(truncatingIfNeeded: b >> 56)
        )
        _ = withUnsafeMutableBytes(of: &bytes) { $0 }
        return UUID(uuid: bytes)
    }

    private func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
