public import Foundation

/// What the catalog knows about one quantity type: how it aggregates, its canonical unit and its limits.
///
/// The canonical unit is a parsed ``HealthUnit`` (the catalog's rows spell it as the SDK header does, for
/// example `"count/min"`, `"ml/(kg*min)"`, `"dBASPL"`, and parse it once). Statistics are computed in this unit.
///
/// ```swift
/// let steps = QuantityTypeIdentifier.stepCount.typeDescription
/// steps?.aggregationStyle        // .cumulative
/// steps?.canonicalUnit           // HealthUnit.count()
/// steps?.maximumDuration         // 345_600 (4 days)
/// steps?.allowedStatistics       // [.separateBySource, .cumulativeSum, .mostRecent, .duration]
/// ```
///
/// Where the reference marks a value as uncertain ([U]) the catalog makes a documented choice: see the
/// TypeCatalog article for maximum durations, negative values and Apple-computed types.
public struct QuantityTypeDescription: Hashable, Sendable {
    /// The type this description is about.
    public let identifier: QuantityTypeIdentifier
    /// How values of the type combine over time.
    public let aggregationStyle: AggregationStyle
    /// The canonical unit (the SDK header's `count/s`, `kcal/(kg*hr)`, …), parsed once.
    public let canonicalUnit: HealthUnit
    /// The canonical unit's string, as the SDK header writes it (and as stores record it).
    public let canonicalUnitString: String
    /// The statistics a query may compute for the type; by default ``StatisticsOptions/allowed(for:)``.
    public let allowedStatistics: StatisticsOptions
    /// The longest allowed sample duration in seconds, or `nil` when the type has no known limit.
    ///
    /// Only step count has a limit in the reference (345,600 s, 4 days); every other limit is unknown and `nil`.
    public let maximumDuration: TimeInterval?
    /// Whether a sample of this type may carry a negative value.
    ///
    /// `true` only for types on interval or logarithmic scales (temperatures in degC, sound levels in dBASPL);
    /// `false` for every cumulative type and for masses, lengths, percents, counts, rates and so on.
    public let allowsNegativeValues: Bool
    /// Whether Apple computes the type itself, so apps may read it but not write it.
    public let isAppleComputed: Bool
    /// The first iOS version with the identifier, for example `"8"` or `"14.5"`; `nil` when unknown.
    public let introducedIn: String?
    /// The group of the type in the reference.
    public let group: QuantityTypeGroup

    /// Describes a quantity type; use it for types the built-in catalog does not know.
    ///
    /// - Parameters:
    ///   - identifier: The type.
    ///   - aggregationStyle: How its values combine.
    ///   - canonicalUnit: Its canonical unit.
    ///   - canonicalUnitString: The unit's spelling in the SDK header; `nil` for the unit's own ``HealthUnit/unitString``.
    ///   - allowedStatistics: The allowed statistics; `nil` uses ``StatisticsOptions/allowed(for:)``.
    ///   - maximumDuration: The longest allowed sample duration in seconds, if any.
    ///   - allowsNegativeValues: Whether negative values are meaningful.
    ///   - isAppleComputed: Whether only Apple writes the type.
    ///   - introducedIn: The first iOS version with the identifier.
    ///   - group: The group of the type.
    public init(
        identifier: QuantityTypeIdentifier,
        aggregationStyle: AggregationStyle,
        canonicalUnit: HealthUnit,
        canonicalUnitString: String? = nil,
        allowedStatistics: StatisticsOptions? = nil,
        maximumDuration: TimeInterval? = nil,
        allowsNegativeValues: Bool = false,
        isAppleComputed: Bool = false,
        introducedIn: String? = nil,
        group: QuantityTypeGroup
    ) {
        self.identifier = identifier
        self.aggregationStyle = aggregationStyle
        self.canonicalUnit = canonicalUnit
        self.canonicalUnitString = canonicalUnitString ?? canonicalUnit.unitString
        self.allowedStatistics = allowedStatistics ?? StatisticsOptions.allowed(for: aggregationStyle)
        self.maximumDuration = maximumDuration
        self.allowsNegativeValues = allowsNegativeValues
        self.isAppleComputed = isAppleComputed
        self.introducedIn = introducedIn
        self.group = group
    }
}

extension QuantityTypeDescription {
    /// Compact catalog entry: style, unit and version positionally, the rare flags by label.
    init(
        _ identifier: QuantityTypeIdentifier,
        _ style: AggregationStyle,
        _ unit: String,
        since version: String,
        _ group: QuantityTypeGroup,
        maximumDuration: TimeInterval? = nil,
        negative: Bool = false,
        appleComputed: Bool = false
    ) {
        self.init(
            identifier: identifier,
            aggregationStyle: style,
            canonicalUnit: try! HealthUnit(from: unit),  // safe: catalog literals; CatalogTests parse every row
            canonicalUnitString: unit,
            maximumDuration: maximumDuration,
            allowsNegativeValues: negative,
            isAppleComputed: appleComputed,
            introducedIn: version,
            group: group
        )
    }
}
