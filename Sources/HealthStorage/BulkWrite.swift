public import Foundation
public import HealthCore

/// Where a bulk producer writes (``SampleStorage/bulkWrite(options:_:)``): valid only while the producer runs.
///
/// Writing is **insert if absent**: a sample whose UUID is already stored is not written again and is reported
/// as ``BulkOutcome/alreadyPresent(_:)``, which makes re-running the same write a no-op. A UUID met twice in the
/// same run (written, or found already stored, earlier in this run) is a repeat: the sink asks the producer for
/// the sample's next identity (`reidentify`), so exact duplicates inside one run are all kept.
///
/// A producer calls ``write(_:reidentify:)`` one batch at a time and awaits it: the await is the back-pressure
/// that keeps a fast parser from running ahead of the storage (parse the next batch while this one is written).
public protocol BulkSink: Sendable {
    /// Writes one batch: each sample is inserted unless its UUID is already stored; activity summaries replace
    /// those of the same day; characteristics, when given, replace the stored ones.
    ///
    /// - Parameters:
    ///   - batch: The batch.
    ///   - reidentify: Called for a sample whose UUID (a correlation: its own UUID) was already met in this run,
    ///     with the occurrence number (1, 2, …): returns the same sample under its next identity (a correlation
    ///     with its members renamed too). Called again with the next number while the new UUID was met as well.
    ///     It may run on any thread.
    /// - Returns: One outcome per sample of the batch, in order, with the UUID finally used.
    /// - Throws: ``StorageError`` (`.duplicateUUID` when `reidentify` returns the same UUID, `.io`), or a
    ///   `CancellationError`; the whole write is rolled back then.
    func write(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome]

    /// Writes one batch as ``write(_:reidentify:)`` does, with its samples encoded ahead by the storage's
    /// ``SampleStorage/bulkPreparer`` (nil, or another storage's preparation: the sink encodes them itself).
    /// What is stored is the same either way.
    func write(
        _ batch: BulkBatch, prepared: PreparedBulkRows?,
        reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome]
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
    /// Work to run once the write has committed, while the storage finishes it: SQLite copies its write-ahead
    /// log into the database file meanwhile (on a connection of its own), instead of before or after the work.
    /// It runs outside the write's lock, so it may read and write the storage; `bulkWrite` returns when both
    /// are done. It is not run when the write fails. A storage with nothing to finish runs it after the commit.
    public var afterCommit: (@Sendable (BulkWriteResult) async -> Void)?

    /// Creates options.
    public init(
        countUnmet: (@Sendable (UUID) -> Bool)? = nil,
        afterCommit: (@Sendable (BulkWriteResult) async -> Void)? = nil
    ) {
        self.countUnmet = countUnmet
        self.afterCommit = afterCommit
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
