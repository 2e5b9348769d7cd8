public import Foundation

/// Deterministic identities for exported objects, which carry no UUIDs of their own.
///
/// A sample's UUID is the 128-bit FNV-1a hash of its content key, shaped as an RFC 9562 version-8 UUID, so the
/// same export imports to the same UUIDs every time. The content key of a `Record` is
/// `type|sourceName|sourceVersion|start|end|value|unit|device` with the dates as Unix seconds and the device
/// description without its per-record pointer (reference §8.6 item 8). Exact duplicates (same key) are told
/// apart by an occurrence counter in document order: the first keeps the plain hash, the *n*-th (n ≥ 1) hashes
/// `key#n`.
///
/// ```swift
/// ExportIdentity.uuid(forKey: "HKQuantityTypeIdentifierStepCount|Health|…")   // same input, same UUID
/// ```
public enum ExportIdentity {
    /// The 128-bit FNV-1a hash of `bytes`, as (high, low) halves.
    public static func fnv1a128(_ bytes: some Sequence<UInt8>) -> (high: UInt64, low: UInt64) {
        var high: UInt64 = 0x6c62_272e_07bb_0142
        var low: UInt64 = 0x62b8_2175_6295_c58d
        for byte in bytes {
            low ^= UInt64(byte)
            // Multiply by the FNV-128 prime 2^88 + 0x13B, modulo 2^128.
            let (carry, product) = low.multipliedFullWidth(by: 0x13B)
            high = high &* 0x13B &+ carry &+ (low << 24)
            low = product
        }
        return (high, low)
    }

    /// The 128-bit FNV-1a hash of a string's UTF-8 bytes.
    public static func fnv1a128(_ string: String) -> (high: UInt64, low: UInt64) {
        var copy = string
        return copy.withUTF8 { fnv1a128($0) }
    }

    /// The version-8 UUID of a content key.
    public static func uuid(forKey key: String) -> UUID {
        uuid(fromHash: fnv1a128(key))
    }

    /// Shapes a 128-bit hash as a version-8, RFC-variant UUID.
    static func uuid(fromHash hash: (high: UInt64, low: UInt64)) -> UUID {
        let h = hash.high
        let l = hash.low
        func byte(_ value: UInt64, _ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: value >> shift) }
        return UUID(
            uuid: (
                byte(h, 56), byte(h, 48), byte(h, 40), byte(h, 32), byte(h, 24), byte(h, 16),
                (byte(h, 8) & 0x0F) | 0x80, byte(h, 0),
                (byte(l, 56) & 0x3F) | 0x80, byte(l, 48), byte(l, 40), byte(l, 32), byte(l, 24), byte(l, 16),
                byte(l, 8), byte(l, 0)
            ))
    }
}

/// Hands out UUIDs for content keys, counting exact duplicates.
///
/// Memory grows by about 16 bytes per distinct key (a set of 64-bit folds of the hash); a key repeated in the
/// same export gets `key#1`, `key#2`, ….
struct IdentityCounter {
    private var seen: Set<UInt64> = []
    private var repeats: [UInt64: Int] = [:]

    /// The UUID for the next occurrence of `key`, and the 64-bit fold that identifies the key.
    mutating func next(forKey key: String) -> (uuid: UUID, fold: UInt64) {
        let hash = ExportIdentity.fnv1a128(key)
        let fold = hash.high ^ hash.low
        if seen.insert(fold).inserted { return (ExportIdentity.uuid(fromHash: hash), fold) }
        let occurrence = (repeats[fold] ?? 0) + 1
        repeats[fold] = occurrence
        return (ExportIdentity.uuid(forKey: key + "#\(occurrence)"), fold)
    }

    /// The number of exact duplicates seen.
    var duplicateCount: Int { repeats.values.reduce(0, +) }
}
