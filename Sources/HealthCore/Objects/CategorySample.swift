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
        self.uuid = uuid
        self.categoryType = type
        self.value = value
        self.startDate = start
        self.endDate = end
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }

    /// The sample type.
    public var sampleType: SampleType { .category(categoryType) }
}
