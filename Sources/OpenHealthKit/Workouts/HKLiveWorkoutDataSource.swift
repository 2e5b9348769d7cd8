public import Foundation
import HealthCore
import HealthQuery
import HealthSimulation

/// The live source of a workout's samples: HealthKit's `HKLiveWorkoutDataSource`, simulated.
///
/// There are no sensors here: the data source replays HealthSimulation's `LiveWorkoutSignal` (the per-minute
/// samples of the seeded morning-run scenario: heart rate, active energy, distance, steps), one sample per type
/// per active minute of the builder's collection, skipping paused minutes. Samples are collected when the builder ends collection, or up
/// to a date with ``collectSimulatedData(through:)`` (OpenHealthKit only). Each collection adds the samples to the
/// builder (saving them) and tells the builder's delegate.
public final class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private struct State {
        var signal: LiveWorkoutSignal
        weak var builder: HKLiveWorkoutBuilder?
    }

    private let mutable: Locked<State>

    /// Creates a data source; the types collected by default depend on the activity.
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        let types = LiveWorkoutSignal.defaultTypes(for: configuration?.activityType.engineValue)
        mutable = Locked(State(signal: LiveWorkoutSignal(types: types)))
    }

    func attach(to builder: HKLiveWorkoutBuilder) { mutable.withLock { $0.builder = builder } }

    /// The quantity types collected.
    public var typesToCollect: Set<HKQuantityType> {
        Set(mutable.withLock { $0.signal.types }.map { HKQuantityType(identifier: $0.rawValue) })
    }

    /// Collects a type too (the predicate is not evaluated: simulated samples are always the app's own).
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        _ = mutable.withLock { $0.signal.types.insert(quantityType.quantityIdentifier) }
    }

    /// Stops collecting a type.
    public func disableCollection(for quantityType: HKQuantityType) {
        _ = mutable.withLock { $0.signal.types.remove(quantityType.quantityIdentifier) }
    }

    /// Adds the simulated samples of every whole active minute from the last collection (or the start) through a
    /// date to the attached builder. OpenHealthKit only: HealthKit's sensors deliver on their own.
    /// - Throws: the builder's errors (it must be collecting), `HKError`s of saving.
    public func collectSimulatedData(through date: Date) async throws {
        guard let builder = mutable.withLock({ $0.builder }), let start = builder.builder.collectionStart else {
            throw HKError(.errorInvalidArgument, "HKLiveWorkoutDataSource: no builder is collecting")
        }
        let engine = try builder.store.checkedEngine()
        let events = builder.builder.snapshot.events
        let device = builder.device?.engineValue
        let samples = mutable.withLock { state in
            state.signal.collect(from: start, through: date, events: events, device: device) {
                engine.nextObjectID()
            }
        }
        guard !samples.isEmpty else { return }
        let wrapped = samples.map { HKSample.make(.quantity($0)) }
        try await builder.addSamples(wrapped)
        builder.didCollect(Set(wrapped.map(\.sampleType)))
    }
}
