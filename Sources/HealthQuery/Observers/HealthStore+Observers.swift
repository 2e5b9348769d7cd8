import Foundation
public import HealthCore

/// One firing of an observer query: the types a commit touched (HealthKit's `HKObserverQuery` handler carries no
/// data; query for what changed, e.g. with an anchored query).
public struct ObserverUpdate: Sendable, Hashable {
    /// The observed types that the commit touched.
    public var types: Set<SampleType>
    /// The store's anchor after the commit.
    public var anchor: Int64
}

extension HealthStore {
    /// An observer query: one element per committed change that touches any of the types, in commit order,
    /// for as long as the consumer iterates (HealthKit's `HKObserverQuery`). Commits of other types, and
    /// validation failures that write nothing, never fire it. A commit made by any app on the same storage
    /// fires it.
    public nonisolated func observe(_ types: Set<SampleType>) -> AsyncStream<ObserverUpdate> {
        let notifications = hub.notifications(for: types)
        return AsyncStream { continuation in
            let task = Task {
                for await notification in notifications {
                    continuation.yield(
                        ObserverUpdate(
                            types: notification.touchedTypes.intersection(types), anchor: notification.anchor))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Observes one type with a handler (HealthKit's handler form); cancel the returned task to stop.
    @discardableResult
    public nonisolated func observe(
        _ type: SampleType,
        handler: @escaping @Sendable (ObserverUpdate) async -> Void
    ) -> Task<Void, Never> {
        let updates = observe([type])
        return Task {
            for await update in updates { await handler(update) }
        }
    }
}
