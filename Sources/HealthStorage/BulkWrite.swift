public import Foundation
public import HealthCore

/// A storage that can take one very large write (a whole Health export) as ONE transaction, fed by a
/// synchronous producer: readers see the store as it was until the producer has returned and the write is
/// committed, then all of it at once. A process killed during the write leaves the store as it was before.
///
/// The producer is called once, on a thread of the backend's choosing, with a ``BulkSink`` that is valid only
/// during that call. It may be slow (it parses a file): a backend must not block readers while it runs.
///
/// Writing is **insert if absent**: a sample whose UUID is already stored is not written again and is reported
/// as ``BulkOutcome/alreadyPresent(_:)``, which makes re-running the same write a no-op. A UUID met twice in the
/// same run (written, or found already stored, earlier in this run) is a repeat: the sink asks the producer for
/// the sample's next identity (``BulkSink/write(_:reidentify:)``), so exact duplicates inside one run are all kept.
///
/// ```swift
/// let (count, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
///     var written = 0
///     for batch in batches {
///         written += try sink.write(batch) { sample, _ in sample }.count
///     }
///     return written
/// }
/// result.inserted      // new samples
/// ```
public protocol BulkWritableStorage: SampleStorage {
    /// Runs `produce` inside one write transaction and commits what it wrote, all or nothing.
    ///
    /// - Parameters:
    ///   - options: What to report besides the counts.
    ///   - produce: Writes batches into the sink; its return value is handed back. If it throws, nothing is
    ///     committed and the error is rethrown unchanged.
    /// - Returns: The producer's value and what the write did.
    /// - Throws: What `produce` throws, or ``StorageError`` (nothing is committed then).
    func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: @escaping @Sendable (any BulkSink) throws -> T
    ) async throws -> (value: T, result: BulkWriteResult)
}

/// Where a bulk producer writes. Valid only during the producer call, on the thread it was given on.
public protocol BulkSink: AnyObject {
    /// Writes one batch: each sample is inserted unless its UUID is already stored; activity summaries replace
    /// those of the same day; characteristics, when given, replace the stored ones.
    ///
    /// - Parameters:
    ///   - batch: The batch.
    ///   - reidentify: Called for a sample whose UUID (a correlation: its own UUID) was already met in this run,
    ///     with the occurrence number (1, 2, …): returns the same sample under its next identity (a correlation
    ///     with its members renamed too). Called again with the next number while the new UUID was met as well.
    /// - Returns: One outcome per sample of the batch, in order, with the UUID finally used.
    /// - Throws: ``StorageError`` (`.duplicateUUID` when `reidentify` returns the same UUID, `.io`).
    func write(_ batch: BulkBatch, reidentify: (AnySample, Int) -> AnySample) throws -> [BulkOutcome]
}

/// One batch of a bulk write.
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

/// What happened to one sample of a bulk write.
public enum BulkOutcome: Sendable, Hashable {
    /// Inserted, under this UUID.
    case inserted(UUID)
    /// Already stored before this run, under this UUID: not written again.
    case alreadyPresent(UUID)

    /// The UUID finally used.
    public var uuid: UUID {
        switch self {
        case .inserted(let uuid), .alreadyPresent(let uuid): uuid
        }
    }

    /// True when the sample was inserted.
    public var isInserted: Bool {
        if case .inserted = self { return true }
        return false
    }
}

/// What a bulk write should report besides its counts.
public struct BulkWriteOptions: Sendable {
    /// When set, the result counts, by type, the samples stored before the run that this filter accepts (by
    /// UUID) and that the run did not meet again (``BulkWriteResult/unmet``). Correlation members are not
    /// counted (their correlation is).
    public var countUnmet: (@Sendable (UUID) -> Bool)?

    /// Creates options.
    public init(countUnmet: (@Sendable (UUID) -> Bool)? = nil) {
        self.countUnmet = countUnmet
    }
}

/// What a bulk write did.
public struct BulkWriteResult: Sendable, Hashable {
    /// The store's anchor after the write (unchanged when nothing was inserted).
    public var anchor: Int64
    /// The sample types that got new samples (correlation members' types included), for observers.
    public var touchedTypes: Set<SampleType>
    /// Top-level samples inserted (correlation members count inside their correlation).
    public var inserted: Int
    /// Top-level samples found already stored.
    public var alreadyPresent: Int
    /// With ``BulkWriteOptions/countUnmet``: stored samples the filter accepts that the run did not meet, by type.
    public var unmet: [SampleType: Int]?

    /// Creates a result.
    public init(
        anchor: Int64, touchedTypes: Set<SampleType>, inserted: Int, alreadyPresent: Int,
        unmet: [SampleType: Int]? = nil
    ) {
        self.anchor = anchor
        self.touchedTypes = touchedTypes
        self.inserted = inserted
        self.alreadyPresent = alreadyPresent
        self.unmet = unmet
    }
}
