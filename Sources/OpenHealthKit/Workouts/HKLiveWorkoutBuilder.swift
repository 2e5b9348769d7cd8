public import Foundation
import HealthCore
import HealthQuery

/// Receives a live builder's collected data and events: HealthKit's `HKLiveWorkoutBuilderDelegate`.
///
/// OpenHealthKit calls it from the call that collected (the data source's collection, a session event).
public protocol HKLiveWorkoutBuilderDelegate: AnyObject {
    /// Samples of these types were added.
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>)
    /// An event was added.
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder)
}

/// The builder of a workout session: HealthKit's `HKLiveWorkoutBuilder`.
///
/// With a ``dataSource``, ending collection first collects the data source's simulated samples up to the end
/// date (see ``HKLiveWorkoutDataSource``); with ``shouldCollectWorkoutEvents`` (the default), the session's pause
/// and resume events are added.
public final class HKLiveWorkoutBuilder: HKWorkoutBuilder, @unchecked Sendable {
    private struct Live {
        var delegate = WeakReference(nil)
        weak var session: HKWorkoutSession?
        var shouldCollectWorkoutEvents = true
        var dataSource: HKLiveWorkoutDataSource?
    }

    private let live = Locked(Live())

    func attach(to session: HKWorkoutSession) { live.withLock { $0.session = session } }

    /// The delegate (weak).
    public var delegate: (any HKLiveWorkoutBuilderDelegate)? {
        get { live.withLock { $0.delegate }.object as? any HKLiveWorkoutBuilderDelegate }
        set {
            let reference = WeakReference(newValue)
            live.withLock { $0.delegate = reference }
        }
    }

    /// The session (weak).
    public var workoutSession: HKWorkoutSession? { live.withLock { $0.session } }

    /// Whether the session's events are added (default true).
    public var shouldCollectWorkoutEvents: Bool {
        get { live.withLock { $0.shouldCollectWorkoutEvents } }
        set { live.withLock { $0.shouldCollectWorkoutEvents = newValue } }
    }

    /// The source of live samples.
    public var dataSource: HKLiveWorkoutDataSource? {
        get { live.withLock { $0.dataSource } }
        set {
            live.withLock { $0.dataSource = newValue }
            newValue?.attach(to: self)
        }
    }

    /// The active time until now (the configuration's clock).
    public var elapsedTime: TimeInterval { elapsedTime(at: store.configuration.now()) }

    /// Collects the data source's samples up to the end date, then ends collection.
    public override func endCollection(at endDate: Date) async throws {
        if let dataSource, builder.phase == .collecting {
            try await dataSource.collectSimulatedData(through: endDate)
        }
        try await super.endCollection(at: endDate)
    }

    func sessionGenerated(_ event: HKWorkoutEvent) {
        guard shouldCollectWorkoutEvents, builder.addEventIfCollecting(event.engineValue) else { return }
        delegate?.workoutBuilderDidCollectEvent(self)
    }

    func didCollect(_ types: Set<HKSampleType>) {
        delegate?.workoutBuilder(self, didCollectDataOf: types)
    }
}
