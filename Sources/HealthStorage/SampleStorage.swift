public import Foundation
public import HealthCore

/// The storage contract every backend implements (in-memory, SQLite, PostgreSQL), and that
/// `HealthStore` is written against. A backend only stores and finds: validation, authorization and the
/// query semantics above it live in HealthQuery.
///
/// Every mutation is one atomic ``StorageCommit``: all of it becomes visible at once, or none of it.
/// Each inserted object and each deletion gets a new, strictly increasing change number (the anchor) in
/// commit order; deletions leave tombstones, so an anchored reader learns about them.
///
/// The shared conformance suite in HealthTesting (`StorageConformance`) states the contract as tests;
/// every backend must pass it.
public protocol SampleStorage: Sendable {
    /// Applies a commit atomically: inserts, deletions (tombstoned), and workout associations.
    /// - Returns: The anchor of the commit's last change (the store's anchor after it).
    /// - Throws: ``StorageError`` (duplicate UUID, unknown UUID in an association, I/O); nothing is applied then.
    func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult

    /// Samples that match a predicate, ordered and limited.
    func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample]

    /// The number of samples that match a predicate.
    func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int

    /// How many samples that match a predicate each source saved, counted by the storage (no sample is loaded):
    /// one entry per source with at least one, in registration order.
    func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount]

    /// The quantities of matching quantity samples in `canonicalUnit`, in insertion order: the statistics
    /// engine's read (a default over ``samples(matching:)`` exists; backends override it with a lean read).
    func quantityPieces(
        matching predicate: SamplePredicate,
        canonicalUnit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece]

    /// Changes (additions and deletions) after an anchor, in anchor order.
    func changes(after anchor: Int64?, matching request: ChangeRequest) async throws(StorageError) -> ChangeBatch

    /// The store's current anchor: the change number of the last committed change (0 for an empty store).
    func currentAnchor() async throws(StorageError) -> Int64

    /// A number that differs whenever anything was committed to the store since it was last read — samples,
    /// deletions, settings (grants), source orders, summaries — by this process or another: equal values mean
    /// nothing changed in between. Cheap (no read of the data), so a cache of query results can check it on every
    /// use. Read it before computing what it validates.
    func dataVersion() async throws(StorageError) -> Int64

    /// The sample types of the changes (additions and deletions) with anchors in `(after, through]`: what a
    /// commit touched, learned from the store itself — how a process hears of another process's commits.
    /// A default over ``changes(after:matching:)`` exists; backends override it with a lean read.
    func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType>

    /// Every source that saved a sample, with the time it was first seen (registration order).
    func sources() async throws(StorageError) -> [SourceRecord]

    /// The user's source order for a type, highest priority first; nil when never set.
    func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]?

    /// Sets (or, with nil, clears) the source order for a type.
    func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError)

    /// A small key–value area for the layers above (authorization grants, settings), kept in the same store.
    func setting(_ key: String) async throws(StorageError) -> Data?

    /// Stores or removes a setting.
    func setSetting(_ key: String, _ value: Data?) async throws(StorageError)

    /// Every setting whose key starts with a prefix, in key order (byte order of the UTF-8 keys).
    func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)]

    /// Activity summaries in a day range (inclusive); all when nil.
    func activitySummaries(from: CalendarDay?, through: CalendarDay?) async throws(StorageError) -> [ActivitySummary]

    /// Inserts or replaces activity summaries by day.
    func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError)

    /// The person's characteristics.
    func characteristics() async throws(StorageError) -> Characteristics

    /// Replaces the person's characteristics.
    func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError)

    /// Runs `produce` inside ONE write transaction and commits what it wrote, all or nothing: one very large
    /// write (a whole Health export). Readers see the store as it was until the producer has returned and the
    /// write is committed, then all of it at once; a process killed during the write leaves the store as it was.
    ///
    /// The producer writes batches through the ``BulkSink`` it is given (valid only while it runs), awaiting
    /// each; it may be slow (it parses a file) and must not block a thread while it waits. Other writers of the
    /// same storage wait for the write to end; readers never do.
    ///
    /// ```swift
    /// let (count, result) = try await storage.bulkWrite(options: BulkWriteOptions()) { sink in
    ///     var written = 0
    ///     for try await batch in batches {
    ///         written += try await sink.write(batch) { sample, _ in sample }.count
    ///     }
    ///     return written
    /// }
    /// result.inserted      // new samples
    /// ```
    ///
    /// - Parameters:
    ///   - options: What to report besides the counts.
    ///   - produce: Writes batches into the sink; its return value is handed back. If it throws (or its task is
    ///     cancelled), nothing is committed and the error is rethrown unchanged.
    /// - Returns: The producer's value and what the write did.
    /// - Throws: What `produce` throws, or ``StorageError`` (nothing is committed then).
    func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult)

    /// What the storage encodes of each sample ahead of a bulk write, on the producer's thread (nil by default:
    /// the sink encodes as it writes). See ``BulkPreparer``.
    var bulkPreparer: BulkPreparer? { get }
}
