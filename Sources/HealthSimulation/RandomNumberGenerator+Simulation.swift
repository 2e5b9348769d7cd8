/// Our own mapping of `next()` to numbers, so a seed gives the same data on every platform
/// (`Int.random(in:using:)` and `Double.random(in:using:)` may differ between standard libraries).
extension RandomNumberGenerator {
    /// A double in `[0, 1)` from the top 53 bits.
    mutating func unitDouble() -> Double {
        let bits: UInt64 = next()
        return Double(bits >> 11) * 0x1.0p-53
    }

    /// An integer in `range` (modulo mapping; the bias is irrelevant for mock data).
    mutating func integer(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(range.upperBound - range.lowerBound) &+ 1
        let bits: UInt64 = next()
        return range.lowerBound + Int(width == 0 ? bits : bits % width)
    }

    /// A double in `range`.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unitDouble()
    }

    /// True with the given probability.
    mutating func chance(_ probability: Double) -> Bool { unitDouble() < probability }
}

extension Double {
    /// Rounded to `places` decimal places (mock devices report a fixed precision).
    func rounded(places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (self * scale).rounded() / scale
    }

    /// Clamped to `range`.
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
