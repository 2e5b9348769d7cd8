public import Foundation

/// A value from a small enumeration over a time interval: HealthKit's `HKCategorySample`.
///
/// ```swift
/// let night = CategorySample(
///     uuid: uuid, type: .sleepAnalysis, value: CategoryValueSleepAnalysis.asleepCore.rawValue,
///     start: eleven, end: sixThirty)
/// ```
public struct CategorySample: HealthSample {
    /// The object's identity.
    public var uuid: UUID
    /// The category type.
    public var categoryType: CategoryTypeIdentifier
    /// The raw value (one of the type's `HKCategoryValue…` values; checked by validation).
    public var value: Int
    /// When the sample starts.
    public var startDate: Date
    /// When the sample ends.
    public var endDate: Date
    /// The hardware that produced the sample.
    public var device: Device?
    /// The sample's metadata.
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// The sample type.
    public var sampleType: SampleType { .category(categoryType) }
}

// The initializer is in an extension so that the struct keeps its implicit memberwise initializer.
extension CategorySample {
    /// Creates a category sample.
    public init(
        uuid: UUID,
        type: CategoryTypeIdentifier,
        value: Int,
        start: Date,
        end: Date,
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        // Through the memberwise initializer, as QuantitySample's: field by field, `self` is returned as a copy.
        self.init(
            uuid: uuid, categoryType: type, value: value, startDate: start, endDate: end, device: device,
            metadata: metadata, sourceRevision: sourceRevision)
    }
}
