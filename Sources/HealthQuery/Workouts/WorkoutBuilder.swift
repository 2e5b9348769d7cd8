public import Foundation
public import HealthCore

/// Builds a workout step by step through a ``HealthStore``: the engine behind HealthKit's `HKWorkoutBuilder`, so
/// every surface (OpenHealthKit, the server) builds workouts the same way.
///
/// The builder moves through ``Phase``s: ``beginCollection(at:)`` starts collecting; samples, events, metadata
/// and activities are added while collecting (events, samples and activities also after ``endCollection(at:)``);
/// ``finish()`` saves the workout with its statistics and associates the added samples, in one commit. Samples
/// are saved as they are added (unless already stored). A call in the wrong phase throws
/// ``HealthError`` `.invalidArgument` naming the phase it expected.
///
/// Statistics are kept per quantity type over the added samples, by aggregation style: a cumulative type's
/// merged sum, a discrete type's average, minimum, maximum and most recent value; while collecting over the
/// samples themselves, once ended clipped to the workout's dates.
///
/// ```swift
/// let builder = WorkoutBuilder(store: store, configuration: WorkoutConfiguration(activityType: .running))
/// try builder.beginCollection(at: start)
/// try await builder.add([.quantity(energy), .quantity(distance)])
/// try builder.add(events: [WorkoutEvent(type: .pause, start: pause), WorkoutEvent(type: .resume, start: resume)])
/// try await builder.endCollection(at: end)
/// let workout = try await builder.finish()     // saved, with statistics; samples associated
/// ```
public final class WorkoutBuilder: Sendable {
    /// Where a builder is in its life.
    public enum Phase: String, Sendable, Hashable {
        /// Before ``WorkoutBuilder/beginCollection(at:)``.
        case notStarted = "not started"
        /// Between ``WorkoutBuilder/beginCollection(at:)`` and ``WorkoutBuilder/endCollection(at:)``.
        case collecting
        /// After ``WorkoutBuilder/endCollection(at:)``, before ``WorkoutBuilder/finish()``.
        case ended
        /// The workout was saved.
        case finished
        /// ``WorkoutBuilder/discard()`` was called.
        case discarded
    }

    /// Everything the builder holds, as one value.
    public struct Snapshot: Sendable, Hashable {
        /// The phase.
        public var phase = Phase.notStarted
        /// When collection began.
        public var startDate: Date?
        /// When collection ended.
        public var endDate: Date?
        /// The events, in start order.
        public var events: [WorkoutEvent] = []
        /// The workout's metadata.
        public var metadata = Metadata()
        /// The sub-activities added.
        public var activities: [WorkoutActivity] = []
        /// The statistics of the added quantity samples, per type.
        public var statistics: [QuantityTypeIdentifier: StatisticsResult] = [:]
        /// The added samples' types, by UUID.
        fileprivate var samples: [UUID: SampleType] = [:]
        /// The added samples, in the order they were added.
        fileprivate var sampleOrder: [UUID] = []
    }

    /// The store the workout and its samples are saved through (its app's authorization applies).
    public let store: HealthStore
    /// The activity, location and swimming details.
    public let configuration: WorkoutConfiguration
    /// The device the workout is recorded with.
    public let device: Device?
    private let state = Locked(Snapshot())

    /// Creates a builder.
    public init(store: HealthStore, configuration: WorkoutConfiguration, device: Device? = nil) {
        self.store = store
        self.configuration = configuration
        self.device = device
    }

    /// The builder's current state.
    public var snapshot: Snapshot { state.withLock { $0 } }

    /// The phase.
    public var phase: Phase { state.withLock { $0.phase } }

    /// The start date once collection began, while collecting (nil otherwise).
    public var collectionStart: Date? { state.withLock { $0.phase == .collecting ? $0.startDate : nil } }

    /// The active time from the start to a date (pauses left out; after the end, up to the end).
    public func elapsedTime(at date: Date) -> TimeInterval {
        let (start, end, events) = state.withLock { ($0.startDate, $0.endDate, $0.events) }
        guard let start else { return 0 }
        return events.activeDuration(from: start, to: min(date, end ?? date))
    }

