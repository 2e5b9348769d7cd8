import Foundation
import HealthKit

/// Saves Prancercise workouts to HealthKit and loads back this app's own.
struct WorkoutStore: Sendable {
    let store: HKHealthStore

    static var energy: HKQuantityType { HKQuantityType(.activeEnergyBurned) }

    /// Asks to write workouts and active energy, and to read workouts.
    func requestAccess() async throws {
        try await store.requestAuthorization(
            toShare: [HKObjectType.workoutType(), Self.energy], read: [HKObjectType.workoutType()])
    }

    /// Saves a workout through `HKWorkoutBuilder`: one active-energy sample per interval, a pause and a resume
    /// event for each gap between intervals (so the workout's duration is the active time).
    /// - Returns: The saved workout.
    @discardableResult
    func save(_ workout: PrancerciseWorkout) async throws -> HKWorkout {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .other
        let builder = HKWorkoutBuilder(healthStore: store, configuration: configuration, device: .local())
        try await builder.beginCollection(at: workout.start)
        let energy = workout.intervals.map { interval in
            HKQuantitySample(
                type: Self.energy,
                quantity: HKQuantity(
                    unit: .kilocalorie(), doubleValue: PrancerciseWorkout.kilocalories(for: interval.duration)),
                start: interval.start, end: interval.end)
        }
        try await builder.addSamples(energy)
        var events: [HKWorkoutEvent] = []
        for (previous, next) in zip(workout.intervals, workout.intervals.dropFirst()) where next.start > previous.end {
            events.append(instant(.pause, previous.end))
            events.append(instant(.resume, next.start))
        }
        if !events.isEmpty { try await builder.addWorkoutEvents(events) }
        try await builder.endCollection(at: workout.end)
        guard let saved = try await builder.finishWorkout() else { throw PrancerciseError.workoutNotReturned }
        return saved
    }

    /// This app's workouts, oldest first (newest last).
    func myWorkouts() async throws -> [HKWorkout] {
        let mine = NSCompoundPredicate(andPredicateWithSubpredicates: [
            HKQuery.predicateForWorkouts(with: .other),
            HKQuery.predicateForObjects(from: HKSource.default()),
        ])
        let descriptor = HKSampleQueryDescriptor(
            predicates: [.workout(mine)], sortDescriptors: [SortDescriptor(\.startDate, order: .forward)])
        return try await descriptor.result(for: store)
    }

    private func instant(_ type: HKWorkoutEventType, _ date: Date) -> HKWorkoutEvent {
        HKWorkoutEvent(type: type, dateInterval: DateInterval(start: date, duration: 0), metadata: nil)
    }
}

/// What can go wrong saving a workout besides HealthKit's own errors.
enum PrancerciseError: Error, Equatable {
    /// The builder finished without handing the workout back (on iOS: the device was locked).
    case workoutNotReturned
}
