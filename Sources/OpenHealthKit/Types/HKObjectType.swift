public import Foundation
import HealthCore

/// The type of a health object: HealthKit's `HKObjectType`, the root of the type hierarchy.
///
/// Types are obtained by identifier and compare equal when their identifiers are equal, so they work in sets
/// and as dictionary keys:
///
/// ```swift
/// let types: Set<HKObjectType> = [HKQuantityType(.stepCount), HKObjectType.workoutType()]
/// let sampleTypes = types as? Set<HKSampleType>   // both casts work, as in HealthKit
/// ```
///
/// ## Topics
/// - ``quantityType(forIdentifier:)``
/// - ``categoryType(forIdentifier:)``
/// - ``correlationType(forIdentifier:)``
/// - ``characteristicType(forIdentifier:)``
/// - ``workoutType()``
/// - ``activitySummaryType()``
public class HKObjectType: NSObject, NSSecureCoding, NSCopying, @unchecked Sendable {
    /// HealthKit's identifier string, e.g. `"HKQuantityTypeIdentifierStepCount"`.
    public let identifier: String

    init(identifier: String) {
        self.identifier = identifier
    }

    /// Types support secure coding.
    public class var supportsSecureCoding: Bool { true }

    /// Encodes the identifier (the archive names the subclass: a quantity type decodes as one).
    public func encode(with coder: NSCoder) {
        coder.encode(identifier as NSString, forKey: "identifier")
    }

    /// Decodes a type by its identifier; nil when it is missing.
    public required init?(coder: NSCoder) {
        guard coder.containsValue(forKey: "identifier"),
            let identifier = coder.decodeObject(of: NSString.self, forKey: "identifier")
        else { return nil }
        self.identifier = String(identifier)
    }

    /// The type itself: types are immutable.
    public func copy(with zone: NSZone? = nil) -> Any { self }

    /// The engine's type: characteristic and activity-summary types are identifiers the engine authorizes.
    var engineType: SampleType { SampleType(identifier: identifier) }

