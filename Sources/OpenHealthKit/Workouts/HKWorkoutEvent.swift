public import Foundation
import HealthCore

/// The kinds of workout events: HealthKit's `HKWorkoutEventType`.
public enum HKWorkoutEventType: Int, Sendable, Hashable, CaseIterable {
    /// A user pause.
    case pause = 1
    /// Ends a pause.
    case resume = 2
    /// A lap.
    case lap = 3
    /// A point of interest.
    case marker = 4
    /// A system auto-pause.
    case motionPaused = 5
    /// Ends an auto-pause.
    case motionResumed = 6
    /// A segment.
    case segment = 7
    /// A pause-or-resume request.
    case pauseOrResumeRequest = 8
}

/// Something that happened during a workout: HealthKit's `HKWorkoutEvent`.
public final class HKWorkoutEvent: NSObject, @unchecked Sendable {
    let engineValue: WorkoutEvent
    /// A metadata value HealthKit would have rejected.
    let problem: String?

    init(_ event: WorkoutEvent) {
        engineValue = event
        problem = nil
    }

    /// Creates an event over an interval.
    public init(type: HKWorkoutEventType, dateInterval: DateInterval, metadata: [String: Any]?) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        engineValue = WorkoutEvent(
            type: WorkoutEventType(rawValue: type.rawValue), start: dateInterval.start, end: dateInterval.end,
            metadata: engineMetadata)
        self.problem = problem
    }

    /// Creates an instantaneous event (deprecated in HealthKit: use ``init(type:dateInterval:metadata:)``).
    public convenience init(type: HKWorkoutEventType, date: Date) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }

    /// Creates an instantaneous event with metadata (deprecated in HealthKit).
    public convenience init(type: HKWorkoutEventType, date: Date, metadata: [String: Any]) {
        self.init(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: metadata)
    }

    /// The event's kind (`.marker` for a raw value HealthKit does not name).
    public var type: HKWorkoutEventType { HKWorkoutEventType(rawValue: engineValue.type.rawValue) ?? .marker }
    /// The event's interval.
    public var dateInterval: DateInterval { engineValue.dateInterval }
    /// The event's start (deprecated in HealthKit: use ``dateInterval``).
    public var date: Date { engineValue.startDate }
    /// The event's metadata.
    public var metadata: [String: Any]? { MetadataBridge.dictionary(engineValue.metadata) }

    /// Events are equal when type, interval and metadata are.
    public override func isEqual(_ object: Any?) -> Bool { (object as? HKWorkoutEvent)?.engineValue == engineValue }

    /// Hashes the event.
    public override var hash: Int { engineValue.hashValue }
}
