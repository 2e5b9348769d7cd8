/// The last parts of a content key — a record's `unit|device|` — added to a ``KeyHasher`` in one 128-bit
/// multiplication instead of byte by byte, with the same result to the bit.
///
/// FNV-1a's step is `S' = (S ^ b)·P (mod 2^128)`. XOR with a byte replaces only the state's low byte `s`, so
/// `S ^ b = (S − s) + (s ^ b)` and `S' = P·(S − s) + P·(s ^ b)`; and the next low byte depends only on `s` and `b`
/// (a product's low byte depends only on its factors' low bytes). By induction, after the suffix's `n` bytes the
/// state is `P^n·(S − s) + E(s)`, where `E(s)` is the suffix hashed from the state `s` alone. `E` is worked out for
/// a low byte the first time it is met (one pass over the bytes, what hashing them would cost) and kept: a run of
/// records with one unit and device meets each of the 256 low bytes once, then multiplies.
///
/// The device key is some 80 bytes, hashed per record at four cycles a byte (each step waits for the last
/// multiplication): on the medium export that was a tenth of the parsing thread (BENCHMARKS.md).
struct KeySuffix: Sendable {
    /// The bytes ``KeyHasher/add(_:)-(String)`` adds for each part: its UTF-8 bytes and a `|`.
    private let bytes: [UInt8]
    /// `P^n mod 2^128`, with `P` FNV-128's prime and `n` the number of bytes.
    private let power: (high: UInt64, low: UInt64)
    /// `E(s)` for each low byte `s`, as (high, low) at `2s`, `2s + 1`; meaningful where `known` has bit `s`.
    private var ends: [UInt64]
    private var known: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// The suffix made of `parts`, each as ``KeyHasher/add(_:)-(String)`` adds it.
    init(_ parts: String...) {
        var bytes: [UInt8] = []
        for part in parts {
            bytes.append(contentsOf: part.utf8)
            bytes.append(UInt8(ascii: "|"))
        }
        self.bytes = bytes
        var power: (high: UInt64, low: UInt64) = (0, 1)
        for _ in bytes.indices { power = Self.multiply(power, Self.prime) }
        self.power = power
        ends = Array(repeating: 0, count: 512)
    }

    /// FNV-128's prime, 2^88 + 0x13B.
    private static let prime: (high: UInt64, low: UInt64) = (1 << 24, 0x13B)

    /// Adds the suffix's bytes to `hasher`.
    mutating func add(to hasher: inout KeyHasher) {
        let state = hasher.value
        let s = Int(state.low & 0xFF)
        if !isKnown(s) {
            var alone = KeyHasher(state: (0, UInt64(s)))
            for byte in bytes { alone.add(byte) }
            ends[2 * s] = alone.value.high
            ends[2 * s + 1] = alone.value.low
            markKnown(s)
        }
        let scaled = Self.multiply(power, (state.high, state.low & ~0xFF))
        let (low, carry) = scaled.low.addingReportingOverflow(ends[2 * s + 1])
        hasher = KeyHasher(state: (scaled.high &+ ends[2 * s] &+ (carry ? 1 : 0), low))
    }

    /// `a·b mod 2^128`.
    private static func multiply(
        _ a: (high: UInt64, low: UInt64), _ b: (high: UInt64, low: UInt64)
    ) -> (high: UInt64, low: UInt64) {
        let (carry, low) = a.low.multipliedFullWidth(by: b.low)
        return (carry &+ a.high &* b.low &+ a.low &* b.high, low)
    }

    private func isKnown(_ s: Int) -> Bool {
        let word: UInt64
        switch s >> 6 {
        case 0: word = known.0
        case 1: word = known.1
        case 2: word = known.2
        default: word = known.3
        }
        return word & (1 << UInt64(s & 63)) != 0
    }

    private mutating func markKnown(_ s: Int) {
        let bit: UInt64 = 1 << UInt64(s & 63)
        switch s >> 6 {
        case 0: known.0 |= bit
        case 1: known.1 |= bit
        case 2: known.2 |= bit
        default: known.3 |= bit
        }
    }
}
