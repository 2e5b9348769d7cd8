public import Foundation

/// What a sync batch did (``HealthStore/applySyncBatch(_:)``): the store's anchor after it, the counts, and every
/// item that was not stored, by its index in the batch. The same batch sent again gets this same reply.
///
/// Counts add up, per list: `inserted + duplicates + conflicts.count + (problems in "samples") == items` and
/// `deleted + alreadyDeleted + (problems in "deleted") == deletions`; `rejected` counts the problems of both lists.
public struct SyncReply: Sendable, Hashable, Codable {
    /// The batch id.
    public var batch: String
    /// The store's anchor after the batch (HealthStore's, not the phone's).
    public var anchor: Int64
    /// Samples stored by this batch.
    public var inserted: Int
    /// Samples already stored with the same content (a re-sent sample): not an error.
    public var duplicates: Int
    /// Deletions applied (a correlation's members not counted).
    public var deleted: Int
    /// Deletions of UUIDs the store does not hold (never stored, or deleted before).
    public var alreadyDeleted: Int
    /// Items and deletions refused (``problems``).
    public var rejected: Int
    /// Each refused item: where, which, why.
    public var problems: [SyncProblem]
    /// Samples whose UUID is stored with other content: never overwritten (HealthKit's objects do not change).
    public var conflicts: [SyncConflict]
    /// The phone anchor the batch carried, acknowledged with it.
    public var phoneAnchor: String?

    /// Creates a reply.
    public init(
        batch: String, anchor: Int64, inserted: Int = 0, duplicates: Int = 0, deleted: Int = 0,
        alreadyDeleted: Int = 0, rejected: Int = 0, problems: [SyncProblem] = [], conflicts: [SyncConflict] = [],
        phoneAnchor: String? = nil
    ) {
        self.batch = batch
        self.anchor = anchor
        self.inserted = inserted
        self.duplicates = duplicates
        self.deleted = deleted
        self.alreadyDeleted = alreadyDeleted
        self.rejected = rejected
        self.problems = problems
        self.conflicts = conflicts
        self.phoneAnchor = phoneAnchor
    }
}

/// One refused item of a batch: a typed, located reason that names no health value.
public struct SyncProblem: Sendable, Hashable, Codable {
    /// Which list the item is in: `samples` or `deleted`.
    public var list: String
    /// Its index in that list.
    public var index: Int
    /// Its UUID, when it had a readable one.
    public var uuid: UUID?
    /// Why it was refused.
    public var problem: String

    /// Creates a problem.
    public init(list: String, index: Int, uuid: UUID?, problem: String) {
        self.list = list
        self.index = index
        self.uuid = uuid
        self.problem = problem
    }
}

/// A sample whose UUID the store holds with other content.
public struct SyncConflict: Sendable, Hashable, Codable {
    /// Its index in the batch's samples.
    public var index: Int
    /// Its UUID.
    public var uuid: UUID

    /// Creates a conflict.
    public init(index: Int, uuid: UUID) {
        self.index = index
        self.uuid = uuid
    }
}

/// A device's sync health for one type (``HealthStore/syncStatus()``): what a phone and the dashboard show.
public struct SyncTypeStatus: Sendable, Hashable, Codable {
    /// The type's identifier.
    public var type: String
    /// The phone anchor of the last batch that carried one.
    public var phoneAnchor: String?
    /// The last batch applied.
    public var lastBatch: String
    /// When it was applied (the store's clock).
    public var lastBatchAt: Date
    /// Totals over every batch of the type.
    public var inserted: Int
    public var duplicates: Int
    public var deleted: Int
    public var alreadyDeleted: Int
    public var rejected: Int
    public var conflicts: Int
    /// The batches applied.
    public var batches: Int
    /// The last problem reported (a rejected item or a conflict) and when.
    public var lastProblem: String?
    public var lastProblemAt: Date?

    /// The status before any batch.
    init(type: String, batch: String, at date: Date) {
        self.type = type
        lastBatch = batch
        lastBatchAt = date
        inserted = 0
        duplicates = 0
        deleted = 0
        alreadyDeleted = 0
        rejected = 0
        conflicts = 0
        batches = 0
    }

    /// Adds a batch's reply.
    mutating func add(_ reply: SyncReply, at date: Date) {
        lastBatch = reply.batch
        lastBatchAt = date
        if let anchor = reply.phoneAnchor { phoneAnchor = anchor }
        inserted += reply.inserted
        duplicates += reply.duplicates
        deleted += reply.deleted
        alreadyDeleted += reply.alreadyDeleted
        rejected += reply.rejected
        conflicts += reply.conflicts.count
        batches += 1
        if let first = reply.problems.first {
            lastProblem = "\(first.list)[\(first.index)]: \(first.problem)"
            lastProblemAt = date
        } else if let conflict = reply.conflicts.first {
            lastProblem = "samples[\(conflict.index)]: the UUID is stored with other content"
            lastProblemAt = date
        }
    }
}
