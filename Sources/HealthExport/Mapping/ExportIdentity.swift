package import Foundation
import HealthCore

/// Deterministic identities for exported objects, which carry no UUIDs of their own.
///
/// A sample's UUID is derived from its content key, shaped as an RFC 9562 version-8 UUID, so the same export
/// imports to the same UUIDs every time: its first 48 bits are the sample's start in Unix milliseconds (as in
/// a version-7 UUID), the other 74 free bits come from the 128-bit FNV-1a hash of the key. The time prefix keeps
/// the store's UUID index in time order within each run of records, so an import inserts into it near where it
/// last did instead of at random (measured: 24 % less import time on the medium export, BENCHMARKS.md). The content key of a `Record` is
/// `type|sourceName|sourceVersion|start|end|value|unit|device` with the dates as Unix seconds and the device
/// description without its per-record pointer (reference §8.6 item 8). Exact duplicates (same key) are told
/// apart by their occurrence in document order: the first keeps the plain hash, each further one the
/// ``nextUUID(after:)`` of the one before. A correlation's members and a workout's routes are named after
/// their parent (``memberUUID(correlation:index:)``, ``routeUUID(workout:index:)``), so renaming a repeated
/// parent renames them too.
///
/// ```swift
/// ExportIdentity.uuid(forKey: "HKQuantityTypeIdentifierStepCount|Health|…")   // same input, same UUID
/// ```
package enum ExportIdentity {
    /// The 128-bit FNV-1a hash of `bytes`, as (high, low) halves.
    package static func fnv1a128(_ bytes: some Sequence<UInt8>) -> (high: UInt64, low: UInt64) {
        var hasher = KeyHasher()
        for byte in bytes { hasher.add(byte) }
        return hasher.value
    }

    /// The 128-bit FNV-1a hash of a string's UTF-8 bytes.
    package static func fnv1a128(_ string: String) -> (high: UInt64, low: UInt64) {
        var copy = string
        return copy.withUTF8 { fnv1a128($0) }
    }

    /// The version-8 UUID of a content key, with the time prefix of `start` (none: zero).
    package static func uuid(forKey key: String, start: Date? = nil) -> UUID {
        uuid(fromHash: fnv1a128(key), prefix: start.map(timePrefix) ?? 0)
    }

    /// The identity of the next exact duplicate of the object whose UUID is `uuid` (same time prefix).
    package static func nextUUID(after uuid: UUID) -> UUID {
        var bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
        bytes.append(UInt8(ascii: "#"))
        return ExportIdentity.uuid(fromHash: fnv1a128(bytes), prefix: prefix(of: uuid))
    }

    /// The UUID of a correlation's member: quantity samples first, then category samples, in document order
    /// (with the correlation's time prefix).
    package static func memberUUID(correlation: UUID, index: Int) -> UUID {
        uuid(fromHash: fnv1a128("\(correlation.uuidString)|member|\(index)"), prefix: prefix(of: correlation))
    }

    /// The UUID of a workout's route, by its position among the workout's routes (with the workout's prefix).
    package static func routeUUID(workout: UUID, index: Int) -> UUID {
        uuid(fromHash: fnv1a128("\(workout.uuidString)|route|\(index)"), prefix: prefix(of: workout))
    }

    /// The 48-bit time prefix of a start date: Unix milliseconds, clamped to what 48 bits hold (before 1970: 0).
    static func timePrefix(_ start: Date) -> UInt64 {
        let milliseconds = (start.timeIntervalSince1970 * 1_000).rounded(.down)
        guard milliseconds.isFinite, milliseconds > 0 else { return 0 }
        return milliseconds >= 0x1p48 ? (1 << 48) - 1 : UInt64(milliseconds)
    }

    /// The 48-bit prefix of a UUID.
    static func prefix(of uuid: UUID) -> UInt64 {
        withUnsafeBytes(of: uuid.uuid) { bytes in bytes.prefix(6).reduce(0) { $0 << 8 | UInt64($1) } }
    }

    /// True for UUIDs shaped like the importer's (version 8, RFC variant): the marker of samples that came from
    /// an export, used to report what a newer export no longer holds. Stores may hold other version-8 UUIDs
    /// only if an app saved such identities itself.
    package static func isExportUUID(_ uuid: UUID) -> Bool {
        uuid.uuid.6 & 0xF0 == 0x80 && uuid.uuid.8 & 0xC0 == 0x80
    }

    /// The same sample under its next identity (``nextUUID(after:)``); a correlation's members are renamed after
    /// it. A workout's routes name their workout: the caller renames them.
    static func renamed(_ sample: AnySample) -> AnySample {
        let next = nextUUID(after: sample.uuid)
        guard case .correlation(var correlation) = sample else {
            var renamed = sample
            renamed.uuid = next
            return renamed
        }
        correlation.uuid = next
        nameMembers(of: &correlation)
        return .correlation(correlation)
    }

    /// Names a correlation's members after it.
    static func nameMembers(of correlation: inout Correlation) {
        let count = correlation.quantitySamples.count
        for index in correlation.quantitySamples.indices {
            correlation.quantitySamples[index].uuid = memberUUID(correlation: correlation.uuid, index: index)
        }
        for index in correlation.categorySamples.indices {
            correlation.categorySamples[index].uuid = memberUUID(correlation: correlation.uuid, index: count + index)
        }
    }

    /// Shapes a 48-bit prefix and a 128-bit hash as a version-8, RFC-variant UUID: the prefix, then the hash's
    /// bits in the version's and variant's free places.
    static func uuid(fromHash hash: (high: UInt64, low: UInt64), prefix: UInt64) -> UUID {
        let h = hash.high
        let l = hash.low
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(
            uuid: (
                byte(prefix, 40), byte(prefix, 32), byte(prefix, 24), byte(prefix, 16), byte(prefix, 8),
                byte(prefix, 0),
                (byte(h, 8) & 0x0F) | 0x80, byte(h, 0),
                (byte(l, 56) & 0x3F) | 0x80, byte(l, 48), byte(l, 40), byte(l, 32), byte(l, 24), byte(l, 16),
                byte(l, 8), byte(l, 0)
            ))
    }
}

