public import Foundation
public import HealthCore

/// Computes HealthKit statistics for one quantity type: the options checked once, then any window or
/// buckets.
///
/// Pure: no storage, no clock. The store selects the samples (§5.2), turns them into ``StatisticsInput``s and
/// calls this with the query's window or buckets.
///
/// ```swift
/// let computation = try StatisticsComputation(
///     type: .stepCount, options: [.cumulativeSum, .separateBySource], sourceOrder: order)
/// let result = computation.statistics(of: inputs, in: window)   // nil → HealthKit's errorNoData (11)
/// result?.sumQuantity()                                          // merged across sources
/// ```
///
/// ## Topics
/// - ``statistics(of:in:)``
/// - ``statistics(of:boundaries:)``
/// - ``statistics(of:buckets:from:through:)``
/// - ``collection(of:buckets:)``
public struct StatisticsComputation: Sendable, Hashable {
    /// The quantity type (named in errors).
    public let typeIdentifier: QuantityTypeIdentifier
    /// How the type's values combine.
    public let aggregationStyle: AggregationStyle
    /// The unit the inputs are in and the results are given in (the type's canonical unit).
    public let unit: HealthUnit
    /// The requested statistics.
    public let options: StatisticsOptions
    /// The per-type source order for the merge and tie-breaks.
    public let sourceOrder: SourceOrder

    /// Creates a computation for a catalogued type, taking its style, canonical unit and allowed options
    /// from ``QuantityTypeIdentifier/typeDescription``.
    ///
    /// - Parameters:
    ///   - type: The quantity type.
    ///   - options: The statistics to compute.
    ///   - sourceOrder: The type's source order.
    /// - Throws: ``StatisticsError/Code/unknownType`` for a type outside the catalog,
    ///   ``StatisticsError/Code/incompatibleOptions`` for options the type does not allow.
    public init(
        type: QuantityTypeIdentifier, options: StatisticsOptions, sourceOrder: SourceOrder
    ) throws(StatisticsError) {
        guard let description = type.typeDescription else {
            throw StatisticsError(.unknownType, "\(type.rawValue) is not in the catalog", typeIdentifier: type)
        }
        let unit: HealthUnit
        do {
            unit = try HealthUnit(from: description.canonicalUnitString)
        } catch {
            throw StatisticsError(
                .incompatibleUnit, "canonical unit \(description.canonicalUnitString) does not parse",
                typeIdentifier: type, cause: error)
        }
        try self.init(
            type: type, aggregationStyle: description.aggregationStyle, unit: unit, options: options,
            sourceOrder: sourceOrder, allowed: description.allowedStatistics)
    }

    /// Creates a computation with an explicit style and unit (for types the catalog does not know).
    ///
    /// - Parameters:
    ///   - type: The quantity type, named in errors.
    ///   - aggregationStyle: How the values combine.
    ///   - unit: The unit of the inputs.
    ///   - options: The statistics to compute.
    ///   - sourceOrder: The type's source order.
    /// - Throws: ``StatisticsError/Code/incompatibleOptions`` for options outside
    ///   ``StatisticsOptions/allowed(for:)``.
    public init(
        type: QuantityTypeIdentifier, aggregationStyle: AggregationStyle, unit: HealthUnit,
        options: StatisticsOptions, sourceOrder: SourceOrder
    ) throws(StatisticsError) {
        try self.init(
            type: type, aggregationStyle: aggregationStyle, unit: unit, options: options, sourceOrder: sourceOrder,
            allowed: StatisticsOptions.allowed(for: aggregationStyle))
    }

    private init(
        type: QuantityTypeIdentifier, aggregationStyle: AggregationStyle, unit: HealthUnit,
        options: StatisticsOptions, sourceOrder: SourceOrder, allowed: StatisticsOptions
    ) throws(StatisticsError) {
        let refused = options.subtracting(allowed)
        guard refused.isEmpty else {
            throw StatisticsError(
                .incompatibleOptions,
                "\(refused.names) is not allowed for \(type.rawValue) (\(aggregationStyle))",
                typeIdentifier: type, options: refused)
        }
        self.typeIdentifier = type
        self.aggregationStyle = aggregationStyle
        self.unit = unit
        self.options = options
        self.sourceOrder = sourceOrder
    }

    /// The statistics of one window (`HKStatisticsQuery`).
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities in ``unit``, in any order.
    ///   - window: The half-open window `[start, end)`, usually the predicate's date range; `nil` for the
    ///     whole timeline, in which case the result spans the data (§5.5 rule 2).
    /// - Returns: The statistics, or `nil` when no input takes part in the window (HealthKit's `errorNoData`).
    /// - Complexity: O(n log n).
    public func statistics(of inputs: [StatisticsInput], in window: DateInterval?) -> StatisticsResult? {
        let prepared = PreparedPieces(inputs, order: sourceOrder)
        let boundaries = BucketBoundaries(window: window)
        guard var result = StatisticsEngine(self, prepared, boundaries).results()[0] else { return nil }
        if window == nil, let first = prepared.pieces.first {
            result.startDate = Date(timeIntervalSinceReferenceDate: first.start)
            let last = prepared.pieces.lazy.map(\.end).max() ?? first.end
            result.endDate = Date(timeIntervalSinceReferenceDate: last)
        }
        return result
    }

    /// The statistics of consecutive buckets `[boundaries[j], boundaries[j+1])`, in one pass.
    ///
    /// Each bucket is computed exactly like ``statistics(of:in:)`` with the bucket as window; samples are not
    /// clipped to any predicate range, only to the buckets (§5.6).
    ///
    /// - Parameters:
    ///   - inputs: The selected quantities in ``unit``.
    ///   - boundaries: At least two strictly increasing dates.
    /// - Returns: One result per bucket, `nil` for a bucket without data.
    /// - Throws: ``StatisticsError/Code/invalidBoundaries`` for bad boundaries.
    /// - Complexity: O(n log n + m log m + Σ buckets per input).
    public func statistics(
        of inputs: [StatisticsInput], boundaries: [Date]
    ) throws(StatisticsError) -> [StatisticsResult?] {
        let bucketBoundaries = try BucketBoundaries(dates: boundaries)
        return StatisticsEngine(self, PreparedPieces(inputs, order: sourceOrder), bucketBoundaries).results()
    }
}
