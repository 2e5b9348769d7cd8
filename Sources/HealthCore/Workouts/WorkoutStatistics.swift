public import Foundation

/// Summary figures of one quantity type over a workout or activity (the export's `WorkoutStatistics`,
/// HealthKit's `allStatistics` entries).
public struct WorkoutStatistics: Sendable, Hashable, Codable {
    /// The quantity type summarised.
    public var quantityType: QuantityTypeIdentifier
    /// The interval covered.
    public var startDate: Date
    /// The interval's end.
    public var endDate: Date
    /// The sum, for cumulative types.
    public var sum: Quantity?
    /// The average, for discrete types.
    public var average: Quantity?
    /// The minimum, for discrete types.
    public var minimum: Quantity?
    /// The maximum, for discrete types.
    public var maximum: Quantity?
    /// The most recent quantity.
    public var mostRecent: Quantity?

    /// Creates statistics.
    public init(
        quantityType: QuantityTypeIdentifier,
        start: Date,
        end: Date,
        sum: Quantity? = nil,
        average: Quantity? = nil,
        minimum: Quantity? = nil,
        maximum: Quantity? = nil,
        mostRecent: Quantity? = nil
    ) {
        self.quantityType = quantityType
        self.startDate = start
        self.endDate = end
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
    }

    /// Every quantity present, for validation.
    var quantities: [Quantity] { [sum, average, minimum, maximum, mostRecent].compactMap { $0 } }
}