    // MARK: Steps

    /// Sets the start date and begins collecting.
    /// - Throws: ``HealthError`` `.invalidArgument` unless the builder has not started.
    public func beginCollection(at startDate: Date) throws(HealthError) {
        try transition(from: [.notStarted], "beginCollection") {
            $0.phase = .collecting
            $0.startDate = startDate
        }
    }

    /// Saves the samples not stored yet (through the store, with its authorization and validation) and
    /// associates all of them with the workout to be; their types' statistics are brought up to date.
    /// - Throws: ``HealthError``: `.invalidArgument` unless collecting or ended, the store's save errors.
    public func add(_ samples: [AnySample]) async throws {
        try requirePhase([.collecting, .ended], "add")
        guard !samples.isEmpty else { return }
        let ids = Set(samples.map(\.uuid))
        let existing = Set(
            try await store.samples(of: Set(samples.map(\.sampleType)), predicate: .uuids(ids)).map(\.uuid))
        let unsaved = samples.filter { !existing.contains($0.uuid) }
        if !unsaved.isEmpty { try await store.save(unsaved) }
        state.withLock { state in
            for sample in samples where state.samples[sample.uuid] == nil {
                state.samples[sample.uuid] = sample.sampleType
                state.sampleOrder.append(sample.uuid)
            }
        }
        try await refreshStatistics(for: Set(samples.compactMap(\.quantitySample?.quantityType)))
    }

    /// Appends events, kept in start order (pause and resume events change the active duration).
    /// - Throws: ``HealthError`` `.invalidArgument` unless collecting or ended.
    public func add(events: [WorkoutEvent]) throws(HealthError) {
        try transition(from: [.collecting, .ended], "addWorkoutEvents") { state in
            state.events = (state.events + events).sorted { $0.startDate < $1.startDate }
        }
    }

    /// Appends an event only while collecting (a session's pause or resume); whether it was added.
    @discardableResult
    public func addEventIfCollecting(_ event: WorkoutEvent) -> Bool {
        state.withLock { state in
            guard state.phase == .collecting else { return false }
            state.events.append(event)
            return true
        }
    }

    /// Merges metadata into the workout's (keys present overwrite).
    /// - Throws: ``HealthError`` `.invalidArgument` after the workout was finished or discarded.
    public func add(metadata: Metadata) throws(HealthError) {
        try transition(from: [.notStarted, .collecting, .ended], "addMetadata") { $0.metadata.merge(metadata) }
    }

    /// Adds a sub-activity.
    /// - Throws: ``HealthError`` `.invalidArgument` unless collecting or ended.
    public func add(activity: WorkoutActivity) throws(HealthError) {
        try transition(from: [.collecting, .ended], "addWorkoutActivity") { $0.activities.append(activity) }
    }

    /// Sets the end date and stops collecting; the statistics are clipped to the workout's dates.
    /// - Throws: ``HealthError`` `.invalidArgument` unless collecting, or for an end before the start.
    public func endCollection(at endDate: Date) async throws {
        try transition(from: [.collecting], "endCollection") { (state: inout Snapshot) throws(HealthError) in
            guard let start = state.startDate, endDate >= start else {
                throw HealthError(.invalidArgument, "endCollection: the end date is before the start date")
            }
            state.phase = .ended
            state.endDate = endDate
        }
        let types = state.withLock { Set($0.samples.values.compactMap(\.quantityIdentifier)) }
        try await refreshStatistics(for: types)
    }

