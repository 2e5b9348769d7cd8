public import Foundation
import HealthCore
import HealthQuery
import HealthRuntime

/// The base of every query: HealthKit's `HKQuery`.
///
/// Run a query with ``HKHealthStore/execute(_:)``; it runs on the engine, and its handlers are called from a
/// background task, as HealthKit calls them on a background queue. ``HKHealthStore/stop(_:)`` ends a long-running
/// query: no handler is called after it returns.
public class HKQuery: NSObject, @unchecked Sendable {
    /// The type the query is about.
    public let objectType: HKObjectType?
    /// The predicate.
    public let predicate: NSPredicate?

    private struct State {
        var task: Task<Void, Never>?
        var stopped = false
        var started = false
    }

    private let state = Locked(State())

    init(objectType: HKObjectType?, predicate: NSPredicate?) {
        self.objectType = objectType
        self.predicate = predicate
    }

    /// The sample type (deprecated in HealthKit: use ``objectType``).
    public var sampleType: HKSampleType? { objectType as? HKSampleType }

    /// Starts the query on a store (once; a second execute is ignored).
    func start(on store: HKHealthStore) {
        let first = state.withLock { state -> Bool in
            defer { state.started = true }
            return !state.started && !state.stopped
        }
        guard first else { return }
        let prepared = prepare(on: store)
        let database = store.database
        let task = Task.detached {
            // Other processes' commits (another app's save, an `ohk import`) reach long-running queries too; a
            // store that cannot be read reports that through the query's own first read.
            try? await database.watchOtherProcesses()
            await prepared()
        }
        let stoppedMeanwhile = state.withLock { state -> Bool in
            state.task = task
            return state.stopped
        }
        if stoppedMeanwhile { task.cancel() }
    }

    /// Subscribes synchronously (so nothing committed after `execute` returns is missed) and returns the work to
    /// run in the background. Subclasses override it.
    func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { @Sendable in }
    }

    /// Stops the query: cancels its work; no handler runs afterwards.
    func stop() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.stopped = true
            return state.task
        }
        task?.cancel()
    }

    /// Whether the query was stopped.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Calls a handler unless the query was stopped.
    func deliver(_ body: () -> Void) {
        if !isStopped && !Task.isCancelled { body() }
    }
}

extension HKHealthStore {
    /// Runs a query: its handlers are called from a background task.
    public func execute(_ query: HKQuery) {
        query.start(on: self)
    }

    /// Stops a long-running query (observer, anchored with an update handler, statistics collection with an update
    /// handler, activity summaries with an update handler).
    public func stop(_ query: HKQuery) {
        query.stop()
    }
}
