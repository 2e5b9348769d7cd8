public import Foundation

/// One quantity as the statistics see it: who saved it, when, and its value in the type's canonical unit.
///
/// A series sample becomes one input per quantity (``seriesIndex`` 0, 1, …); an ordinary sample becomes one
/// input with ``seriesIndex`` 0. Build inputs from samples with
/// ``inputs(from:canonicalUnit:sourceBundleIdentifier:)``.
///
/// ```swift
/// let input = StatisticsInput(
///     sourceBundleIdentifier: "com.apple.health.WATCH", start: nine, end: nineTen, value: 1000, uuid: id)
/// input.isInstantaneous   // false
/// ```
public struct StatisticsInput: Sendable, Hashable {
    /// The bundle identifier of the sample's source (``SourceOrder`` ranks it).
    public var sourceBundleIdentifier: String
    /// When the quantity starts.
    public var start: Date
    /// When the quantity ends (equal to ``start`` for an instantaneous quantity).
    public var end: Date
    /// The value in the type's canonical unit.
    public var value: Double
    /// The UUID of the sample the quantity belongs to.
    public var uuid: UUID
    /// The position of the quantity in its series sample; 0 for an ordinary sample.
    public var seriesIndex: Int

    /// Creates an input.
    /// - Parameters:
    ///   - sourceBundleIdentifier: The source's bundle identifier.
    ///   - start: The start date.
    ///   - end: The end date (not before `start`; inputs that end before they start are ignored).
    ///   - value: The value in the canonical unit.
    ///   - uuid: The sample's UUID.
    ///   - seriesIndex: The position inside a series sample.
    public init(
        sourceBundleIdentifier: String, start: Date, end: Date, value: Double, uuid: UUID, seriesIndex: Int = 0
    ) {
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.start = start
        self.end = end
        self.value = value
        self.uuid = uuid
        self.seriesIndex = seriesIndex
    }

    /// Whether the quantity has no duration (`start == end`).
    public var isInstantaneous: Bool { start == end }

    /// The smallest interval holding every input, or `nil` for none: the statistics window of a query whose
    /// predicate has no date range (§5.5 rule 2).
    ///
    /// - Parameter inputs: The inputs.
    /// - Returns: From the earliest start to the latest end.
    /// - Complexity: O(n).
    public static func span(of inputs: [StatisticsInput]) -> DateInterval? {
        guard let first = inputs.first else { return nil }
        var lower = first.start
        var upper = first.end
        for input in inputs.dropFirst() {
            lower = min(lower, input.start)
            upper = max(upper, input.end)
        }
        return upper >= lower ? DateInterval(start: lower, end: upper) : nil
    }
}
