public import Foundation
import HealthCore
import HealthQuery

/// Builds a workout step by step: HealthKit's `HKWorkoutBuilder`, a translation onto HealthQuery's
/// `WorkoutBuilder` (phases, events, activities, statistics by aggregation style, assembly).
///
/// ```swift
/// let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
/// try await builder.beginCollection(at: start)
/// try await builder.addSamples([energy, distance])
/// try await builder.addWorkoutEvents([HKWorkoutEvent(type: .pause, dateInterval: …, metadata: nil)])
/// try await builder.endCollection(at: end)
/// let workout = try await builder.finishWorkout()
/// ```
///
/// Samples are saved when added (unless already saved) and associated with the workout when it is finished; the
/// statistics come from the engine over the added samples within the workout's dates. Calls in the wrong state —
/// adding before `beginCollection` or after `finishWorkout`, finishing before `endCollection` — fail with
/// `HKError(.errorInvalidArgument)` naming the expected state (HealthKit does not document these errors).
public class HKWorkoutBuilder: NSObject, @unchecked Sendable {
    let store: HKHealthStore
    /// The engine's builder (nil when the store's database could not be opened).
    let builder: WorkoutBuilder
    /// The device the workout is recorded with.
    public let device: HKDevice?

    /// Creates a builder not connected to a session.
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.store = healthStore
        self.builder = WorkoutBuilder(
            store: healthStore.engine, configuration: configuration.engineValue, device: device?.engineValue)
        self.device = device
    }

    /// The configuration.
    public var workoutConfiguration: HKWorkoutConfiguration { HKWorkoutConfiguration(builder.configuration) }
    /// When collection began.
    public var startDate: Date? { builder.snapshot.startDate }
    /// When collection ended.
    public var endDate: Date? { builder.snapshot.endDate }
    /// The metadata added so far.
    public var metadata: [String: Any] { MetadataBridge.dictionary(builder.snapshot.metadata) ?? [:] }
    /// The events added so far.
    public var workoutEvents: [HKWorkoutEvent] { builder.snapshot.events.map(HKWorkoutEvent.init) }
    /// The activities added so far.
    public var workoutActivities: [HKWorkoutActivity] { builder.snapshot.activities.map(HKWorkoutActivity.init) }

    /// The statistics of the samples added so far, per quantity type.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        var result: [HKQuantityType: HKStatistics] = [:]
        for (id, value) in builder.snapshot.statistics {
            let type = HKQuantityType(identifier: id.rawValue)
            result[type] = HKStatistics(quantityType: type, result: value, sources: [:])
        }
        return result
    }

    /// The statistics of one quantity type over the samples added so far.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        builder.snapshot.statistics[quantityType.quantityIdentifier].map {
            HKStatistics(quantityType: quantityType, result: $0, sources: [:])
        }
    }

    /// The active time from the start to a date (pauses left out).
    public func elapsedTime(at date: Date) -> TimeInterval { builder.elapsedTime(at: date) }

    // MARK: Steps

    /// Sets the start date and begins collecting.
    public func beginCollection(at startDate: Date) async throws {
        try await perform { try builder.beginCollection(at: startDate) }
    }

    /// Sets the start date and begins collecting (completion form).
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        run(completion) { try await self.beginCollection(at: startDate) }
    }

    /// Saves samples not saved yet and associates them with the workout to be.
    public func addSamples(_ samples: [HKSample]) async throws {
        let values = try HKHealthStore.values(of: samples)
        try await perform { try await builder.add(values) }
    }

    /// Adds samples (completion form).
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { try await self.addSamples(samples) }
    }

    /// Appends events (pause/resume events change the active duration).
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        if let problem = workoutEvents.compactMap(\.problem).first { throw HKError.programmerError(problem) }
        try await perform { try builder.add(events: workoutEvents.map(\.engineValue)) }
    }

    /// Appends events (completion form).
    public func addWorkoutEvents(
        _ workoutEvents: [HKWorkoutEvent], completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        run(completion) { try await self.addWorkoutEvents(workoutEvents) }
    }

    /// Merges metadata in (keys present overwrite).
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError.programmerError(problem) }
        try await perform { try builder.add(metadata: engineMetadata) }
    }

    /// Merges metadata in (completion form).
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        run(completion) { [self] in
            if let problem { throw HKError.programmerError(problem) }
            try await perform { try builder.add(metadata: engineMetadata) }
        }
    }

    /// Adds a sub-activity.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        if let problem = workoutActivity.problem { throw HKError.programmerError(problem) }
        try await perform { try builder.add(activity: workoutActivity.engineValue) }
    }

    /// Sets the end date and stops collecting.
    public func endCollection(at endDate: Date) async throws {
        try await perform { try await builder.endCollection(at: endDate) }
    }

    /// Sets the end date and stops collecting (completion form).
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { try await self.endCollection(at: endDate) }
    }

    /// Saves the workout with its events, metadata, activities and statistics, associating the added samples, in
    /// one commit. The builder is finished afterwards.
    @discardableResult
    public func finishWorkout() async throws -> HKWorkout? {
        _ = try store.checkedEngine()
        let workout = try await perform { try await builder.finish() }
        return HKWorkout(value: .workout(workout))
    }

    /// Saves the workout (completion form).
    public func finishWorkout(completion: @escaping @Sendable (HKWorkout?, (any Error)?) -> Void) {
        Task.detached { [self] in
            do { completion(try await finishWorkout(), nil) } catch { completion(nil, error) }
        }
    }

    /// Abandons the builder; samples already added stay saved.
    public func discardWorkout() {
        builder.discard()
    }

    /// A builder for a series tied to this workout (`HKSeriesType.workoutRoute()` gives an
    /// ``HKWorkoutRouteBuilder``; other series types nil).
    public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        seriesType.identifier == HKWorkoutRouteTypeIdentifier
            ? HKWorkoutRouteBuilder(healthStore: store, device: device) : nil
    }

    /// Runs engine work, translating its errors to ``HKError``.
    func perform<T: Sendable>(_ work: () async throws -> T) async throws(HKError) -> T {
        do { return try await work() } catch { throw HKError.from(error) }
    }

    func run(
        _ completion: @escaping @Sendable (Bool, (any Error)?) -> Void,
        _ work: @escaping @Sendable () async throws -> Void
    ) {
        Task.detached {
            do {
                try await work()
                completion(true, nil)
            } catch {
                completion(false, error)
            }
        }
    }
}

/// The base of series builders: HealthKit's `HKSeriesBuilder`.
/// Where a series builder (``HKQuantitySeriesSampleBuilder``, ``HKHeartbeatSeriesBuilder``) is: taking data, saving,
/// saved, or discarded.
enum SeriesBuilderPhase {
    case building
    case finishing
    case finished
    case discarded
}

public class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Abandons the series.
    public func discard() {}
}
