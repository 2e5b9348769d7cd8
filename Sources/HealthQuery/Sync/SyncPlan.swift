import Foundation
import HealthCore
import HealthStorage

/// What a sync batch will do, item by item: validated, then classified against what the store holds (new,
/// duplicate, conflict; deleted, already deleted), with every refused item's reason.
struct SyncPlan {
    let batch: SyncBatch
    /// The samples that passed validation, by their index in the batch.
    private var valid: [(index: Int, sample: AnySample)] = []
    private(set) var inserts: [AnySample] = []
    private(set) var deletions: [UUID] = []
    /// Rows the commit writes (inserted samples and their members) and tombstones it leaves.
    private(set) var changeCount = 0
    private var duplicates = 0
    private var alreadyDeleted = 0
    private var deleted = 0
    private var problems: [SyncProblem] = []
    private var conflicts: [SyncConflict] = []

    /// Validates the batch's items (each alone: one invalid item never fails another).
    init(batch: SyncBatch, validationOptions: ValidationOptions) {
        self.batch = batch
        for (index, item) in batch.items.enumerated() {
            switch item {
            case .invalid(let uuid, let problem):
                problems.append(SyncProblem(list: "samples", index: index, uuid: uuid, problem: problem))
            case .sample(let sample):
                if let problem = Self.problem(with: sample, batch: batch, options: validationOptions) {
                    problems.append(SyncProblem(list: "samples", index: index, uuid: sample.uuid, problem: problem))
                } else {
                    valid.append((index, sample))
                }
            }
        }
    }

    /// The UUIDs to look up before classifying: the valid samples' and their members'.
    var candidateUUIDs: Set<UUID> {
        Set(valid.flatMap { [$0.sample.uuid] + ($0.sample.correlation?.objects.map(\.uuid) ?? []) })
    }

    /// Sorts the valid samples and the deletions by what the store holds (`stored`: by UUID, every candidate and
    /// deletion that is stored).
    mutating func classify(against stored: [UUID: AnySample]) {
        var inBatch: [UUID: AnySample] = [:]
        for (index, sample) in valid {
            let uuids = [sample.uuid] + (sample.correlation?.objects.map(\.uuid) ?? [])
            if let existing = stored[sample.uuid] ?? inBatch[sample.uuid] {
                if Self.sameContent(existing, sample) {
                    duplicates += 1
                } else {
                    conflicts.append(SyncConflict(index: index, uuid: sample.uuid))
                }
                continue
            }
            if Set(uuids).count != uuids.count
                || uuids.dropFirst().contains(where: { stored[$0] != nil || inBatch[$0] != nil })
            {
                problems.append(
                    SyncProblem(
                        list: "samples", index: index, uuid: sample.uuid,
                        problem: "a member's UUID is the correlation's, another member's, or another stored object's"))
                continue
            }
            for uuid in uuids { inBatch[uuid] = sample }
            inserts.append(sample)
            changeCount += uuids.count
        }
        var deleting: Set<UUID> = []
        for (index, deletion) in batch.deletions.enumerated() {
            guard deletion.type == batch.type else {
                problems.append(
                    SyncProblem(
                        list: "deleted", index: index, uuid: deletion.uuid,
                        problem: "type \(deletion.type.identifier) is not the batch's type \(batch.type.identifier)"))
                continue
            }
            guard let existing = stored[deletion.uuid], !deleting.contains(deletion.uuid) else {
                alreadyDeleted += 1
                continue
            }
            guard existing.sampleType == deletion.type else {
                problems.append(
                    SyncProblem(
                        list: "deleted", index: index, uuid: deletion.uuid,
                        problem: "the UUID is stored as another type than \(deletion.type.identifier)"))
                continue
            }
            deleting.insert(deletion.uuid)
            deletions.append(deletion.uuid)
            deleted += 1
            changeCount += 1 + (existing.correlation?.objects.count ?? 0)
        }
    }

    /// The reply of the plan, at an anchor.
    func reply(anchor: Int64) -> SyncReply {
        SyncReply(
            batch: batch.id, anchor: anchor, inserted: inserts.count, duplicates: duplicates, deleted: deleted,
            alreadyDeleted: alreadyDeleted, rejected: problems.count,
            problems: problems.sorted {
                ($0.list != "samples" ? 1 : 0, $0.index) < ($1.list != "samples" ? 1 : 0, $1.index)
            },
            conflicts: conflicts, phoneAnchor: batch.phoneAnchor)
    }

    /// Why a decoded sample cannot be stored: of another type than the batch, without a source, or breaking a
    /// rule of HealthCore's validation (the message names the rule, never a value).
    private static func problem(with sample: AnySample, batch: SyncBatch, options: ValidationOptions) -> String? {
        guard sample.sampleType == batch.type else {
            return "type \(sample.sampleType.identifier) is not the batch's type \(batch.type.identifier)"
        }
        guard let revision = sample.sourceRevision, !revision.source.bundleIdentifier.isEmpty else {
            return "source is required: a mirror keeps each sample's source"
        }
        if let issue = SampleValidator.issues(in: sample, options: options).first {
            let inside = issue.path.map { "\($0): " } ?? ""
            return "\(inside)\(issue.rule): \(issue.message)"
        }
        return nil
    }

    /// Whether a stored sample is the one the device sent again (compared as stored: the storage's canonical JSON,
    /// so a backend's representation of equal values does not make a conflict).
    static func sameContent(_ stored: AnySample, _ sent: AnySample) -> Bool {
        if stored == sent { return true }
        let encoder = StoredJSON.encoder()
        guard let left = try? encoder.encode(stored), let right = try? encoder.encode(sent) else { return false }
        return left == right
    }
}
