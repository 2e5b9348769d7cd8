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
}
