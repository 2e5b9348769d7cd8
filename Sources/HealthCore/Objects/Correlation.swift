public import Foundation

/// A group of samples recorded together: HealthKit's `HKCorrelation` (a blood-pressure reading, a meal).
///
/// Its members are quantity or category samples; they are saved with the correlation and belong to it.
/// Validation checks the members' types: a blood-pressure correlation holds exactly one systolic and one
/// diastolic sample, a food correlation only dietary quantities.
public struct Correlation: HealthSample {
    /// The object's identity.
    public var uuid: UUID
    /// The correlation type.
    public var correlationType: CorrelationTypeIdentifier
    /// When the correlation starts.
    public var startDate: Date
    /// When the correlation ends.
    public var endDate: Date
    /// The member quantity samples.
    public var quantitySamples: [QuantitySample]
    /// The member category samples.
    public var categorySamples: [CategorySample]
    /// The hardware that produced the readings.
    public var device: Device?
    /// The correlation's metadata.
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// Creates a correlation.
    public init(
        uuid: UUID,
        type: CorrelationTypeIdentifier,
        start: Date,
        end: Date,
        quantitySamples: [QuantitySample] = [],
        categorySamples: [CategorySample] = [],
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        self.uuid = uuid
        self.correlationType = type
        self.startDate = start
        self.endDate = end
        self.quantitySamples = quantitySamples
        self.categorySamples = categorySamples
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }

    /// The sample type.
    public var sampleType: SampleType { .correlation(correlationType) }

    /// All members, quantity samples first (HealthKit's `objects`).
    public var objects: [AnySample] {
        quantitySamples.map(AnySample.quantity) + categorySamples.map(AnySample.category)
    }

    /// The members of one type (HealthKit's `objects(for:)`).
    public func objects(for type: SampleType) -> [AnySample] {
        objects.filter { $0.sampleType == type }
    }
}
