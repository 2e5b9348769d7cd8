public import Foundation
import HealthCore

/// A physical activity session: HealthKit's `HKWorkout`.
///
/// Build workouts with ``HKWorkoutBuilder``; the legacy initializers (deprecated in HealthKit since iOS 17) are
/// provided too, their totals becoming the workout's statistics.
public final class HKWorkout: HKSample, @unchecked Sendable {
    var workout: Workout? { engineSample.workout }

    /// Creates a workout (legacy).
    public convenience init(activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: nil, events: nil,
            totals: [:], device: nil, metadata: nil)
    }

    /// Creates a workout with events and totals (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, workoutEvents: workoutEvents,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    /// Creates a workout with events, totals and a device (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
            totals: Self.totals(activityType, energy: totalEnergyBurned, distance: totalDistance), device: device,
            metadata: metadata)
    }

    /// Creates a workout with an explicit duration (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date, duration: TimeInterval,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: duration,
            totalEnergyBurned: totalEnergyBurned, totalDistance: totalDistance, device: nil, metadata: metadata)
    }

    /// Creates a workout with an explicit duration and a device (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date, duration: TimeInterval,
        totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: duration, events: nil,
            totals: Self.totals(activityType, energy: totalEnergyBurned, distance: totalDistance), device: device,
            metadata: metadata)
    }

    /// Creates a swimming workout with a stroke count (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalSwimmingStrokeCount: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        var totals = Self.totals(activityType, energy: totalEnergyBurned, distance: totalDistance)
        totals[.swimmingStrokeCount] = totalSwimmingStrokeCount
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
            totals: totals, device: device, metadata: metadata)
    }

    /// Creates a workout with flights climbed (legacy).
    public convenience init(
        activityType: HKWorkoutActivityType, start startDate: Date, end endDate: Date,
        workoutEvents: [HKWorkoutEvent]?, totalEnergyBurned: HKQuantity?, totalDistance: HKQuantity?,
        totalFlightsClimbed: HKQuantity?, device: HKDevice?, metadata: [String: Any]?
    ) {
        var totals = Self.totals(activityType, energy: totalEnergyBurned, distance: totalDistance)
        totals[.flightsClimbed] = totalFlightsClimbed
        self.init(
            activityType: activityType, start: startDate, end: endDate, duration: nil, events: workoutEvents,
            totals: totals, device: device, metadata: metadata)
    }

    private convenience init(
        activityType: HKWorkoutActivityType, start: Date, end: Date, duration: TimeInterval?,
        events: [HKWorkoutEvent]?, totals: [QuantityTypeIdentifier: HKQuantity], device: HKDevice?,
        metadata: [String: Any]?
    ) {
        var (engineMetadata, problem) = MetadataBridge.engine(metadata)
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        for (type, total) in totals {
            do {
                statistics[type] = WorkoutStatistics(
                    quantityType: type, start: start, end: end, sum: try total.resolved())
            } catch {
                problem = problem ?? "HKWorkout total \(type.rawValue): \(error.message)"
            }
        }
        problem = problem ?? events?.compactMap(\.problem).first
        let workout = Workout(
            uuid: HKObject.newUUID(), activityType: activityType.engineValue, start: start, end: end,
            duration: duration,
            events: (events ?? []).map(\.engineValue), statistics: statistics, device: device?.engineValue,
            metadata: engineMetadata)
        engineMetadata = [:]
        self.init(value: .workout(workout), problem: problem)
    }

    /// The distance type a legacy total distance belongs to, by activity.
    static func distanceType(for activityType: HKWorkoutActivityType) -> QuantityTypeIdentifier {
        switch activityType {
        case .cycling, .handCycling: .distanceCycling
        case .swimming: .distanceSwimming
        case .wheelchairWalkPace, .wheelchairRunPace: .distanceWheelchair
        case .downhillSkiing, .snowboarding, .snowSports: .distanceDownhillSnowSports
        case .crossCountrySkiing: .distanceCrossCountrySkiing
        case .rowing: .distanceRowing
        case .paddleSports: .distancePaddleSports
        case .skatingSports: .distanceSkatingSports
        default: .distanceWalkingRunning
        }
    }

    private static func totals(
        _ activityType: HKWorkoutActivityType, energy: HKQuantity?, distance: HKQuantity?
    ) -> [QuantityTypeIdentifier: HKQuantity] {
        var totals: [QuantityTypeIdentifier: HKQuantity] = [:]
        totals[.activeEnergyBurned] = energy
        totals[distanceType(for: activityType)] = distance
        return totals
    }

    /// The activity (`.other` for raw values HealthKit does not name).
    public var workoutActivityType: HKWorkoutActivityType {
        workout.map { HKWorkoutActivityType($0.activityType) } ?? .other
    }

    /// The active time in seconds (pauses left out).
    public var duration: TimeInterval { workout?.duration ?? 0 }

    /// The events, in date order.
    public var workoutEvents: [HKWorkoutEvent]? { workout.map { $0.events.map(HKWorkoutEvent.init) } }

    /// The sub-activities.
    public var workoutActivities: [HKWorkoutActivity] { (workout?.activities ?? []).map(HKWorkoutActivity.init) }

    /// The total active energy (deprecated in HealthKit: use `statistics(for:)`).
    public var totalEnergyBurned: HKQuantity? { workout?.totalEnergyBurned.map { HKQuantity($0) } }

    /// The total distance (deprecated in HealthKit: use `statistics(for:)`).
    public var totalDistance: HKQuantity? { workout?.totalDistance.map { HKQuantity($0) } }

    /// The total swimming strokes (deprecated in HealthKit).
    public var totalSwimmingStrokeCount: HKQuantity? {
        workout?.statistics(for: .swimmingStrokeCount)?.sum.map { HKQuantity($0) }
    }

    /// The total flights climbed (deprecated in HealthKit).
    public var totalFlightsClimbed: HKQuantity? {
        workout?.statistics(for: .flightsClimbed)?.sum.map { HKQuantity($0) }
    }

    /// The statistics per quantity type.
    public var allStatistics: [HKQuantityType: HKStatistics] {
        Dictionary(
            (workout?.statistics ?? [:]).map { (HKQuantityType(identifier: $0.key.rawValue), HKStatistics($0.value)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The statistics of one quantity type.
    public func statistics(for quantityType: HKQuantityType) -> HKStatistics? {
        workout?.statistics(for: quantityType.quantityIdentifier).map(HKStatistics.init)
    }
}

/// The path of a workout, a series of locations: HealthKit's `HKWorkoutRoute`.
public final class HKWorkoutRoute: HKSeriesSample, @unchecked Sendable {
    var route: WorkoutRoute? { engineSample.workoutRoute }
}
