public import Foundation
public import HealthCore
import HealthStorage

/// What happened to one sample handed to a ``HealthBulkSink``.
public enum HealthBulkOutcome: Sendable, Hashable {
    /// Inserted, under this UUID.
    case inserted(UUID)
    /// Already stored before this import, under this UUID.
    case alreadyPresent(UUID)
    /// Not written: it breaks HealthCore's validation rules (each issue names the rule, never a value).
    case rejected([ValidationIssue])
}

/// The sink of a bulk import through ``HealthStore/bulkImport(options:_:)``: every sample goes through
/// HealthCore's one validation path (``SampleValidator``) before it reaches the storage; invalid samples are
/// not written and come back as ``HealthBulkOutcome/rejected(_:)``. Valid only while the producer runs.
public struct HealthBulkSink: Sendable {
    private let base: any BulkSink
    private let validator: BulkValidator

    init(base: any BulkSink, validator: BulkValidator) {
        self.base = base
        self.validator = validator
    }

    /// Validates and writes a batch (insert if absent; see ``BulkSink/write(_:reidentify:)``).
    ///
    /// - Parameters:
    ///   - batch: The batch. Samples without a source revision are attributed to the importing identity.
    ///   - reidentify: The next identity of a sample whose UUID was already met in this import.
    /// - Returns: One outcome per sample, in order.
    /// - Throws: ``HealthError`` (`.databaseInaccessible`) or a `CancellationError`; the whole import is rolled
    ///   back then.
    public func write(
        _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [HealthBulkOutcome] {
        try await write(validator.validate(batch), reidentify: reidentify)
    }

    /// Writes a batch validated ahead (``HealthStore/bulkValidator``), without validating it again. A batch
    /// validated by another store's rules is validated again by this one's: nothing unchecked is written.
    ///
    /// - Returns: One outcome per sample of the original batch, in order (the rejected ones included).
    /// - Throws: ``HealthError`` (`.databaseInaccessible`) or a `CancellationError`; the whole import is rolled
    ///   back then.
    public func write(
        _ validated: ValidatedBulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [HealthBulkOutcome] {
        guard validated.validator == validator else {
            let again = validator.validate(validated.valid)
            return validated.outcomes(merging: try await write(again, reidentify: reidentify))
        }
        let written = try await base.write(validated.valid, prepared: validated.prepared, reidentify: reidentify).map {
            outcome -> HealthBulkOutcome in
            switch outcome {
            case .inserted(let uuid): .inserted(uuid)
            case .alreadyPresent(let uuid): .alreadyPresent(uuid)
            }
        }
        return validated.outcomes(merging: written)
    }
}

/// What a bulk import did.
public struct HealthBulkImportResult: Sendable, Hashable {
    /// The store's anchor after the import (unchanged when nothing was inserted).
    public var anchor: Int64
    /// Samples inserted.
    public var inserted: Int
    /// Samples found already stored.
    public var alreadyPresent: Int
    /// The sample types that got new samples.
    public var touchedTypes: Set<SampleType>
    /// With ``BulkImportOptions/countUnmet``: stored samples the filter accepts that the import did not meet.
    public var unmet: [SampleType: Int]?
}

/// What a bulk import should report besides its counts.
public struct BulkImportOptions: Sendable {
    /// When set, the result counts, by type, the samples stored before the import that this filter accepts (by
    /// UUID) and that the import did not meet again (``HealthBulkImportResult/unmet``). Correlation members are
    /// not counted (their correlation is).
    public var countUnmet: (@Sendable (UUID) -> Bool)?
    /// Work to run once the import has committed and its observers were told, while the storage finishes the
    /// write (SQLite copies its write-ahead log into the database file meanwhile): the importer prepares
    /// statistics there. ``HealthStore/bulkImport(options:_:)`` returns when both are done; the work is not run
    /// when the import fails. A storage that returns without running it (one written before the step existed)
    /// gets it run by the store once its write returns.
    public var afterCommit: (@Sendable (HealthBulkImportResult) async -> Void)?

    /// Creates options.
    public init(
        countUnmet: (@Sendable (UUID) -> Bool)? = nil,
        afterCommit: (@Sendable (HealthBulkImportResult) async -> Void)? = nil
    ) {
        self.countUnmet = countUnmet
        self.afterCommit = afterCommit
    }
}

extension HealthBulkImportResult {
    init(_ result: BulkWriteResult) {
        self.init(
            anchor: result.anchor, inserted: result.inserted, alreadyPresent: result.alreadyPresent,
            touchedTypes: result.touchedTypes, unmet: result.unmet)
    }
}

extension HealthStore {
    /// Imports a large, externally produced data set (a Health export) in ONE storage transaction: queries see
    /// the store as before until the import has completed, then everything at once; observers and anchored
    /// queries get one change notification at the end. A killed process leaves the store as it was.
    ///
    /// Only a privileged identity (``AppIdentity/isPrivileged``: the Health app, the importer) may import; it
    /// keeps the source revisions the samples carry. Each sample is validated through ``SampleValidator``; the
    /// producer sees rejected samples in the outcomes and decides how to report them.
    ///
    /// The producer awaits each batch it writes (the storage's back-pressure), so it can parse the next batch
    /// while the storage writes this one; nothing blocks a thread.
    ///
    /// ```swift
    /// let (count, result) = try await store.bulkImport { sink in
    ///     var count = 0
    ///     for try await batch in batches { count += try await sink.write(batch) { sample, _ in sample }.count }
    ///     return count
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: What the storage should report besides counts (samples the import did not meet again).
    ///   - produce: Writes batches through the sink; its value is handed back. If it throws (or its task is
    ///     cancelled), nothing is imported and the error is rethrown unchanged.
    /// - Returns: The producer's value and what the import did.
    /// - Throws: ``HealthError`` `.authorizationDenied` for an unprivileged identity, `.databaseInaccessible`
    ///   when the storage fails; or what `produce` throws.
    public nonisolated func bulkImport<T: Sendable>(
        options: BulkImportOptions = BulkImportOptions(),
        _ produce: (HealthBulkSink) async throws -> T
    ) async throws -> (value: T, result: HealthBulkImportResult) {
        guard app.isPrivileged else {
            throw HealthError.notAuthorized("\(app.bundleIdentifier) may not bulk-import; only a privileged identity")
        }
        let validator = bulkValidator
        // With work to run after the commit, observers are told first, inside the storage's own after-commit
        // step; without, as soon as the storage returns.
        let ran = Locked(false)
        let afterCommit = options.afterCommit.map { work in
            { @Sendable [self] (result: BulkWriteResult) async in
                ran.withLock { $0 = true }
                await announce(result)
                await work(HealthBulkImportResult(result))
            }
        }
        let written: (value: T, result: BulkWriteResult)
        do {
            written = try await storage.bulkWrite(
                options: BulkWriteOptions(countUnmet: options.countUnmet, afterCommit: afterCommit)
            ) { base in
                try await produce(HealthBulkSink(base: base, validator: validator))
            }
        } catch let error as StorageError {
            throw error.healthError
        }
        if let afterCommit {
            // A storage written before `BulkWriteOptions.afterCommit` existed returns without running the step:
            // observers and the caller's work must not be skipped for that.
            if !ran.withLock({ $0 }) { await afterCommit(written.result) }
        } else {
            await announce(written.result)
        }
        return (written.value, HealthBulkImportResult(written.result))
    }

    /// Tells observers, anchored queries and background delivery what a bulk import committed.
    private nonisolated func announce(_ result: BulkWriteResult) async {
        guard !result.touchedTypes.isEmpty else { return }
        await hub.publishCommit(
            CommitNotification(
                anchor: result.anchor, touchedTypes: result.touchedTypes, committer: app.bundleIdentifier),
            storage: storage)
        await noteBackgroundChanges(result.touchedTypes)
    }
}
