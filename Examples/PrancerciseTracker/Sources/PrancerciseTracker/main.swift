import Foundation
import HealthKit

// Prancercise Tracker's flow on an in-memory store: last week's workouts (simulated, written by this app),
// a new session of three intervals saved through HKWorkoutBuilder, and the app's workout list. This file is the
// composition root.

let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let configuration = HKHealthStore.Configuration.inMemory(
    app: .init(bundleIdentifier: "com.example.PrancerciseTracker", name: "Prancercise Tracker"), calendar: calendar)

try await HKHealthStore.Configuration.$current.withValue(configuration) {
    let store = HKHealthStore()
    let workouts = WorkoutStore(store: store)
    try await workouts.requestAccess()
    let weekAgo = calendar.date(byAdding: .day, value: -7, to: calendar.startOfDay(for: now)) ?? now
    try await store.fillWithSimulation(.intervalWorkouts(count: 5, startingOn: weekAgo), seed: 5)
    try await store.fillWithSimulation(.weekOfMorningRuns(startingOn: weekAgo), seed: 5)  // the watch's: not listed

    var session = WorkoutSession()
    let start = now.addingTimeInterval(-3_600)
    for (from, to) in [(0.0, 300.0), (420, 870), (930, 1_110)] {
        session.start(at: start.addingTimeInterval(from))
        session.end(at: start.addingTimeInterval(to))
    }
    if let workout = session.completedWorkout {
        let saved = try await workouts.save(workout)
        print(String(format: "Saved: %.0f min active, %.1f kcal", saved.duration / 60, workout.kilocalories))
    }

    print("My workouts, newest last:")
    for workout in try await workouts.myWorkouts() {
        let kcal = workout.statistics(for: WorkoutStore.energy)?.sumQuantity()?.doubleValue(for: .kilocalorie()) ?? 0
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: workout.startDate)
        print(
            String(
                format: "%02d-%02d %02d:%02d  %5.1f min  %6.1f kcal", parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
                parts.minute ?? 0, workout.duration / 60, kcal))
    }
}
