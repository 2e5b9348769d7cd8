import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// HealthQuery's workout builder: phases, events, statistics by aggregation style, assembly and associations.
@Suite("Workout builder")
struct WorkoutBuilderTests {
    let t0 = Fixtures.date(2024, 5, 4, 7)
    let build = SampleBuilder(uuids: UUIDSequence(start: 500))

    func at(_ minutes: Double) -> Date { t0.addingTimeInterval(minutes * 60) }

    func value(_ quantity: Quantity?, _ unit: HealthUnit) -> Double? { try? quantity?.doubleValue(for: unit) }

    func store() async throws -> HealthStore {
        let store = makeStore()
        let types: Set<SampleType> = [
            .workout, .workoutRoute, .quantity(.activeEnergyBurned), .quantity(.heartRate),
            .quantity(.distanceWalkingRunning),
        ]
        try await store.requestAuthorization(toShare: types, read: types)
        return store
    }

    func energy(_ kcal: Double, _ from: Double, _ to: Double) -> AnySample {
        .quantity(build.quantity(.activeEnergyBurned, kcal, .kilocalorie(), start: at(from), end: at(to)))
    }

    func heart(_ bpm: Double, _ minute: Double) -> AnySample {
        .quantity(build.quantity(.heartRate, bpm, .count().unitDivided(by: .minute()), start: at(minute)))
    }

    @Test("begin, add, pause and resume, end, finish: one commit with statistics, activities and associations")
    func wholeWorkout() async throws {
        let store = try await store()
        let builder = WorkoutBuilder(
            store: store, configuration: WorkoutConfiguration(activityType: .running), device: Fixtures.watchDevice)
        #expect(builder.phase == .notStarted)
        try builder.beginCollection(at: at(0))
        #expect(builder.collectionStart == at(0))
        let samples = [energy(30, 0, 10), energy(40, 10, 20), energy(50, 25, 35), heart(120, 5), heart(150, 15)]
        try await builder.add(samples)
        // While collecting, statistics cover the samples themselves.
        #expect(value(builder.snapshot.statistics[.activeEnergyBurned]?.sumQuantity(), .kilocalorie()) == 120)
        try builder.add(events: [
            WorkoutEvent(type: .resume, date: at(22)), WorkoutEvent(type: .pause, date: at(20)),
        ])
        #expect(builder.snapshot.events.map(\.type) == [.pause, .resume], "events are kept in start order")
        #expect(builder.elapsedTime(at: at(30)) == 28 * 60, "the pause is left out")
        try await builder.endCollection(at: at(30))
        #expect(builder.collectionStart == nil)
        // Once ended, clipped to the workout: 30 + 40 + half of the last 50.
        let energySum = builder.snapshot.statistics[.activeEnergyBurned]?.sumQuantity()
        #expect(value(energySum, .kilocalorie()) == 95)
        let workout = try await builder.finish()
        #expect(builder.phase == .finished)
        #expect(workout.activityType == .running)
        #expect(workout.startDate == at(0) && workout.endDate == at(30))
        #expect(workout.duration == 28 * 60)
        #expect(workout.device == Fixtures.watchDevice)
        #expect(value(workout.statistics[.activeEnergyBurned]?.sum, .kilocalorie()) == 95)
        let heartRate = try #require(workout.statistics[.heartRate])
        #expect(heartRate.sum == nil, "a discrete type keeps no sum")
        #expect(value(heartRate.minimum, .count().unitDivided(by: .minute())) == 120)
        #expect(value(heartRate.maximum, .count().unitDivided(by: .minute())) == 150)
        #expect(value(heartRate.mostRecent, .count().unitDivided(by: .minute())) == 150)
        #expect(workout.activities.count == 1, "one activity spanning the workout when none was added")
        #expect(workout.activities.first?.statistics[.activeEnergyBurned] == workout.statistics[.activeEnergyBurned])
        let stored = try await store.samples(of: .workout)
        #expect(stored.map(\.uuid) == [workout.uuid])
        let associated = try await store.samples(
            of: [.quantity(.activeEnergyBurned), .quantity(.heartRate)],
            predicate: .associated(withWorkout: workout.uuid))
        #expect(Set(associated.map(\.uuid)) == Set(samples.map(\.uuid)))
    }

