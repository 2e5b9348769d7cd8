public import Foundation
import HealthCore

/// Where a workout takes place: HealthKit's `HKWorkoutSessionLocationType`.
public enum HKWorkoutSessionLocationType: Int, Sendable, Hashable, CaseIterable {
    /// Unknown.
    case unknown = 1
    /// Indoors.
    case indoor = 2
    /// Outdoors.
    case outdoor = 3
}

/// Where a swim takes place: HealthKit's `HKWorkoutSwimmingLocationType`.
public enum HKWorkoutSwimmingLocationType: Int, Sendable, Hashable, CaseIterable {
    /// Unknown.
    case unknown = 0
    /// A pool.
    case pool = 1
    /// Open water.
    case openWater = 2
}

/// How a workout is done: HealthKit's `HKWorkoutConfiguration` (mutable, lock-protected).
public final class HKWorkoutConfiguration: NSObject, @unchecked Sendable {
    private let state = Locked(WorkoutConfiguration(activityType: .other))
    private let lap = Locked<HKQuantity?>(nil)

    /// Creates a configuration for `.other`, location unknown.
    public override init() {}

    init(_ configuration: WorkoutConfiguration) {
        super.init()
        state.withLock { $0 = configuration }
        lap.withLock { $0 = configuration.lapLength.map { HKQuantity($0) } }
    }

    /// The activity.
    public var activityType: HKWorkoutActivityType {
        get { HKWorkoutActivityType(state.withLock { $0.activityType }) }
        set { state.withLock { $0.activityType = newValue.engineValue } }
    }

    /// Indoors, outdoors or unknown.
    public var locationType: HKWorkoutSessionLocationType {
        get { HKWorkoutSessionLocationType(rawValue: state.withLock { $0.locationType.rawValue }) ?? .unknown }
        set {
            state.withLock {
                $0.locationType = WorkoutConfiguration.LocationType(rawValue: newValue.rawValue) ?? .unknown
            }
        }
    }

    /// Pool, open water or unknown.
    public var swimmingLocationType: HKWorkoutSwimmingLocationType {
        get {
            HKWorkoutSwimmingLocationType(rawValue: state.withLock { $0.swimmingLocationType.rawValue }) ?? .unknown
        }
        set {
            state.withLock {
                $0.swimmingLocationType =
                    WorkoutConfiguration.SwimmingLocationType(rawValue: newValue.rawValue) ?? .unknown
            }
        }
    }

    /// The pool length.
    public var lapLength: HKQuantity? {
        get { lap.withLock { $0 } }
        set { lap.withLock { $0 = newValue } }
    }

    /// A snapshot for the engine.
    var engineValue: WorkoutConfiguration {
        var value = state.withLock { $0 }
        value.lapLength = lap.withLock { $0.flatMap { try? $0.resolved() } }
        return value
    }

    /// Configurations are equal when all properties are.
    public override func isEqual(_ object: Any?) -> Bool {
        (object as? HKWorkoutConfiguration)?.engineValue == engineValue
    }

    /// Hashes the properties.
    public override var hash: Int { engineValue.hashValue }
}