/// Hands out UUIDs for content keys, counting exact duplicates.
///
/// With `trackRepeats` (the parser on its own), memory grows by about 16 bytes per distinct key (a set of
/// 64-bit folds of the hash) and the n-th repeat of a key gets the n-th ``ExportIdentity/nextUUID(after:)``.
/// Without it (the importer, whose storage finds repeats through its UUID index), every occurrence gets the
/// plain hash and nothing is kept.
struct IdentityCounter {
    let trackRepeats: Bool
    private var seen: Set<UInt64> = []
    private var repeats: [UInt64: Int] = [:]

    init(trackRepeats: Bool = true) {
        self.trackRepeats = trackRepeats
    }

    /// The UUID for the next occurrence of `key` (starting at `start`), and the 64-bit fold that identifies it.
    mutating func next(forKey key: String, start: Date) -> (uuid: UUID, fold: UInt64) {
        next(forHash: ExportIdentity.fnv1a128(key), start: start)
    }

    /// The UUID for the next occurrence of a key given by its hash.
    mutating func next(forHash hash: (high: UInt64, low: UInt64), start: Date) -> (uuid: UUID, fold: UInt64) {
        let fold = hash.high ^ hash.low
        var uuid = ExportIdentity.uuid(fromHash: hash, prefix: ExportIdentity.timePrefix(start))
        if !trackRepeats || seen.insert(fold).inserted { return (uuid, fold) }
        let occurrence = (repeats[fold] ?? 0) + 1
        repeats[fold] = occurrence
        for _ in 0..<occurrence { uuid = ExportIdentity.nextUUID(after: uuid) }
        return (uuid, fold)
    }

    /// The number of exact duplicates seen.
    var duplicateCount: Int { repeats.values.reduce(0, +) }
}

/// FNV-1a over 128 bits, fed piece by piece: hashing a key's parts equals hashing their concatenation, without
/// building the string.
struct KeyHasher {
    private var high: UInt64 = 0x6c62_272e_07bb_0142
    private var low: UInt64 = 0x62b8_2175_6295_c58d

    /// The hash so far, as (high, low) halves.
    var value: (high: UInt64, low: UInt64) { (high, low) }

    /// FNV-1a's offset basis (the empty key's hash).
    init() {}

    /// A hasher in the given state, as if the bytes that led to it had been added (``KeySuffix``).
    init(state: (high: UInt64, low: UInt64)) {
        (high, low) = state
    }

    mutating func add(_ byte: UInt8) {
        low ^= UInt64(byte)
        // Multiply by the FNV-128 prime 2^88 + 0x13B, modulo 2^128.
        let (carry, product) = low.multipliedFullWidth(by: 0x13B)
        high = high &* 0x13B &+ carry &+ (low << 24)
        low = product
    }

    /// Adds a string's UTF-8 bytes and a `|`.
    mutating func add(_ string: String) {
        var copy = string
        copy.withUTF8 { for byte in $0 { add(byte) } }
        add(UInt8(ascii: "|"))
    }

    /// Adds a number's decimal digits and a `|` (the bytes of `String(number)`, without making the string).
    mutating func add(_ number: Int) {
        if number < 0 { add(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: UInt.max has 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { add(buffer[index]) }
        }
        add(UInt8(ascii: "|"))
    }

    /// Adds the eight little-endian bytes of a double's bit pattern and a `|`.
    mutating func add(_ number: Double) {
        var bits = number.bitPattern
        for _ in 0..<8 {
            add(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
        }
        add(UInt8(ascii: "|"))
    }
}