    @Test("a call in the wrong phase names the phase it expected; nothing is saved")
    func misuse() async throws {
        let store = try await store()
        let builder = WorkoutBuilder(store: store, configuration: WorkoutConfiguration(activityType: .cycling))
        await #expect(throws: HealthError.self) { try await builder.add([energy(1, 0, 1)]) }
        #expect(throws: HealthError.self) { try builder.add(events: [WorkoutEvent(type: .pause, date: at(1))]) }
        do {
            _ = try await builder.finish()
            Issue.record("finishing before ending was accepted")
        } catch let error as HealthError {
            #expect(error.code == .invalidArgument)
            #expect(error.message.contains("the builder is not started; expected ended"))
        }
        try builder.beginCollection(at: at(10))
        await #expect(throws: HealthError.self) { try await builder.endCollection(at: at(5)) }
        #expect(builder.phase == .collecting, "a reversed end leaves the builder collecting")
        #expect(builder.addEventIfCollecting(WorkoutEvent(type: .pause, date: at(11))))
        builder.discard()
        #expect(!builder.addEventIfCollecting(WorkoutEvent(type: .resume, date: at(12))))
        #expect(throws: HealthError.self) { try builder.add(metadata: [.indoorWorkout: .bool(true)]) }
        #expect(try await store.count(of: [.workout, .quantity(.activeEnergyBurned)]) == 0)
    }

    @Test("samples already stored are associated, not saved twice; an app without write access cannot build")
    func existingSamplesAndAuthorization() async throws {
        let store = try await store()
        let saved = energy(20, 0, 5)
        try await store.save([saved])
        let builder = WorkoutBuilder(store: store, configuration: WorkoutConfiguration(activityType: .walking))
        try builder.beginCollection(at: at(0))
        try await builder.add([saved, energy(10, 5, 10)])
        try await builder.endCollection(at: at(10))
        let workout = try await builder.finish()
        #expect(try await store.count(of: [.quantity(.activeEnergyBurned)]) == 2)
        #expect(value(workout.statistics[.activeEnergyBurned]?.sum, .kilocalorie()) == 30)

        let denied = makeStore(policy: .denyAll)
        try await denied.requestAuthorization(toShare: [.workout], read: [])
        let refused = WorkoutBuilder(store: denied, configuration: WorkoutConfiguration(activityType: .walking))
        try refused.beginCollection(at: at(0))
        try await refused.endCollection(at: at(1))
        await #expect(throws: HealthError.self) { try await refused.finish() }
        #expect(refused.phase == .ended, "a refused save leaves the builder ended")
    }

    @Test("the route builder keeps locations in time order and saves the route with its workout")
    func route() async throws {
        let store = try await store()
        let builder = WorkoutBuilder(store: store, configuration: WorkoutConfiguration(activityType: .running))
        try builder.beginCollection(at: at(0))
        try await builder.endCollection(at: at(5))
        let workout = try await builder.finish()
        let routeBuilder = WorkoutRouteBuilder(store: store)
        let points = (0..<3).reversed().map { index in
            RouteLocation(timestamp: at(Double(index)), latitude: 52.5 + Double(index) * 0.001, longitude: 13.4)
        }
        try routeBuilder.insert(points)
        try routeBuilder.add(metadata: [MetadataKey("route"): .string("park")])
        let route = try await routeBuilder.finish(workout: workout.uuid)
        #expect(route.locations.map(\.timestamp) == [at(0), at(1), at(2)])
        #expect(route.workoutUUID == workout.uuid)
        let routes = try await store.samples(of: .workoutRoute, predicate: .associated(withWorkout: workout.uuid))
        #expect(routes.map(\.uuid) == [route.uuid])
        #expect(throws: HealthError.self) { try routeBuilder.insert(points) }
    }
}