    /// Types are equal when their identifiers are.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? HKObjectType else { return false }
        return identifier == other.identifier
    }

    /// Hashes the identifier.
    public override var hash: Int { identifier.hashValue }

    /// The identifier.
    public override var description: String { identifier }

    /// The quantity type of an identifier; nil when HealthCore's catalog does not know it.
    public class func quantityType(forIdentifier identifier: HKQuantityTypeIdentifier) -> HKQuantityType? {
        identifier.engineValue.typeDescription == nil ? nil : HKQuantityType(identifier)
    }

    /// The category type of an identifier; nil when HealthCore's catalog does not know it.
    public class func categoryType(forIdentifier identifier: HKCategoryTypeIdentifier) -> HKCategoryType? {
        identifier.engineValue.typeDescription == nil ? nil : HKCategoryType(identifier)
    }

    /// The correlation type of an identifier; nil for an unknown identifier.
    public class func correlationType(forIdentifier identifier: HKCorrelationTypeIdentifier) -> HKCorrelationType? {
        CorrelationTypeIdentifier.allKnown.contains(identifier.engineValue) ? HKCorrelationType(identifier) : nil
    }

    /// The characteristic type of an identifier; nil for an unknown identifier.
    public class func characteristicType(
        forIdentifier identifier: HKCharacteristicTypeIdentifier
    ) -> HKCharacteristicType? {
        CharacteristicTypeIdentifier.allKnown.contains(identifier.engineValue) ? HKCharacteristicType(identifier) : nil
    }

    /// The document type of an identifier; nil for an unknown identifier.
    public class func documentType(forIdentifier identifier: HKDocumentTypeIdentifier) -> HKDocumentType? {
        identifier == .CDA ? HKDocumentType(identifier: identifier.rawValue) : nil
    }

    /// The clinical type of an identifier; nil for an identifier HealthKit does not define.
    public class func clinicalType(forIdentifier identifier: HKClinicalTypeIdentifier) -> HKClinicalType? {
        ClinicalTypeIdentifier.allKnown.contains(identifier.engineValue) ? HKClinicalType(identifier) : nil
    }

    /// The series type of an identifier (`HKWorkoutRouteTypeIdentifier`, `HKDataTypeIdentifierHeartbeatSeries`).
    public class func seriesType(forIdentifier identifier: String) -> HKSeriesType? {
        switch identifier {
        case HKWorkoutRouteTypeIdentifier: HKSeriesType.workoutRoute()
        case HKDataTypeIdentifierHeartbeatSeries: HKSeriesType.heartbeat()
        default: nil
        }
    }

    /// The workout type (`HKWorkoutTypeIdentifier`).
    public class func workoutType() -> HKWorkoutType { HKWorkoutType(identifier: HKWorkoutTypeIdentifier) }

    /// The activity summary type (`HKActivitySummaryTypeIdentifier`): readable, never a sample type.
    public class func activitySummaryType() -> HKActivitySummaryType {
        HKActivitySummaryType(identifier: "HKActivitySummaryTypeIdentifier")
    }

    /// The audiogram type (`HKDataTypeIdentifierAudiogram`).
    public class func audiogramSampleType() -> HKAudiogramSampleType {
        HKAudiogramSampleType(identifier: SampleType.audiogram.identifier)
    }

    /// The electrocardiogram type (`HKDataTypeIdentifierElectrocardiogram`).
    public class func electrocardiogramType() -> HKElectrocardiogramType {
        HKElectrocardiogramType(identifier: SampleType.electrocardiogram.identifier)
    }

    /// The HKObjectType for an engine type: the subclass its identifier names.
    static func make(_ type: SampleType) -> HKObjectType {
        let id = type.identifier
        switch type.kind {
        case .quantity: return HKQuantityType(HKQuantityTypeIdentifier(rawValue: id))
        case .category: return HKCategoryType(HKCategoryTypeIdentifier(rawValue: id))
        case .correlation: return HKCorrelationType(HKCorrelationTypeIdentifier(rawValue: id))
        case .workout: return workoutType()
        case .workoutRoute: return HKSeriesType.workoutRoute()
        case .heartbeatSeries: return HKSeriesType.heartbeat()
        case .audiogram: return audiogramSampleType()
        case .electrocardiogram: return electrocardiogramType()
        case .clinical: return HKClinicalType(HKClinicalTypeIdentifier(rawValue: id))
        default:
            if id.hasPrefix("HKCharacteristicTypeIdentifier") {
                return HKCharacteristicType(HKCharacteristicTypeIdentifier(rawValue: id))
            } else if id == "HKActivitySummaryTypeIdentifier" {
                return activitySummaryType()
            } else {
                return HKSampleType(identifier: id)
            }
        }
    }
}

/// `"HKWorkoutTypeIdentifier"`.
public let HKWorkoutTypeIdentifier = "HKWorkoutTypeIdentifier"
/// `"HKWorkoutRouteTypeIdentifier"`.
public let HKWorkoutRouteTypeIdentifier = "HKWorkoutRouteTypeIdentifier"
/// `"HKDataTypeIdentifierHeartbeatSeries"`.
public let HKDataTypeIdentifierHeartbeatSeries = "HKDataTypeIdentifierHeartbeatSeries"

/// A characteristic of the person (read-only for apps): HealthKit's `HKCharacteristicType`.
public final class HKCharacteristicType: HKObjectType, @unchecked Sendable {
    /// The characteristic type of an identifier.
    public convenience init(_ identifier: HKCharacteristicTypeIdentifier) {
        self.init(identifier: identifier.rawValue)
    }
}

/// The activity-summary type: HealthKit's `HKActivitySummaryType`.
public final class HKActivitySummaryType: HKObjectType, @unchecked Sendable {}
