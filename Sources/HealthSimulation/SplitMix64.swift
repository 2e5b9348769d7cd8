/// The project's one seeded, platform-independent random number generator (SplitMix64): simulations, test data
/// and the command line's `--seed` all draw from it, so a seed means the same data everywhere.
///
/// ```swift
/// var rng = SplitMix64(seed: 42)
/// let runs = simulation.weekOfMorningRuns(startingOn: monday, using: &rng, makeUUID: newID)
/// rng.next()   // always the same sequence for seed 42
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator from a seed.
    public init(seed: UInt64) { self.state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `[0, 1)` from our own mapping of the bits (stable across platforms, unlike
    /// `Double.random(in:using:)`).
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// An integer in `range` from our own mapping of the bits (stable across platforms).
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) &+ 1
        return range.lowerBound + Int(width == 0 ? next() : next() % width)
    }
}
