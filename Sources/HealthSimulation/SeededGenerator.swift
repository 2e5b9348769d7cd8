/// A seeded, platform-independent random number generator (SplitMix64): what callers outside the tests pass
/// to a scenario when all they have is a seed.
///
/// It produces the same sequence as HealthTesting's `SplitMix64`, so a scenario run with
/// `SeededGenerator(seed: 42)` gives the same data as the tests' `SplitMix64(seed: 42)`.
///
/// ```swift
/// var rng = SeededGenerator(seed: 42)
/// let runs = simulation.weekOfMorningRuns(startingOn: monday, using: &rng, makeUUID: newID)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
