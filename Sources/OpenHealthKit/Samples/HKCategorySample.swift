public import Foundation
import HealthCore

/// A value from a small enumeration over an interval: HealthKit's `HKCategorySample`.
///
/// ```swift
/// let night = HKCategorySample(
///     type: HKCategoryType(.sleepAnalysis), value: HKCategoryValueSleepAnalysis.asleepCore.rawValue,
///     start: eleven, end: sixThirty)
/// ```
public final class HKCategorySample: HKSample, @unchecked Sendable {
    /// Creates a sample.
    public convenience init(type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: nil)
    }

    /// Creates a sample with metadata.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, metadata: [String: Any]?
    ) {
        self.init(type: type, value: value, start: startDate, end: endDate, device: nil, metadata: metadata)
    }

    /// Creates a sample with a device and metadata.
    public convenience init(
        type: HKCategoryType, value: Int, start startDate: Date, end endDate: Date, device: HKDevice?,
        metadata: [String: Any]?
    ) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        let sample = CategorySample(
            uuid: HKObject.newUUID(), type: CategoryTypeIdentifier(rawValue: type.identifier), value: value,
            start: startDate, end: endDate, device: device?.engineValue, metadata: engineMetadata)
        self.init(value: .category(sample), problem: problem)
    }

    /// The category type.
    public var categoryType: HKCategoryType { HKCategoryType(identifier: engineSample.sampleType.identifier) }

    /// The raw value (one of the type's `HKCategoryValue…` values).
    public var value: Int { engineSample.categorySample?.value ?? 0 }
}

/// Samples recorded together (a blood-pressure reading, a meal): HealthKit's `HKCorrelation`.
public final class HKCorrelation: HKSample, @unchecked Sendable {
    /// Creates a correlation of quantity and category samples.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>
    ) {
        self.init(type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: nil)
    }

    /// Creates a correlation with metadata.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        metadata: [String: Any]?
    ) {
        self.init(
            type: correlationType, start: startDate, end: endDate, objects: objects, device: nil, metadata: metadata)
    }

    /// Creates a correlation with a device and metadata.
    public convenience init(
        type correlationType: HKCorrelationType, start startDate: Date, end endDate: Date, objects: Set<HKSample>,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        let (engineMetadata, metadataProblem) = MetadataBridge.engine(metadata)
        var problem = metadataProblem
        var quantities: [QuantitySample] = []
        var categories: [CategorySample] = []
        for object in objects.sorted(by: { $0.uuid.uuidString < $1.uuid.uuidString }) {
            if let carried = object.problem, problem == nil { problem = carried }
            switch object.engineSample {
            case .quantity(let sample): quantities.append(sample)
            case .category(let sample): categories.append(sample)
            default:
                problem =
                    problem ?? "HKCorrelation objects must be quantity or category samples, not \(type(of: object))"
            }
        }
        let correlation = Correlation(
            uuid: HKObject.newUUID(), type: CorrelationTypeIdentifier(rawValue: correlationType.identifier),
            start: startDate, end: endDate, quantitySamples: quantities, categorySamples: categories,
            device: device?.engineValue, metadata: engineMetadata)
        self.init(value: .correlation(correlation), problem: problem)
    }

    /// The correlation type.
    public var correlationType: HKCorrelationType { HKCorrelationType(identifier: engineSample.sampleType.identifier) }

    /// The member samples.
    public var objects: Set<HKSample> { Set((engineSample.correlation?.objects ?? []).map(HKSample.make)) }

    /// The members of one type.
    public func objects(for objectType: HKObjectType) -> Set<HKSample> {
        Set((engineSample.correlation?.objects(for: objectType.engineType) ?? []).map(HKSample.make))
    }
}
