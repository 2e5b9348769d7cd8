/// One batch of a bulk write (an import): samples to insert if absent, activity summaries and characteristics.
public struct BulkBatch: Sendable, Hashable {
    /// Samples to insert if absent (correlations carry their members, which are stored as samples of their own).
    public var samples: [AnySample]
    /// Activity summaries, replacing stored ones of the same day.
    public var activitySummaries: [ActivitySummary]
    /// The person's characteristics, replacing the stored ones when not nil.
    public var characteristics: Characteristics?

    /// Creates a batch.
    public init(
        samples: [AnySample] = [], activitySummaries: [ActivitySummary] = [], characteristics: Characteristics? = nil
    ) {
        self.samples = samples
        self.activitySummaries = activitySummaries
        self.characteristics = characteristics
    }
}
