import Foundation
public import HealthCore
package import HealthStorage
import Synchronization

/// A committed change, as observers learn of it: which types it touched and the anchor after it.
public struct CommitNotification: Sendable, Hashable {
    /// The store's anchor after the commit.
    public var anchor: Int64
    /// The sample types the commit inserted or deleted.
    public var touchedTypes: Set<SampleType>
    /// The bundle identifier of the app whose engine made the commit that prompted this report; nil when the change
    /// was learned from the store itself (another process's commit) or the range read held other types. A range
    /// reported for a commit may also hold other commits of the same types.
    public var committer: String?

    /// Creates a notification.
    public init(anchor: Int64, touchedTypes: Set<SampleType>, committer: String? = nil) {
        self.anchor = anchor
        self.touchedTypes = touchedTypes
        self.committer = committer
    }
}

/// Fans committed changes out to everyone watching one storage: observer queries, long-running anchored and
/// statistics queries, background delivery. Every ``HealthStore`` over the same storage shares one hub
/// (``HealthStore/store(for:)``), so one app's save wakes another app's observer.
///
/// Commits made by another process on the same database reach the hub once it watches the store (the runtime's
/// `OpenDatabase.watchOtherProcesses(every:)` polls it). From then on the hub publishes every change number once,
/// in order: a watermark records the last anchor reported, an in-process commit reports the types of everything
/// between the watermark and its own anchor (read from the store, so a foreign commit in between is included),
/// and a poll reports whatever lies beyond the watermark. Commits that land together may be reported together;
/// none is missed or reported twice.
public final class ChangeHub: Sendable {
    private struct Subscriber: Sendable {
        let types: Set<SampleType>?
        let continuation: AsyncStream<CommitNotification>.Continuation
    }

    /// The reporting state once the hub watches the store.
    private struct Watermark {
        /// The last anchor reported.
        var anchor: Int64 = 0
        /// The anchor when watching began: commits up to it were never part of a poll.
        var start: Int64 = 0
        var isWatching = false
    }

    private let subscribers = Locked<[Int: Subscriber]>([:])
    private let nextID = Atomic<Int>(0)
    private let watermark = Locked(Watermark())
    /// Serializes reports while watching, so ranges are reported in order.
    private let reporting = AsyncGate()

    /// Creates a hub.
    public init() {}

    /// A stream of the commits that touch any of `types` (all commits when nil), from now on.
    ///
    /// The stream ends when its consumer stops iterating (the subscription is removed).
    public func notifications(for types: Set<SampleType>?) -> AsyncStream<CommitNotification> {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let (stream, continuation) = AsyncStream<CommitNotification>.makeStream(bufferingPolicy: .unbounded)
        subscribers.withLock { $0[id] = Subscriber(types: types, continuation: continuation) }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    /// Tells every interested subscriber about a change (a commit, or a change of merge order that leaves the
    /// anchor as it was). Commits made through an engine go through ``publishCommit(_:storage:)`` instead.
    public func publish(_ notification: CommitNotification) {
        guard !notification.touchedTypes.isEmpty else { return }
        let targets = subscribers.withLock { Array($0.values) }
        for subscriber in targets
        where subscriber.types.map({ !$0.isDisjoint(with: notification.touchedTypes) }) ?? true {
            subscriber.continuation.yield(notification)
        }
    }

    /// The number of live subscriptions (for tests).
    public var subscriberCount: Int { subscribers.withLock { $0.count } }

    /// Whether the hub watches the store for other processes' commits.
    public var isWatching: Bool { watermark.withLock { $0.isWatching } }

    /// Reports a commit made in this process. Not watching, it is published as it is; watching, the range from
    /// the watermark to its anchor is reported once (nothing when a poll already reported it).
    package func publishCommit(_ notification: CommitNotification, storage: any SampleStorage) async {
        guard !notification.touchedTypes.isEmpty else { return }
        guard isWatching else { return publish(notification) }
        await reporting.withLock {
            let (last, start) = watermark.withLock { ($0.anchor, $0.start) }
            if notification.anchor <= start { return publish(notification) }
            guard notification.anchor > last else { return }
            guard subscriberCount > 0 else {
                // Nobody listens: nothing to report, no range to read (a large import made meanwhile by another
                // process is not scanned for its types).
                watermark.withLock { $0.anchor = max($0.anchor, notification.anchor) }
                return
            }
            guard let types = try? await storage.touchedTypes(after: last, through: notification.anchor) else {
                // The range could not be read: report this commit now and leave the watermark, so the next poll
                // reports the range again (a repeat, never a loss).
                return publish(notification)
            }
            var range = notification
            range.touchedTypes.formUnion(types)
            if types != notification.touchedTypes { range.committer = nil }
            watermark.withLock { $0.anchor = max($0.anchor, notification.anchor) }
            publish(range)
        }
    }

    /// Starts reporting other processes' commits from the store's current anchor on (idempotent); the caller
    /// then calls ``reportNewCommits(storage:)`` periodically.
    package func beginWatching(storage: any SampleStorage) async throws {
        try await reporting.withLock {
            guard !isWatching else { return }
            let current = try await storage.currentAnchor()
            watermark.withLock { $0 = Watermark(anchor: current, start: current, isWatching: true) }
        }
    }

    /// Stops reporting other processes' commits (the database was closed): commits made through engines are
    /// published as they are again.
    package func endWatching() async {
        await reporting.withLock { watermark.withLock { $0 = Watermark() } }
    }

    /// Reports what was committed beyond the watermark (by another process, or by this one before its own
    /// report): one notification for the whole range. Cheap when nothing changed: one read of the anchor.
    /// - Returns: The notification published, if any.
    @discardableResult
    package func reportNewCommits(storage: any SampleStorage) async throws -> CommitNotification? {
        try await reporting.withLock { () async throws -> CommitNotification? in
            let (last, watching) = watermark.withLock { ($0.anchor, $0.isWatching) }
            guard watching else { return nil }
            let current = try await storage.currentAnchor()
            guard current > last else { return nil }
            let types = try await storage.touchedTypes(after: last, through: current)
            watermark.withLock { $0.anchor = max($0.anchor, current) }
            let notification = CommitNotification(anchor: current, touchedTypes: types)
            publish(notification)
            return notification
        }
    }
}
