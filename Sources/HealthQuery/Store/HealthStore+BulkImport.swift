public import Foundation
public import HealthCore
public import HealthStorage

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
/// not written and come back as ``HealthBulkOutcome/rejected(_:)``. Valid only during the producer call.
public final class HealthBulkSink {
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
    /// - Throws: ``StorageError``; the whole import is rolled back then.
    public func write(
        _ batch: BulkBatch, reidentify: (AnySample, Int) -> AnySample
    ) throws -> [HealthBulkOutcome] {
        try write(validator.validate(batch), reidentify: reidentify)
    }

    /// Writes a batch validated ahead (``HealthStore/bulkValidator``), without validating it again. A batch
    /// validated by another store's rules is validated again by this one's: nothing unchecked is written.
    ///
    /// - Returns: One outcome per sample of the original batch, in order (the rejected ones included).
    /// - Throws: ``StorageError``; the whole import is rolled back then.
    public func write(
        _ validated: ValidatedBulkBatch, reidentify: (AnySample, Int) -> AnySample
    ) throws -> [HealthBulkOutcome] {
        guard validated.validator == validator else {
            let again = validator.validate(validated.valid)
            return validated.outcomes(merging: try write(again, reidentify: reidentify))
        }
        let written = try base.write(validated.valid, reidentify: reidentify).map { outcome -> HealthBulkOutcome in
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
    /// With ``BulkWriteOptions/countUnmet``: stored samples the filter accepts that the import did not meet.
    public var unmet: [SampleType: Int]?
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
    /// - Parameters:
    ///   - options: What the storage should report besides counts (samples the import did not meet again).
    ///   - produce: Writes batches through the sink, synchronously; runs on a storage thread. Its value is
    ///     handed back. If it throws, nothing is imported and the error is rethrown unchanged.
    /// - Returns: The producer's value and what the import did.
    /// - Throws: ``HealthError`` `.authorizationDenied` for an unprivileged identity, `.databaseInaccessible`
    ///   when the storage cannot take a bulk write or fails; or what `produce` throws.
    public func bulkImport<T: Sendable>(
        options: BulkWriteOptions = BulkWriteOptions(),
        _ produce: @escaping @Sendable (HealthBulkSink) throws -> T
    ) async throws -> (value: T, result: HealthBulkImportResult) {
        guard app.isPrivileged else {
            throw HealthError.notAuthorized("\(app.bundleIdentifier) may not bulk-import; only a privileged identity")
        }
        guard let bulk = storage as? any BulkWritableStorage else {
            throw HealthError(.databaseInaccessible, "the storage backend does not support bulk import")
        }
        let validator = bulkValidator
        let written: (value: T, result: BulkWriteResult)
        do {
            written = try await bulk.bulkWrite(options: options) { base in
                try produce(HealthBulkSink(base: base, validator: validator))
            }
        } catch let error as StorageError {
            throw error.healthError
        }
        let result = written.result
        if !result.touchedTypes.isEmpty {
            hub.publish(CommitNotification(anchor: result.anchor, touchedTypes: result.touchedTypes))
            noteBackgroundChanges(result.touchedTypes)
        }
        return (
            written.value,
            HealthBulkImportResult(
                anchor: result.anchor, inserted: result.inserted, alreadyPresent: result.alreadyPresent,
                touchedTypes: result.touchedTypes, unmet: result.unmet)
        )
    }
}
