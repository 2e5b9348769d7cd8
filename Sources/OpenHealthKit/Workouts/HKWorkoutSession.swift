public import Foundation
import HealthCore

/// The states of a workout session: HealthKit's `HKWorkoutSessionState`.
public enum HKWorkoutSessionState: Int, Sendable, Hashable, CaseIterable {
    /// Not started.
    case notStarted = 1
    /// Running.
    case running = 2
    /// Ended (terminal).
    case ended = 3
    /// Paused.
    case paused = 4
    /// Prepared (sensors warming up).
    case prepared = 5
    /// Stopped (the builder can still finish).
    case stopped = 6
}

/// Whether a session runs here or mirrors another device's: HealthKit's `HKWorkoutSessionType`.
public enum HKWorkoutSessionType: Int, Sendable, Hashable, CaseIterable {
    /// This device runs the session.
    case primary = 0
    /// A mirror of another device's session.
    case mirrored = 1
}

/// Receives a session's state changes and events: HealthKit's `HKWorkoutSessionDelegate`.
///
/// OpenHealthKit calls it synchronously from the session method that caused the change.
public protocol HKWorkoutSessionDelegate: AnyObject {
    /// The session changed state.
    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date)
    /// The session failed.
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error)
    /// The session generated an event (pause, resume).
    func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent)
}

extension HKWorkoutSessionDelegate {
    /// Optional: ignores the event.
    public func workoutSession(_ workoutSession: HKWorkoutSession, didGenerate event: HKWorkoutEvent) {}
}

/// A workout in progress: HealthKit's `HKWorkoutSession`, driven by the configuration's clock.
///
/// `prepare()`, `startActivity(with:)`, `pause()`, `resume()`, `stopActivity(with:)` and `end()` move it through
/// its states; illegal transitions (pausing before starting) are ignored, as the reference proposes. Pause and
/// resume add events to the ``associatedWorkoutBuilder()`` when it collects workout events.
public final class HKWorkoutSession: NSObject, @unchecked Sendable {
    private struct State {
        var state = HKWorkoutSessionState.notStarted
        var startDate: Date?
        var endDate: Date?
        var delegate = WeakReference(nil)
        var builder: HKLiveWorkoutBuilder?
    }

    private let store: HKHealthStore
    private let configuration: HKWorkoutConfiguration
    private let mutable = Locked(State())

    /// Creates a session.
    /// - Throws: `HKError(.errorInvalidArgument)` when the store's database could not be opened.
    public init(healthStore: HKHealthStore, configuration workoutConfiguration: HKWorkoutConfiguration) throws {
        _ = try healthStore.checkedEngine()
        self.store = healthStore
        self.configuration = HKWorkoutConfiguration(workoutConfiguration.engineValue)
    }

    /// The configuration.
    public var workoutConfiguration: HKWorkoutConfiguration { HKWorkoutConfiguration(configuration.engineValue) }
    /// The activity.
    public var activityType: HKWorkoutActivityType { configuration.activityType }
    /// The location.
    public var locationType: HKWorkoutSessionLocationType { configuration.locationType }
    /// Always `.primary`.
    public var type: HKWorkoutSessionType { .primary }
    /// The current state.
    public var state: HKWorkoutSessionState { mutable.withLock { $0.state } }
    /// When the activity started.
    public var startDate: Date? { mutable.withLock { $0.startDate } }
    /// When the session ended.
    public var endDate: Date? { mutable.withLock { $0.endDate } }

    /// The delegate (weak).
    public var delegate: (any HKWorkoutSessionDelegate)? {
        get { mutable.withLock { $0.delegate }.object as? any HKWorkoutSessionDelegate }
        set {
            let reference = WeakReference(newValue)
            mutable.withLock { $0.delegate = reference }
        }
    }

    /// The live builder of this session (the same one on every call).
    public func associatedWorkoutBuilder() -> HKLiveWorkoutBuilder {
        mutable.withLock { state in
            if let builder = state.builder { return builder }
            let builder = HKLiveWorkoutBuilder(
                healthStore: store, configuration: configuration, device: store.configuration.localDevice)
            builder.attach(to: self)
            state.builder = builder
            return builder
        }
    }

    /// Warms up: notStarted → prepared.
    public func prepare() {
        move(from: [.notStarted], to: .prepared, at: now)
    }

    /// Starts the activity: notStarted or prepared → running.
    public func startActivity(with date: Date?) {
        let at = date ?? now
        if move(from: [.notStarted, .prepared], to: .running, at: at) { mutable.withLock { $0.startDate = at } }
    }

    /// Pauses: running → paused, generating a pause event.
    public func pause() {
        let at = now
        if move(from: [.running], to: .paused, at: at) { generate(.pause, at: at) }
    }

    /// Resumes: paused → running, generating a resume event.
    public func resume() {
        let at = now
        if move(from: [.paused], to: .running, at: at) { generate(.resume, at: at) }
    }

    /// Stops the activity: running or paused → stopped.
    public func stopActivity(with date: Date?) {
        move(from: [.running, .paused], to: .stopped, at: date ?? now)
    }

    /// Ends the session (terminal).
    public func end() {
        let at = now
        if move(from: [.notStarted, .prepared, .running, .paused, .stopped], to: .ended, at: at) {
            mutable.withLock { $0.endDate = at }
        }
    }

    private var now: Date { store.configuration.now() }

    @discardableResult
    private func move(from allowed: Set<HKWorkoutSessionState>, to next: HKWorkoutSessionState, at date: Date) -> Bool {
        let (previous, delegate) = mutable.withLock {
            state -> (HKWorkoutSessionState?, WeakReference) in
            guard allowed.contains(state.state) else { return (nil, WeakReference(nil)) }
            defer { state.state = next }
            return (state.state, state.delegate)
        }
        guard let previous else { return false }
        (delegate.object as? any HKWorkoutSessionDelegate)?.workoutSession(
            self, didChangeTo: next, from: previous, date: date)
        return true
    }

    private func generate(_ type: HKWorkoutEventType, at date: Date) {
        let event = HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
        let (delegate, builder) = mutable.withLock { ($0.delegate, $0.builder) }
        builder?.sessionGenerated(event)
        (delegate.object as? any HKWorkoutSessionDelegate)?.workoutSession(self, didGenerate: event)
    }
}
