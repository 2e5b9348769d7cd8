public import Foundation

/// A part of a workout (one leg of a triathlon, or the single activity of a modern workout):
/// HealthKit's `HKWorkoutActivity`.
public struct WorkoutActivity: Sendable, Hashable, Codable {
    /// The activity's identity.
    public var uuid: UUID
    /// How the activity was done.
    public var configuration: WorkoutConfiguration
    /// When it starts.
    public var startDate: Date
    /// When it ends; nil while still running.
    public var endDate: Date?
    /// Its events.
    public var events: [WorkoutEvent]
    /// Its statistics per quantity type.
    public var statistics: [QuantityTypeIdentifier: WorkoutStatistics]
    /// Its metadata.
    public var metadata: Metadata

    /// Creates an activity.
    public init(
        uuid: UUID,
        configuration: WorkoutConfiguration,
        start: Date,
        end: Date?,
        events: [WorkoutEvent] = [],
        statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:],
        metadata: Metadata = [:]
    ) {
        self.uuid = uuid
        self.configuration = configuration
        self.startDate = start
        self.endDate = end
        self.events = events
        self.statistics = statistics
        self.metadata = metadata
    }

    /// The active time (pauses left out), or nil while running.
    public var duration: TimeInterval? {
        guard let endDate else { return nil }
        return events.activeDuration(from: startDate, to: endDate)
    }

    /// Encodes the properties as the synthesized conformance would, with ``statistics`` in type order: the same
    /// activity is the same bytes in every process.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(configuration, forKey: .configuration)
        try container.encode(startDate, forKey: .startDate)
        try container.encodeIfPresent(endDate, forKey: .endDate)
        try container.encode(events, forKey: .events)
        try container.encodeInKeyOrder(statistics, forKey: .statistics) { $0.rawValue < $1.rawValue }
        try container.encode(metadata, forKey: .metadata)
    }
}