    /// Saves the workout with its events, metadata, activities (one spanning the workout when none was added)
    /// and statistics, associating every added sample, in one commit. The builder is finished afterwards.
    /// - Returns: The saved workout.
    /// - Throws: ``HealthError``: `.invalidArgument` unless ended; the store's save errors (nothing is saved).
    @discardableResult
    public func finish() async throws -> Workout {
        try requirePhase([.ended], "finishWorkout")
        let snapshot = state.withLock { $0 }
        guard let start = snapshot.startDate, let end = snapshot.endDate else {
            throw HealthError(.invalidArgument, "finishWorkout: the builder has no start or end date")
        }
        let id = store.nextObjectID()
        let statistics = Dictionary(
            uniqueKeysWithValues: snapshot.statistics.map { ($0.key, Self.workoutStatistics($0.key, $0.value)) })
        var activities = snapshot.activities
        if activities.isEmpty {
            activities = [
                WorkoutActivity(
                    uuid: store.nextObjectID(), configuration: configuration, start: start, end: end,
                    events: snapshot.events, statistics: statistics)
            ]
        }
        let workout = Workout(
            uuid: id, activityType: configuration.activityType, start: start, end: end, events: snapshot.events,
            activities: activities, statistics: statistics, device: device, metadata: snapshot.metadata)
        let associations = snapshot.sampleOrder.map { WorkoutAssociation(sample: $0, workout: id) }
        try await store.save([.workout(workout)], associations: associations)
        try transition(from: [.ended], "finishWorkout") { $0.phase = .finished }
        return workout
    }

    /// Abandons the builder; samples already added stay saved.
    public func discard() {
        state.withLock { $0.phase = .discarded }
    }

    // MARK: Internals

    private func requirePhase(_ allowed: Set<Phase>, _ call: String) throws(HealthError) {
        let phase = state.withLock { $0.phase }
        guard allowed.contains(phase) else { throw Self.misuse(call, phase: phase, allowed: allowed) }
    }

    private func transition(
        from allowed: Set<Phase>, _ call: String, _ change: (inout Snapshot) throws(HealthError) -> Void
    ) throws(HealthError) {
        try state.withLock { (state: inout Snapshot) throws(HealthError) in
            guard allowed.contains(state.phase) else {
                throw Self.misuse(call, phase: state.phase, allowed: allowed)
            }
            try change(&state)
        }
    }

    static func misuse(_ call: String, phase: Phase, allowed: Set<Phase>) -> HealthError {
        let expected = allowed.map(\.rawValue).sorted().joined(separator: " or ")
        return HealthError(
            .invalidArgument, "HKWorkoutBuilder.\(call): the builder is \(phase.rawValue); expected \(expected)")
    }

    /// The statistics a workout keeps of a type, by its aggregation style: the merged sum of a cumulative type;
    /// the average, minimum, maximum and most recent value of a discrete one.
    public static func statisticsOptions(for type: QuantityTypeIdentifier) -> StatisticsOptions {
        type.typeDescription?.aggregationStyle == .cumulative
            ? [.cumulativeSum] : [.discreteAverage, .discreteMin, .discreteMax, .mostRecent]
    }

    /// Recomputes the statistics of quantity types over the added samples (within the dates once known).
    private func refreshStatistics(for types: Set<QuantityTypeIdentifier>) async throws {
        for type in types {
            let (ids, start, end) = state.withLock { state in
                (Set(state.samples.filter { $0.value == .quantity(type) }.keys), state.startDate, state.endDate)
            }
            guard !ids.isEmpty else { continue }
            // While collecting, the samples themselves; once ended, clipped to the workout's dates.
            let window: SamplePredicate = start.flatMap { start in end.map { .date(start: start, end: $0) } } ?? .all
            let result = try? await store.statistics(
                of: type, predicate: window && .uuids(ids), options: Self.statisticsOptions(for: type))
            state.withLock { $0.statistics[type] = result }
        }
    }

    /// A statistics result as a workout stores it.
    static func workoutStatistics(_ type: QuantityTypeIdentifier, _ result: StatisticsResult) -> WorkoutStatistics {
        WorkoutStatistics(
            quantityType: type, start: result.startDate, end: result.endDate,
            sum: result.sumQuantity(), average: result.averageQuantity(), minimum: result.minimumQuantity(),
            maximum: result.maximumQuantity(), mostRecent: result.mostRecentQuantity())
    }
}
