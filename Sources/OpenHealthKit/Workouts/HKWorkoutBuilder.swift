public import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import Synchronization

/// Builds a workout step by step: HealthKit's `HKWorkoutBuilder`.
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
    enum Phase: String, Sendable {
        case notStarted = "not started"
        case collecting
        case ended = "ended"
        case finished
        case discarded
    }

    struct State: Sendable {
        var phase = Phase.notStarted
        var startDate: Date?
        var endDate: Date?
        var events: [WorkoutEvent] = []
        var metadata = Metadata()
        var activities: [WorkoutActivity] = []
        var samples: [UUID: SampleType] = [:]
        var sampleOrder: [UUID] = []
        var statistics: [QuantityTypeIdentifier: StatisticsResult] = [:]
    }

    let store: HKHealthStore
    let state = Mutex(State())
    private let configuration: WorkoutConfiguration
    /// The device the workout is recorded with.
    public let device: HKDevice?

    /// Creates a builder not connected to a session.
    public init(healthStore: HKHealthStore, configuration: HKWorkoutConfiguration, device: HKDevice?) {
        self.store = healthStore
        self.configuration = configuration.engineValue
        self.device = device
    }

    /// The configuration.
    public var workoutConfiguration: HKWorkoutConfiguration { HKWorkoutConfiguration(configuration) }
    /// When collection began.
    public var startDate: Date? { state.withLock { $0.startDate } }
    /// When collection ended.
    public var endDate: Date? { state.withLock { $0.endDate } }
    /// The metadata added so far.
    public var metadata: [String: Any] { MetadataBridge.dictionary(state.withLock { $0.metadata }) ?? [:] }
    /// The events added so far.
    public var workoutEvents: [HKWorkoutEvent] { state.withLock { $0.events }.map(HKWorkoutEvent.init) }
    /// The activities added so far.
    public var workoutActivities: [HKWorkoutActivity] { state.withLock { $0.activities }.map(HKWorkoutActivity.init) }

    /// The statistics of the samples added so far, per quantity type.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        let statistics = state.withLock { $0.statistics }
        var result: [HKQuantityType: HKStatistics] = [:]
        for (id, value) in statistics {
            let type = HKQuantityType(identifier: id.rawValue)
            result[type] = HKStatistics(quantityType: type, result: value, sources: [:])
        }
        return result
    }

    /// The statistics of one quantity type over the samples added so far.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        state.withLock { $0.statistics[quantityType.quantityIdentifier] }.map {
            HKStatistics(quantityType: quantityType, result: $0, sources: [:])
        }
    }

    /// The active time from the start to a date (pauses left out).
    public func elapsedTime(at date: Date) -> TimeInterval {
        let (start, end, events) = state.withLock { ($0.startDate, $0.endDate, $0.events) }
        guard let start else { return 0 }
        return events.activeDuration(from: start, to: min(date, end ?? date))
    }

    // MARK: Steps

    /// Sets the start date and begins collecting.
    public func beginCollection(at startDate: Date) async throws {
        try transition(from: [.notStarted], "beginCollection") {
            $0.phase = .collecting
            $0.startDate = startDate
        }
    }

    /// Sets the start date and begins collecting (completion form).
    public func beginCollection(withStart startDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        run(completion) { try await self.beginCollection(at: startDate) }
    }

    /// Saves samples not saved yet and associates them with the workout to be.
    public func addSamples(_ samples: [HKSample]) async throws {
        try requirePhase([.collecting, .ended], "add")
        let values = try HKHealthStore.values(of: samples)
        let ids = Set(values.map(\.uuid))
        let existing = try await store.perform { engine in
            try await engine.samples(of: Set(values.map(\.sampleType)), predicate: .uuids(ids)).map(\.uuid)
        }
        let unsaved = values.filter { !existing.contains($0.uuid) }
        if !unsaved.isEmpty { try await store.perform { _ = try await $0.save(unsaved) } }
        state.withLock { state in
            for value in values where state.samples[value.uuid] == nil {
                state.samples[value.uuid] = value.sampleType
                state.sampleOrder.append(value.uuid)
            }
        }
        try await refreshStatistics(for: Set(values.compactMap(\.quantitySample?.quantityType)))
    }

    /// Adds samples (completion form).
    public func add(_ samples: [HKSample], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { try await self.addSamples(samples) }
    }

    /// Appends events (pause/resume events change the active duration).
    public func addWorkoutEvents(_ workoutEvents: [HKWorkoutEvent]) async throws {
        if let problem = workoutEvents.compactMap(\.problem).first { throw HKError.programmerError(problem) }
        try transition(from: [.collecting, .ended], "addWorkoutEvents") { state in
            state.events = (state.events + workoutEvents.map(\.engineValue)).sorted { $0.startDate < $1.startDate }
        }
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
        try transition(from: [.notStarted, .collecting, .ended], "addMetadata") { $0.metadata.merge(engineMetadata) }
    }

    /// Merges metadata in (completion form).
    public func addMetadata(_ metadata: [String: Any], completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        run(completion) { [self] in
            if let problem { throw HKError.programmerError(problem) }
            try transition(from: [.notStarted, .collecting, .ended], "addMetadata") {
                $0.metadata.merge(engineMetadata)
            }
        }
    }

    /// Adds a sub-activity.
    public func addWorkoutActivity(_ workoutActivity: HKWorkoutActivity) async throws {
        if let problem = workoutActivity.problem { throw HKError.programmerError(problem) }
        try transition(from: [.collecting, .ended], "addWorkoutActivity") {
            $0.activities.append(workoutActivity.engineValue)
        }
    }

    /// Sets the end date and stops collecting.
    public func endCollection(at endDate: Date) async throws {
        try transition(from: [.collecting], "endCollection") { (state: inout State) throws(HKError) in
            guard let start = state.startDate, endDate >= start else {
                throw HKError(.errorInvalidArgument, "endCollection: the end date is before the start date")
            }
            state.phase = .ended
            state.endDate = endDate
        }
        let types = state.withLock { state in
            Set(
                state.samples.values.compactMap { type -> QuantityTypeIdentifier? in
                    if case .quantity(let id) = type { return id }
                    return nil
                })
        }
        try await refreshStatistics(for: types)
    }

    /// Sets the end date and stops collecting (completion form).
    public func endCollection(withEnd endDate: Date, completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        run(completion) { try await self.endCollection(at: endDate) }
    }

    /// Saves the workout with its events, metadata, activities and statistics, associating the added samples, in
    /// one commit. The builder is finished afterwards.
    @discardableResult
    public func finishWorkout() async throws -> HKWorkout? {
        try requirePhase([.ended], "finishWorkout")
        let snapshot = state.withLock { $0 }
        guard let start = snapshot.startDate, let end = snapshot.endDate else {
            throw HKError(.errorInvalidArgument, "finishWorkout: the builder has no start or end date")
        }
        let engine = try store.checkedEngine()
        let id = engine.nextObjectID()
        let statistics = Dictionary(
            uniqueKeysWithValues: snapshot.statistics.map { ($0.key, Self.workoutStatistics($0.key, $0.value)) })
        var activities = snapshot.activities
        if activities.isEmpty {
            activities = [
                WorkoutActivity(
                    uuid: engine.nextObjectID(), configuration: configuration, start: start, end: end,
                    events: snapshot.events, statistics: statistics)
            ]
        }
        let workout = Workout(
            uuid: id, activityType: configuration.activityType, start: start, end: end, events: snapshot.events,
            activities: activities, statistics: statistics, device: device?.engineValue, metadata: snapshot.metadata)
        let associations = snapshot.sampleOrder.map { WorkoutAssociation(sample: $0, workout: id) }
        try await store.perform { _ = try await $0.save([.workout(workout)], associations: associations) }
        try transition(from: [.ended], "finishWorkout") { $0.phase = .finished }
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
        state.withLock { $0.phase = .discarded }
    }

    /// A builder for a series tied to this workout (`HKSeriesType.workoutRoute()` gives an
    /// ``HKWorkoutRouteBuilder``; other series types nil).
    public func seriesBuilder(for seriesType: HKSeriesType) -> HKSeriesBuilder? {
        seriesType.identifier == HKWorkoutRouteTypeIdentifier
            ? HKWorkoutRouteBuilder(healthStore: store, device: device) : nil
    }

    // MARK: Internals

    func requirePhase(_ allowed: Set<Phase>, _ call: String) throws(HKError) {
        let phase = state.withLock { $0.phase }
        guard allowed.contains(phase) else { throw Self.misuse(call, phase: phase, allowed: allowed) }
    }

    func transition(
        from allowed: Set<Phase>, _ call: String, _ change: (inout State) throws(HKError) -> Void
    ) throws(HKError) {
        try state.withLock { (state: inout State) throws(HKError) in
            guard allowed.contains(state.phase) else {
                throw Self.misuse(call, phase: state.phase, allowed: allowed)
            }
            try change(&state)
        }
    }

    static func misuse(_ call: String, phase: Phase, allowed: Set<Phase>) -> HKError {
        let expected = allowed.map(\.rawValue).sorted().joined(separator: " or ")
        return HKError(
            .errorInvalidArgument, "HKWorkoutBuilder.\(call): the builder is \(phase.rawValue); expected \(expected)")
    }

    /// Recomputes the statistics of quantity types over the added samples (within the dates once known).
    func refreshStatistics(for types: Set<QuantityTypeIdentifier>) async throws {
        for type in types {
            let (ids, start, end) = state.withLock { state in
                (Set(state.samples.filter { $0.value == .quantity(type) }.keys), state.startDate, state.endDate)
            }
            guard !ids.isEmpty else { continue }
            let cumulative = type.typeDescription?.aggregationStyle == .cumulative
            let options: StatisticsOptions =
                cumulative ? [.cumulativeSum] : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
            // While collecting, the samples themselves; once ended, clipped to the workout's dates.
            let window: SamplePredicate = start.flatMap { start in end.map { .date(start: start, end: $0) } } ?? .all
            let result = try? await store.perform {
                try await $0.statistics(of: type, predicate: window && .uuids(ids), options: options)
            }
            state.withLock { $0.statistics[type] = result }
        }
    }

    static func workoutStatistics(_ type: QuantityTypeIdentifier, _ result: StatisticsResult) -> WorkoutStatistics {
        WorkoutStatistics(
            quantityType: type, start: result.startDate, end: result.endDate,
            sum: result.sumQuantity(), average: result.averageQuantity(), minimum: result.minimumQuantity(),
            maximum: result.maximumQuantity(), mostRecent: result.mostRecentQuantity())
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
public class HKSeriesBuilder: NSObject, @unchecked Sendable {
    /// Abandons the series.
    public func discard() {}
}
