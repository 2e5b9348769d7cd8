import ExampleTestSupport
import Foundation
import HealthKit
import Testing

@testable import PrancerciseTracker

/// Sydney, the week of 2025-04-01 (summer time ends on Sunday 6 April).
private let sydney = ExampleStores.calendar("Australia/Sydney")
private let weekStart = ExampleStores.date(2025, 4, 1, in: sydney)
private let now = ExampleStores.date(2025, 4, 9, 20, in: sydney)

/// The Prancercise Tracker app. Its bundle identifier is the one the simulation's third-party app writes with,
/// so the simulated interval workouts are this app's own earlier workouts.
private let app = ExampleStores.app("PrancerciseTracker")

private func configuration(_ backend: Backend) -> HKHealthStore.Configuration {
    ExampleStores.configuration(backend, app: app, calendar: sydney) { now }
}

private func session(at start: Date, intervals: [(Double, Double)]) throws -> PrancerciseWorkout {
    var session = WorkoutSession()
    for (from, to) in intervals {
        session.start(at: start.addingTimeInterval(from))
        session.end(at: start.addingTimeInterval(to))
    }
    return try #require(session.completedWorkout)
}

private func kilocalories(_ workout: HKWorkout) -> Double? {
    workout.statistics(for: WorkoutStore.energy)?.sumQuantity()?.doubleValue(for: .kilocalorie())
}

@Suite struct WorkoutStoreTests {
    @Test(arguments: Backend.allCases)
    func aSavedWorkoutBurns450KilocaloriesPerActiveHour(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let workouts = WorkoutStore(store: store)
            try await workouts.requestAccess()
            let start = ExampleStores.date(2025, 4, 9, 18, 0, in: sydney)
            let workout = try session(at: start, intervals: [(0, 300), (420, 870), (930, 1_110)])

            let saved = try await workouts.save(workout)

            #expect(saved.workoutActivityType == .other)
            #expect(saved.startDate == start)
            #expect(saved.endDate == start.addingTimeInterval(1_110))
            #expect(saved.duration == 930)
            #expect(kilocalories(saved).map { abs($0 - 450 * saved.duration / 3_600) < 1e-9 } == true)
            #expect(saved.workoutEvents?.map(\.type) == [.pause, .resume, .pause, .resume])
            let energy = try await HKSampleQueryDescriptor(
                predicates: [
                    .quantitySample(type: WorkoutStore.energy, predicate: HKQuery.predicateForObjects(from: saved))
                ],
                sortDescriptors: [SortDescriptor(\.startDate)]
            ).result(for: store)
            #expect(energy.map { $0.endDate.timeIntervalSince($0.startDate) } == [300, 450, 180])
            #expect(energy.map { $0.quantity.doubleValue(for: .kilocalorie()) } == [37.5, 56.25, 22.5])
            #expect(saved.sourceRevision.source == HKSource.default())
        }
    }

    @Test(arguments: Backend.allCases)
    func theListHoldsThisAppsWorkoutsNewestLast(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let workouts = WorkoutStore(store: store)
            try await workouts.requestAccess()
            // Earlier workouts of this app, and a week of the watch's runs (not ours, not `.other`).
            try await store.fillWithSimulation(.intervalWorkouts(count: 5, startingOn: weekStart), seed: 3)
            try await store.fillWithSimulation(.weekOfMorningRuns(startingOn: weekStart), seed: 3)
            // Another app's `.other` workout.
            let other = HKHealthStore(configuration: store.configuration.with(app: ExampleStores.app("OtherFitness")))
            try await HKHealthStore.Configuration.$current.withValue(other.configuration) {
                let otherWorkouts = WorkoutStore(store: other)
                try await otherWorkouts.requestAccess()
                try await otherWorkouts.save(
                    try session(at: ExampleStores.date(2025, 4, 8, 7, in: sydney), intervals: [(0, 600)]))
            }
            // Two new ones, saved newest first.
            let evening = ExampleStores.date(2025, 4, 9, 18, 0, in: sydney)
            let morning = ExampleStores.date(2025, 4, 9, 7, 30, in: sydney)
            try await workouts.save(try session(at: evening, intervals: [(0, 600), (660, 1_200)]))
            try await workouts.save(try session(at: morning, intervals: [(0, 900)]))

            let mine = try await workouts.myWorkouts()

            #expect(mine.count == 7)
            #expect(mine.map(\.startDate) == mine.map(\.startDate).sorted())
            #expect(mine.suffix(2).map(\.startDate) == [morning, evening])
            #expect(mine.allSatisfy { $0.workoutActivityType == .other })
            #expect(mine.allSatisfy { $0.sourceRevision.source.bundleIdentifier == app.bundleIdentifier })
            for workout in mine {
                let expected = 450 * workout.duration / 3_600
                #expect(kilocalories(workout).map { abs($0 - expected) < 1e-9 } == true, "\(workout.startDate)")
            }
        }
    }
}
