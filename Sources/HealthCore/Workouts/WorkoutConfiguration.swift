/// How a workout is done: HealthKit's `HKWorkoutConfiguration`.
public struct WorkoutConfiguration: Sendable, Hashable, Codable {
    /// The activity.
    public var activityType: WorkoutActivityType
    /// Indoors, outdoors or unknown.
    public var locationType: LocationType
    /// Pool, open water or unknown (swimming only).
    public var swimmingLocationType: SwimmingLocationType
    /// The pool length, for pool swims.
    public var lapLength: Quantity?

    /// Creates a configuration.
    public init(
        activityType: WorkoutActivityType,
        locationType: LocationType = .unknown,
        swimmingLocationType: SwimmingLocationType = .unknown,
        lapLength: Quantity? = nil
    ) {
        self.activityType = activityType
        self.locationType = locationType
        self.swimmingLocationType = swimmingLocationType
        self.lapLength = lapLength
    }

    /// `HKWorkoutSessionLocationType`.
    public enum LocationType: Int, Sendable, Hashable, Codable, CaseIterable {
        /// unknown = 1.
        case unknown = 1
        /// indoor = 2.
        case indoor = 2
        /// outdoor = 3.
        case outdoor = 3
    }

    /// `HKWorkoutSwimmingLocationType`.
    public enum SwimmingLocationType: Int, Sendable, Hashable, Codable, CaseIterable {
        /// unknown = 0.
        case unknown = 0
        /// pool = 1.
        case pool = 1
        /// openWater = 2.
        case openWater = 2
    }
}
