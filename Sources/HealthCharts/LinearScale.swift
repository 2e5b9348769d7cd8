import Foundation

/// A linear map from a value domain to a pixel range, with "nice" ticks (1, 2 or 5 × 10ⁿ).
///
/// ```swift
/// let scale = LinearScale.nice(covering: [0, 9_734], tickCount: 5, range: 200...20)
/// scale.ticks      // [0, 2000, 4000, 6000, 8000, 10000]
/// scale(5_000)     // the pixel of 5,000
/// ```
public struct LinearScale: Sendable, Equatable {
    /// The values mapped (lower ≤ upper; never empty).
    public let domain: ClosedRange<Double>
    /// The pixels they map to, from the domain's lower bound to its upper (may be reversed: y grows downward).
    public let start: Double
    /// The pixel of the domain's upper bound.
    public let end: Double
    /// The tick values, evenly spaced, inside the domain.
    public let ticks: [Double]

    /// A scale over a domain; a domain of one value is widened by one on each side so it still has a middle.
    public init(domain: ClosedRange<Double>, start: Double, end: Double, ticks: [Double] = []) {
        if domain.lowerBound == domain.upperBound {
            self.domain = (domain.lowerBound - 1)...(domain.upperBound + 1)
        } else {
            self.domain = domain
        }
        self.start = start
        self.end = end
        self.ticks = ticks
    }

    /// The pixel of a value (values outside the domain extrapolate).
    public func callAsFunction(_ value: Double) -> Double {
        let span = domain.upperBound - domain.lowerBound
        return start + (value - domain.lowerBound) / span * (end - start)
    }

    /// A scale whose domain covers the values, extended to round tick values.
    /// - Parameters:
    ///   - values: The values to show (non-finite ones are ignored); none gives the domain 0…1.
    ///   - includingZero: Extends the domain to zero (bars start at zero).
    ///   - tickCount: About how many ticks.
    ///   - range: The pixels of the domain's lower and upper bounds.
    public static func nice(
        covering values: [Double], includingZero: Bool = false, tickCount: Int = 5, range: ClosedRange<Double>,
        reversed: Bool = true
    ) -> LinearScale {
        var finite = values.filter(\.isFinite)
        if includingZero { finite.append(0) }
        var lower = finite.min() ?? 0
        var upper = finite.max() ?? 1
        if lower == upper {
            let pad = lower == 0 ? 1 : abs(lower) * 0.1
            lower -= includingZero && lower == 0 ? 0 : pad
            upper += pad
        }
        let step = niceStep(for: (upper - lower) / Double(max(1, tickCount)))
        let niceLower = (lower / step).rounded(.down) * step
        let niceUpper = (upper / step).rounded(.up) * step
        var ticks: [Double] = []
        var index = 0.0
        while niceLower + index * step <= niceUpper + step * 1e-9, ticks.count < 50 {
            ticks.append(Self.clean(niceLower + index * step, step: step))
            index += 1
        }
        return LinearScale(
            domain: niceLower...niceUpper, start: reversed ? range.upperBound : range.lowerBound,
            end: reversed ? range.lowerBound : range.upperBound, ticks: ticks)
    }

    /// The nice step (1, 2 or 5 × 10ⁿ) nearest above a rough step.
    public static func niceStep(for rough: Double) -> Double {
        guard rough.isFinite, rough > 0 else { return 1 }
        let magnitude = pow(10, (log10(rough)).rounded(.down))
        let fraction = rough / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        return nice * magnitude
    }

    /// Rounds away the float noise of `lower + k × step` (0.30000000000000004 → 0.3).
    private static func clean(_ value: Double, step: Double) -> Double {
        let digits = max(0, -Int(log10(step).rounded(.down)))
        let factor = pow(10, Double(digits))
        return (value * factor).rounded() / factor
    }
}

/// Short tick and tooltip labels for numbers: "950", "1.5", "12,400", "1.2M".
public enum NumberLabel {
    /// The label of a value.
    public static func format(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        if abs(value) >= 1_000_000 { return trimmed(value / 1_000_000, decimals: 1) + "M" }
        if abs(value) >= 1_000 { return grouped(value.rounded()) }
        return trimmed(value, decimals: decimals)
    }

    private static func trimmed(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    private static func grouped(_ value: Double) -> String {
        let digits = String(Int(abs(value)))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
