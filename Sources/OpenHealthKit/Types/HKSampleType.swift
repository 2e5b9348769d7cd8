public import Foundation
import HealthCore

/// The type of samples (objects with a start and end date): HealthKit's `HKSampleType`.
public class HKSampleType: HKObjectType, @unchecked Sendable {
    /// Whether samples of the type have a maximum duration.
    public var isMaximumDurationRestricted: Bool { maximumAllowedDuration > 0 }

    /// The maximum duration of a sample in seconds (0 when unrestricted), from HealthCore's catalog.
    public var maximumAllowedDuration: TimeInterval {
        engineType.quantityIdentifier?.typeDescription?.maximumDuration ?? 0
    }

    /// Whether samples of the type have a minimum duration (none in the catalog).
    public var isMinimumDurationRestricted: Bool { false }

    /// The minimum duration of a sample in seconds (0: unrestricted).
    public var minimumAllowedDuration: TimeInterval { 0 }

    /// Whether the type's estimates may be recalibrated (false: no type in the catalog is).
    public var allowsRecalibrationForEstimates: Bool { false }
}

/// A quantity type, such as step count or heart rate: HealthKit's `HKQuantityType`.
///
/// ```swift
/// let steps = HKQuantityType(.stepCount)
/// steps.aggregationStyle                          // .cumulative
/// steps.is(compatibleWith: .count())              // true
/// ```
public final class HKQuantityType: HKSampleType, @unchecked Sendable {
    /// The quantity type of an identifier.
    public convenience init(_ identifier: HKQuantityTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }

    var quantityIdentifier: QuantityTypeIdentifier { QuantityTypeIdentifier(rawValue: identifier) }

    /// How the type's values combine over time (discrete arithmetic for identifiers the catalog does not know).
    public var aggregationStyle: HKQuantityAggregationStyle {
        quantityIdentifier.typeDescription.map { HKQuantityAggregationStyle($0.aggregationStyle) }
            ?? .discreteArithmetic
    }

    /// Whether values of the type can be expressed in a unit (compatible with the type's canonical unit).
    public func `is`(compatibleWith unit: HKUnit) -> Bool {
        guard let canonical = canonicalUnit, let unit = unit.healthUnit else { return false }
        return canonical.isCompatible(with: unit)
    }

    /// The type's canonical unit from HealthCore's catalog.
    var canonicalUnit: HealthUnit? {
        quantityIdentifier.typeDescription.flatMap { try? HealthUnit(from: $0.canonicalUnitString) }
    }
}

/// A category type, such as sleep analysis: HealthKit's `HKCategoryType`.
public final class HKCategoryType: HKSampleType, @unchecked Sendable {
    /// The category type of an identifier.
    public convenience init(_ identifier: HKCategoryTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// A correlation type (blood pressure, food): HealthKit's `HKCorrelationType`.
public final class HKCorrelationType: HKSampleType, @unchecked Sendable {
    /// The correlation type of an identifier.
    public convenience init(_ identifier: HKCorrelationTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// The workout type: HealthKit's `HKWorkoutType`.
public final class HKWorkoutType: HKSampleType, @unchecked Sendable {}

/// A series type (workout routes, heartbeat series): HealthKit's `HKSeriesType`.
public final class HKSeriesType: HKSampleType, @unchecked Sendable {
    /// The workout-route type.
    public class func workoutRoute() -> HKSeriesType { HKSeriesType(identifier: HKWorkoutRouteTypeIdentifier) }
    /// The heartbeat-series type.
    public class func heartbeat() -> HKSeriesType { HKSeriesType(identifier: HKDataTypeIdentifierHeartbeatSeries) }
}

/// A document type (CDA): HealthKit's `HKDocumentType`.
public final class HKDocumentType: HKSampleType, @unchecked Sendable {}

/// The audiogram type: HealthKit's `HKAudiogramSampleType`.
public final class HKAudiogramSampleType: HKSampleType, @unchecked Sendable {}

/// A clinical record type (allergies, lab results, …): HealthKit's `HKClinicalType`. Apps read clinical records;
/// they cannot ask to write them.
public final class HKClinicalType: HKSampleType, @unchecked Sendable {
    /// The clinical type of an identifier.
    public convenience init(_ identifier: HKClinicalTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// The electrocardiogram type: HealthKit's `HKElectrocardiogramType`.
public final class HKElectrocardiogramType: HKSampleType, @unchecked Sendable {}
