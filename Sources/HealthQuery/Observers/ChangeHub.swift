import Foundation
public import HealthCore
import Synchronization

/// A committed change, as observers learn of it: which types it touched and the anchor after it.
public struct CommitNotification: Sendable, Hashable {
    /// The store's anchor after the commit.
    public var anchor: Int64
    /// The sample types the commit inserted or deleted.
    public var touchedTypes: Set<SampleType>
}

/// Fans committed changes out to everyone watching one storage: observer queries, long-running anchored and
/// statistics queries, background delivery. Every ``HealthStore`` over the same storage shares one hub
/// (``HealthStore/store(for:)``), so one app's save wakes another app's observer.
public final class ChangeHub: Sendable {
    private struct Subscriber: Sendable {
        let types: Set<SampleType>?
        let continuation: AsyncStream<CommitNotification>.Continuation
    }

    private let subscribers = Mutex<[Int: Subscriber]>([:])
    private let nextID = Atomic<Int>(0)

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

    /// Tells every interested subscriber about a commit (called by the store after the commit is durable).
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
}
