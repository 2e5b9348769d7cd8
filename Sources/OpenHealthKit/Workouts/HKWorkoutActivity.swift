public import Foundation
import HealthCore

/// A part of a workout (one leg of a triathlon, or the single activity of a modern workout): HealthKit's
/// `HKWorkoutActivity`.
public final class HKWorkoutActivity: NSObject, @unchecked Sendable {
    let engineValue: WorkoutActivity
    let problem: String?

    init(_ activity: WorkoutActivity) {
        engineValue = activity
        problem = nil
    }

    /// Creates an activity.
    public init(
        workoutConfiguration: HKWorkoutConfiguration, start startDate: Date, end endDate: Date?,
        metadata: [String: Any]?
    ) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        engineValue = WorkoutActivity(
            uuid: HKObject.newUUID(), configuration: workoutConfiguration.engineValue, start: startDate, end: endDate,
            metadata: engineMetadata)
        self.problem = problem
    }

    /// The activity's identity.
    public var uuid: UUID { engineValue.uuid }
    /// How it was done.
    public var workoutConfiguration: HKWorkoutConfiguration { HKWorkoutConfiguration(engineValue.configuration) }
    /// When it starts.
    public var startDate: Date { engineValue.startDate }
    /// When it ends; nil while running.
    public var endDate: Date? { engineValue.endDate }
    /// Its active time (pauses left out).
    public var duration: TimeInterval { engineValue.duration ?? 0 }
    /// Its events.
    public var workoutEvents: [HKWorkoutEvent] { engineValue.events.map(HKWorkoutEvent.init) }
    /// Its metadata.
    public var metadata: [String: Any]? { MetadataBridge.dictionary(engineValue.metadata) }

    /// Its statistics per quantity type.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        Dictionary(
            engineValue.statistics.map { (HKQuantityType(identifier: $0.key.rawValue), HKStatistics($0.value)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The statistics of one quantity type.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        engineValue.statistics[quantityType.quantityIdentifier].map(HKStatistics.init)
    }
}
