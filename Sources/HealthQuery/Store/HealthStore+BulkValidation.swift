public import HealthCore
import HealthStorage

/// HealthCore's validation of bulk batches, runnable on any thread: an importer validates on its parsing
/// thread, so the storage's writer thread, the critical path of an import, only writes. The store's
/// ``HealthStore/bulkValidator`` makes one; ``HealthBulkSink/write(_:reidentify:)-(ValidatedBulkBatch,_)``
/// takes its batches without validating them again.
public struct BulkValidator: Sendable, Hashable {
    /// The store-dependent rules (earliest permitted date).
    public let options: ValidationOptions
    /// The revision given to samples that carry none (the importing identity's).
    public let revision: SourceRevision
    /// The storage's encoding of the valid samples, run after validation on the same thread (decision 0019).
    let preparer: BulkPreparer?

    /// A validator with these rules (``HealthStore/bulkValidator`` gives a store's, which also prepares the
    /// valid samples for its storage).
    public init(options: ValidationOptions, revision: SourceRevision) {
        self.init(options: options, revision: revision, preparer: nil)
    }

    init(options: ValidationOptions, revision: SourceRevision, preparer: BulkPreparer?) {
        self.options = options
        self.revision = revision
        self.preparer = preparer
    }

    /// Validates a batch: samples without a source revision get ``revision``; each goes through
    /// ``SampleValidator`` once. A store's validator then encodes the valid samples for its storage.
    public func validate(_ batch: BulkBatch) -> ValidatedBulkBatch {
        var validated = check(batch)
        validated.prepared = preparer?.prepare(validated.valid.samples)
        return validated
    }

    private func check(_ batch: BulkBatch) -> ValidatedBulkBatch {
        // The common case shares the batch's storage: every sample has its revision and passes. The first
        // sample that does not (a missing revision, or issues) starts a copy; the ones before it are kept as
        // checked, so no sample is validated twice.
        var firstIssues: [ValidationIssue] = []
        // The type's catalog entry and the unit's fit, worked out once per run of samples that repeat them.
        var memo = SampleValidator.QuantityMemo()
        let first = batch.samples.firstIndex { sample in
            guard sample.sourceRevision != nil else { return true }
            firstIssues = SampleValidator.issues(in: sample, options: options, memo: &memo)
            return !firstIssues.isEmpty
        }
        guard let first else {
            return ValidatedBulkBatch(
                valid: batch, positions: nil, rejected: [:], count: batch.samples.count, validator: self)
        }
        var valid = batch
        valid.samples.removeSubrange(first...)
        var positions = Array(0..<first)
        var rejected: [Int: [ValidationIssue]] = [:]
        for index in first..<batch.samples.count {
            var sample = batch.samples[index]
            let issues: [ValidationIssue]
            if sample.sourceRevision != nil {
                issues =
                    index == first ? firstIssues : SampleValidator.issues(in: sample, options: options, memo: &memo)
            } else {
                sample.sourceRevision = revision
                issues = SampleValidator.issues(in: sample, options: options, memo: &memo)
            }
            if issues.isEmpty {
                valid.samples.append(sample)
                positions.append(index)
            } else {
                rejected[index] = issues
            }
        }
        return ValidatedBulkBatch(
            valid: valid, positions: rejected.isEmpty ? nil : positions, rejected: rejected,
            count: batch.samples.count, validator: self)
    }
}

/// A bulk batch that went through ``BulkValidator/validate(_:)``: its valid samples (with their revisions
/// filled in), and the issues of the others by position. Only a validator makes one.
public struct ValidatedBulkBatch: Sendable {
    /// The valid samples, in order, with the batch's activity summaries and characteristics.
    public let valid: BulkBatch
    /// The position in the original batch of each valid sample; nil when every sample was valid.
    let positions: [Int]?
    /// The issues of each invalid sample, by position in the original batch.
    public let rejected: [Int: [ValidationIssue]]
    /// The number of samples in the original batch.
    public let count: Int
    /// The validator that checked it.
    let validator: BulkValidator
    /// The valid samples encoded for the validator's storage (nil when it prepares nothing).
    var prepared: PreparedBulkRows? = nil

    /// The outcomes of the original batch's samples, in order, from the outcomes of the valid ones.
    func outcomes(merging written: [HealthBulkOutcome]) -> [HealthBulkOutcome] {
        guard let positions else { return written }
        var outcomes = [HealthBulkOutcome](repeating: .rejected([]), count: count)
        for (index, issues) in rejected { outcomes[index] = .rejected(issues) }
        for (position, outcome) in zip(positions, written) { outcomes[position] = outcome }
        return outcomes
    }
}

extension HealthStore {
    /// The validation a bulk import into this store applies, to run ahead of ``bulkImport(options:_:)``'s sink
    /// on another thread.
    public nonisolated var bulkValidator: BulkValidator {
        BulkValidator(options: validationOptions, revision: app.sourceRevision, preparer: storage.bulkPreparer)
    }
}
