public import Foundation
public import HealthCore

/// One atomic write: what to insert, what to delete, which samples to associate with workouts, and settings written
/// with them (a sync batch's reply and status: the rows and the record of them commit together or not at all).
public struct StorageCommit: Sendable, Hashable {
    /// Samples to insert (each with its `sourceRevision` set). Correlation members are stored as samples
    /// of their own and remain linked to the correlation.
    public var inserts: [AnySample]
    /// UUIDs of objects to delete (unknown UUIDs are ignored). Deleting a correlation deletes its members.
    public var deletions: [UUID]
    /// Samples (already stored or inserted by this commit) to associate with workouts.
    public var associations: [WorkoutAssociation]
    /// Settings (``SampleStorage/setting(_:)``) written in the same transaction: a value stores the key, nil
    /// removes it. Applied after the rows, so a commit that fails writes none of them.
    public var settings: [String: Data?]

    /// Creates a commit.
    public init(
        inserts: [AnySample] = [], deletions: [UUID] = [], associations: [WorkoutAssociation] = [],
        settings: [String: Data?] = [:]
    ) {
        self.inserts = inserts
        self.deletions = deletions
        self.associations = associations
        self.settings = settings
    }

    /// True when the commit changes nothing.
    public var isEmpty: Bool { inserts.isEmpty && deletions.isEmpty && associations.isEmpty && settings.isEmpty }
}

/// What a commit did.
public struct CommitResult: Sendable, Hashable {
    /// The anchor after the commit (unchanged for an empty commit).
    public var anchor: Int64
    /// The objects actually deleted (tombstones written), with their types.
    public var deleted: [DeletedObject]
    /// The sample types the commit touched (inserted or deleted), for observers.
    public var touchedTypes: Set<SampleType>

    /// Creates a result.
    public init(anchor: Int64, deleted: [DeletedObject], touchedTypes: Set<SampleType>) {
        self.anchor = anchor
        self.deleted = deleted
        self.touchedTypes = touchedTypes
    }
}

/// A sample as stored: the value plus its change number.
public struct StoredSample: Sendable, Hashable {
    /// The sample.
    public var sample: AnySample
    /// The change number of its insertion.
    public var anchor: Int64

    /// Creates a stored sample.
    public init(sample: AnySample, anchor: Int64) {
        self.sample = sample
        self.anchor = anchor
    }
}

/// A fetch: predicate, sort orders and limit.
public struct SampleRequest: Sendable, Hashable {
    /// Which samples.
    public var predicate: SamplePredicate
    /// Sort orders applied in turn; ties (and an empty list) keep insertion order.
    public var sort: [SampleSortOrder]
    /// At most this many (after sorting); nil for no limit.
    public var limit: Int?

    /// Creates a request.
    public init(predicate: SamplePredicate = .all, sort: [SampleSortOrder] = [], limit: Int? = nil) {
        self.predicate = predicate
        self.sort = sort
        self.limit = limit
    }
}

/// A change read: which types, which added samples, how many changes at most.
public struct ChangeRequest: Sendable, Hashable {
    /// Types whose changes to return; nil for all.
    public var types: Set<SampleType>?
    /// Filter for additions (deletions are matched by type only, as HealthKit does).
    public var predicate: SamplePredicate
    /// At most this many changes (additions + deletions); nil for no limit.
    public var limit: Int?
    /// Whether to include deletions (an anchored query from no anchor reports none).
    public var includeDeletions: Bool
    /// Which deletions an app may see, applied by the storage before the limit; nil for every deletion of
    /// ``types`` (an app that may read them all, or a privileged identity).
    public var tombstoneScope: TombstoneScope?

    /// Creates a change request.
    public init(
        types: Set<SampleType>? = nil, predicate: SamplePredicate = .all, limit: Int? = nil,
        includeDeletions: Bool = true, tombstoneScope: TombstoneScope? = nil
    ) {
        self.types = types
        self.predicate = predicate
        self.limit = limit
        self.includeDeletions = includeDeletions
        self.tombstoneScope = tombstoneScope
    }
}

/// The deletions an app may learn of (HealthKit's rule for additions, applied to tombstones): those of the types
/// it may read, and of any other type only those whose sample its own source had saved.
///
/// The storage applies it in the same statement as the page limit, so a page never fills with deletions the app
/// is not shown: a read-denied app sees no page, no `hasMore` and no deletion that reveals another app's data.
public struct TombstoneScope: Sendable, Hashable {
    /// Types whose every deletion the app may see.
    public var readableTypes: Set<SampleType>
    /// The app's own source: its deletions of any type are its own to see.
    public var ownBundleIdentifier: String

    /// Creates a scope.
    public init(readableTypes: Set<SampleType>, ownBundleIdentifier: String) {
        self.readableTypes = readableTypes
        self.ownBundleIdentifier = ownBundleIdentifier
    }

    /// Whether a tombstone is within the scope.
    public func contains(_ tombstone: DeletedObject) -> Bool {
        readableTypes.contains(tombstone.sampleType) || tombstone.sourceBundleIdentifier == ownBundleIdentifier
    }
}

/// One change, in anchor order.
public enum StoredChange: Sendable, Hashable {
    /// A sample was added.
    case added(StoredSample)
    /// An object was deleted.
    case deleted(DeletedObject)

    /// The change number.
    public var anchor: Int64 {
        switch self {
        case .added(let stored): stored.anchor
        case .deleted(let deleted): deleted.anchor
        }
    }
}

/// The changes after an anchor.
public struct ChangeBatch: Sendable, Hashable {
    /// The changes, in anchor order.
    public var changes: [StoredChange]
    /// The anchor to continue from: the last change returned, or — when nothing more matches — the store's
    /// anchor at the time of the read.
    public var newAnchor: Int64
    /// True when the limit cut the batch short.
    public var hasMore: Bool

    /// Creates a batch.
    public init(changes: [StoredChange], newAnchor: Int64, hasMore: Bool) {
        self.changes = changes
        self.newAnchor = newAnchor
        self.hasMore = hasMore
    }
}
