import HealthCore
import HealthQuery

/// The sharing (write) status of a type: HealthKit's `HKAuthorizationStatus`. Read status is never revealed.
public enum HKAuthorizationStatus: Int, Sendable, Hashable, CaseIterable {
    /// The app has not asked to share the type.
    case notDetermined = 0
    /// The person denied sharing, or apps may never share the type.
    case sharingDenied = 1
    /// The person allowed sharing.
    case sharingAuthorized = 2

    init(_ status: AuthorizationStatus) {
        self = HKAuthorizationStatus(rawValue: status.rawValue) ?? .notDetermined
    }
}

/// Whether a request would show the permission sheet: HealthKit's `HKAuthorizationRequestStatus`.
public enum HKAuthorizationRequestStatus: Int, Sendable, Hashable, CaseIterable {
    /// Unknown.
    case unknown = 0
    /// The sheet would appear.
    case shouldRequest = 1
    /// Every type was decided before: no sheet.
    case unnecessary = 2

    init(_ status: AuthorizationRequestStatus) {
        self = HKAuthorizationRequestStatus(rawValue: status.rawValue) ?? .unknown
    }
}

/// How often background delivery may wake the app: HealthKit's `HKUpdateFrequency`.
public enum HKUpdateFrequency: Int, Sendable, Hashable, CaseIterable {
    /// As soon as data lands.
    case immediate = 1
    /// At most hourly.
    case hourly = 2
    /// At most daily.
    case daily = 3
    /// At most weekly.
    case weekly = 4

    var engineValue: UpdateFrequency { UpdateFrequency(rawValue: rawValue) ?? .immediate }
}

/// How a quantity type's values combine: HealthKit's `HKQuantityAggregationStyle`.
public enum HKQuantityAggregationStyle: Int, Sendable, Hashable, CaseIterable {
    /// Summable over time (steps, energy).
    case cumulative = 0
    /// A plain arithmetic mean (body mass).
    case discreteArithmetic = 1
    /// A time-weighted mean (heart rate).
    case discreteTemporallyWeighted = 2
    /// An equivalent continuous level (sound).
    case discreteEquivalentContinuousLevel = 3

    /// The deprecated name of ``discreteArithmetic``.
    @available(*, deprecated, renamed: "discreteArithmetic")
    public static var discrete: HKQuantityAggregationStyle { .discreteArithmetic }

    init(_ style: AggregationStyle) {
        self = HKQuantityAggregationStyle(rawValue: style.rawValue) ?? .discreteArithmetic
    }
}

/// The statistics a statistics query computes: HealthKit's `HKStatisticsOptions`.
public struct HKStatisticsOptions: OptionSet, Sendable, Hashable {
    /// HealthKit's bits.
    public let rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Per-source statistics too (1).
    public static let separateBySource = HKStatisticsOptions(rawValue: 1)
    /// The average of a discrete type (2).
    public static let discreteAverage = HKStatisticsOptions(rawValue: 2)
    /// The minimum of a discrete type (4).
    public static let discreteMin = HKStatisticsOptions(rawValue: 4)
    /// The maximum of a discrete type (8).
    public static let discreteMax = HKStatisticsOptions(rawValue: 8)
    /// The merged sum of a cumulative type (16).
    public static let cumulativeSum = HKStatisticsOptions(rawValue: 16)
    /// The most recent quantity (32).
    public static let mostRecent = HKStatisticsOptions(rawValue: 32)
    /// The iOS 12 name of ``mostRecent``.
    @available(*, deprecated, renamed: "mostRecent")
    public static let discreteMostRecent = HKStatisticsOptions(rawValue: 32)
    /// The time covered by the samples (64).
    public static let duration = HKStatisticsOptions(rawValue: 64)

    var engineValue: StatisticsOptions { StatisticsOptions(rawValue: rawValue) }
}

/// The date-window options of `predicateForSamples(withStart:end:options:)`: HealthKit's `HKQueryOptions`.
public struct HKQueryOptions: OptionSet, Sendable, Hashable {
    /// HealthKit's bits.
    public let rawValue: UInt
    /// Creates options from bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The sample must start inside the window.
    public static let strictStartDate = HKQueryOptions(rawValue: 1)
    /// The sample must end inside the window.
    public static let strictEndDate = HKQueryOptions(rawValue: 2)

    var engineValue: DateOptions { DateOptions(rawValue: Int(rawValue)) }
}

/// A decimal prefix of an SI unit: HealthKit's `HKMetricPrefix`, with its raw values.
public enum HKMetricPrefix: Int, Sendable, Hashable, CaseIterable {
    /// No prefix.
    case none = 0
    /// 10⁻¹².
    case pico = 1
    /// 10⁻⁹.
    case nano = 2
    /// 10⁻⁶.
    case micro = 3
    /// 10⁻³.
    case milli = 4
    /// 10⁻².
    case centi = 5
    /// 10⁻¹.
    case deci = 6
    /// 10¹.
    case deca = 7
    /// 10².
    case hecto = 8
    /// 10³.
    case kilo = 9
    /// 10⁶.
    case mega = 10
    /// 10⁹.
    case giga = 11
    /// 10¹².
    case tera = 12
    /// 10⁻¹⁵.
    case femto = 13

    var engineValue: MetricPrefix { MetricPrefix(rawValue: rawValue) ?? .none }
}

/// `HKObjectQueryNoLimit`: no limit on the number of results (0).
public let HKObjectQueryNoLimit = 0

/// `HKAnchoredObjectQueryNoAnchor`: the legacy integer anchor that starts from the beginning (0).
public let HKAnchoredObjectQueryNoAnchor = 0

/// `HKUnitMolarMassBloodGlucose`: the molar mass of glucose in g/mol, for `mmol<…>/L` units.
public let HKUnitMolarMassBloodGlucose = 180.15588000005408
