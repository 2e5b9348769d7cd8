public import Foundation

/// A physical activity session: HealthKit's `HKWorkout`.
///
/// ``duration`` is the **active** time: when it is not given explicitly it is computed from the events,
/// leaving out pause→resume gaps (reference §7.3). Totals live in ``statistics``; the legacy totals
/// (`totalEnergyBurned`, `totalDistance`, …) read from there.
///
/// ```swift
/// var run = Workout(uuid: id, activityType: .running, start: ten, end: eleven, events: [
///     WorkoutEvent(type: .pause, date: tenTwenty), WorkoutEvent(type: .resume, date: tenTwentyFive),
/// ])
/// run.duration // 3300
/// ```
public struct Workout: HealthSample {
    /// The object's identity.
    public var uuid: UUID
    /// The activity (for multisport workouts, `swimBikeRun`).
    public var activityType: WorkoutActivityType
    /// When the workout starts.
    public var startDate: Date
    /// When the workout ends.
    public var endDate: Date
    /// An explicit active duration (legacy initializers, imports); nil to compute it from the events.
    public var explicitDuration: TimeInterval?
    /// The events, in date order.
    public var events: [WorkoutEvent]
    /// The sub-activities.
    public var activities: [WorkoutActivity]
    /// Statistics per quantity type.
    public var statistics: [QuantityTypeIdentifier: WorkoutStatistics]
    /// The hardware that recorded the workout.
    public var device: Device?
    /// The workout's metadata (`HKIndoorWorkout`, `HKAverageMETs`, …).
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// Creates a workout.
    public init(
        uuid: UUID,
        activityType: WorkoutActivityType,
        start: Date,
        end: Date,
        duration: TimeInterval? = nil,
        events: [WorkoutEvent] = [],
        activities: [WorkoutActivity] = [],
        statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:],
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        self.uuid = uuid
        self.activityType = activityType
        self.startDate = start
        self.endDate = end
        self.explicitDuration = duration
        self.events = events
        self.activities = activities
        self.statistics = statistics
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }

    /// The sample type (`HKWorkoutTypeIdentifier`).
    public var sampleType: SampleType { .workout }

    /// The active time: the explicit duration, or the span minus paused intervals.
    public var duration: TimeInterval {
        explicitDuration ?? events.activeDuration(from: startDate, to: endDate)
    }

    /// Statistics for one quantity type (HealthKit's `statistics(for:)`).
    public func statistics(for type: QuantityTypeIdentifier) -> WorkoutStatistics? { statistics[type] }

    /// The total active energy (legacy `totalEnergyBurned`).
    public var totalEnergyBurned: Quantity? { statistics[.activeEnergyBurned]?.sum }

    /// The total distance (legacy `totalDistance`): the first distance type with a sum.
    public var totalDistance: Quantity? {
        statistics.filter { $0.key.rawValue.hasPrefix("HKQuantityTypeIdentifierDistance") }
            .sorted { $0.key.rawValue < $1.key.rawValue }
            .compactMap(\.value.sum).first
    }

    /// Encodes the properties as the synthesized conformance would, with ``statistics`` in type order: the same
    /// workout is the same bytes in every process.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(activityType, forKey: .activityType)
        try container.encode(startDate, forKey: .startDate)
        try container.encode(endDate, forKey: .endDate)
        try container.encodeIfPresent(explicitDuration, forKey: .explicitDuration)
        try container.encode(events, forKey: .events)
        try container.encode(activities, forKey: .activities)
        try container.encodeInKeyOrder(statistics, forKey: .statistics) { $0.rawValue < $1.rawValue }
        try container.encodeIfPresent(device, forKey: .device)
        try container.encode(metadata, forKey: .metadata)
        try container.encodeIfPresent(sourceRevision, forKey: .sourceRevision)
    }
}
