public import Foundation

/// A measured amount over a time interval: HealthKit's `HKQuantitySample` (and its cumulative and discrete
/// subclasses).
///
/// A sample built from a series (``series`` non-empty, HealthKit's `HKQuantitySeriesSampleBuilder` and
/// `HKCumulativeQuantitySeriesSample`) keeps its individual quantities; its ``quantity`` is then their sum for a
/// cumulative type and their arithmetic mean otherwise, and ``count`` is their number.
///
/// ```swift
/// let steps = QuantitySample(
///     uuid: uuid, type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 1200),
///     start: nine, end: nineTen)
/// ```
public struct QuantitySample: HealthSample {
    /// The object's identity.
    public var uuid: UUID
    /// The quantity type.
    public var quantityType: QuantityTypeIdentifier
    /// The quantity (sum for cumulative series, mean for discrete series).
    public var quantity: Quantity
    /// When the sample starts.
    public var startDate: Date
    /// When the sample ends.
    public var endDate: Date
    /// The individual quantities of a series sample; empty for an ordinary sample.
    public var series: [SeriesQuantity]
    /// For a summary of quantities not kept one by one (the per-day aggregates of iOS 8–9 exports): their
    /// minimum, maximum and number; ``quantity`` is then their average. Nil for an ordinary or series sample.
    public var summary: QuantitySummary?
    /// The hardware that produced the sample.
    public var device: Device?
    /// The sample's metadata.
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// The sample type.
    public var sampleType: SampleType { .quantity(quantityType) }

    /// The number of quantities the sample holds (HealthKit's `count`): 1, the series length, or the summary's
    /// count.
    public var count: Int { summary?.count ?? (series.isEmpty ? 1 : series.count) }

    /// The individual quantities: the series, or the sample itself as one quantity.
    public var quantities: [SeriesQuantity] {
        series.isEmpty ? [SeriesQuantity(quantity: quantity, start: startDate, end: endDate)] : series
    }
}

// The initializers are in an extension so that the struct keeps its implicit memberwise initializer.
extension QuantitySample {
    /// Creates a quantity sample.
    /// - Parameters:
    ///   - uuid: The sample's identity.
    ///   - type: The quantity type.
    ///   - quantity: The value with its unit; the unit must be compatible with the type (checked by validation).
    ///   - start: The start date.
    ///   - end: The end date (not before `start`; checked by validation).
    ///   - device: The hardware, if known.
    ///   - metadata: Metadata.
    ///   - sourceRevision: Normally nil: the store stamps it on save.
    ///   - summary: For a per-day aggregate of an iOS 8–9 export: its minimum, maximum and count; nil otherwise.
    public init(
        uuid: UUID,
        type: QuantityTypeIdentifier,
        quantity: Quantity,
        start: Date,
        end: Date,
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil,
        summary: QuantitySummary? = nil
    ) {
        // Through the memberwise initializer: assigning the fields one by one, the optimizer keeps `self` in
        // memory and returns a copy of it (a retain and release of every field per sample; BENCHMARKS.md, issue 17).
        self.init(
            uuid: uuid, quantityType: type, quantity: quantity, startDate: start, endDate: end, series: [],
            summary: summary, device: device, metadata: metadata, sourceRevision: sourceRevision)
    }

    /// Creates a series sample from its quantities (at least one), spanning from the first start to the last end.
    ///
    /// The sample's quantity is the sum of the series for a cumulative type and the arithmetic mean otherwise,
    /// in the unit of the first quantity. Returns nil for an empty series or mixed incompatible units.
    public init?(
        uuid: UUID,
        type: QuantityTypeIdentifier,
        series: [SeriesQuantity],
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        guard let first = series.first else { return nil }
        let unit = first.quantity.unit
        var total = 0.0
        for entry in series {
            guard let value = try? entry.quantity.doubleValue(for: unit) else { return nil }
            total += value
        }
        let cumulative = type.typeDescription?.aggregationStyle == .cumulative
        let value = cumulative ? total : total / Double(series.count)
        self.uuid = uuid
        self.quantityType = type
        self.quantity = Quantity(unit: unit, doubleValue: value)
        self.startDate = series.map(\.startDate).min() ?? first.startDate
        self.endDate = series.map(\.endDate).max() ?? first.endDate
        self.series = series
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }
}

/// One quantity inside a series sample, with its own interval (`HKQuantitySeriesSampleQuery`'s elements).
public struct SeriesQuantity: Sendable, Hashable, Codable {
    /// The quantity.
    public var quantity: Quantity
    /// When it starts.
    public var startDate: Date
    /// When it ends.
    public var endDate: Date

    /// Creates a series element.
    public init(quantity: Quantity, start: Date, end: Date) {
        self.quantity = quantity
        self.startDate = start
        self.endDate = end
    }
}

/// The minimum, maximum and number of quantities a sample summarises (their average is the sample's quantity),
/// in the sample's unit: how iOS 8–9 exports wrote a day of a discrete type (`min`, `max`, `average`,
/// `recordCount` attributes instead of `value`).
public struct QuantitySummary: Sendable, Hashable, Codable {
    /// The smallest quantity, in the sample's unit.
    public var minimum: Double
    /// The largest quantity, in the sample's unit.
    public var maximum: Double
    /// How many quantities (at least 1).
    public var count: Int

    /// Creates a summary.
    public init(minimum: Double, maximum: Double, count: Int) {
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
    }
}
