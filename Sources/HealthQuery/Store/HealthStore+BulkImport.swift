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
    private let validationOptions: ValidationOptions
    private let revision: SourceRevision

    init(base: any BulkSink, validationOptions: ValidationOptions, revision: SourceRevision) {
        self.base = base
        self.validationOptions = validationOptions
        self.revision = revision
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
        if batch.samples.allSatisfy({ Self.hasRevision($0) && Self.isValid($0, validationOptions) }) {
            return try base.write(batch, reidentify: reidentify).map { outcome in
                switch outcome {
                case .inserted(let uuid): .inserted(uuid)
                case .alreadyPresent(let uuid): .alreadyPresent(uuid)
                }
            }
        }
        var outcomes = [HealthBulkOutcome?](repeating: nil, count: batch.samples.count)
        var valid = batch
        valid.samples.removeAll(keepingCapacity: true)
        var positions: [Int] = []
        positions.reserveCapacity(batch.samples.count)
        for (index, sample) in batch.samples.enumerated() {
            var sample = sample
            if !Self.hasRevision(sample) { sample.sourceRevision = revision }
            let issues = SampleValidator.issues(in: sample, options: validationOptions)
            if issues.isEmpty {
                valid.samples.append(sample)
                positions.append(index)
            } else {
                outcomes[index] = .rejected(issues)
            }
        }
        let written = try base.write(valid, reidentify: reidentify)
        for (position, outcome) in zip(positions, written) {
            switch outcome {
            case .inserted(let uuid): outcomes[position] = .inserted(uuid)
            case .alreadyPresent(let uuid): outcomes[position] = .alreadyPresent(uuid)
            }
        }
        return outcomes.map { $0 ?? .rejected([]) }
    }

    private static func isValid(_ sample: AnySample, _ options: ValidationOptions) -> Bool {
        SampleValidator.issues(in: sample, options: options).isEmpty
    }

    /// Whether a sample carries a source revision, read from the concrete value (no existential boxing).
    private static func hasRevision(_ sample: AnySample) -> Bool {
        switch sample {
        case .quantity(let value): value.sourceRevision != nil
        case .category(let value): value.sourceRevision != nil
        case .correlation(let value): value.sourceRevision != nil
        case .workout(let value): value.sourceRevision != nil
        case .workoutRoute(let value): value.sourceRevision != nil
        }
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
        let validation = validationOptions
        let revision = app.sourceRevision
        let written: (value: T, result: BulkWriteResult)
        do {
            written = try await bulk.bulkWrite(options: options) { base in
                try produce(HealthBulkSink(base: base, validationOptions: validation, revision: revision))
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
