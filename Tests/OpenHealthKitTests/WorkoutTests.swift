import Foundation
import HealthCore
import OpenHealthKit
import Testing

@Suite("Workout builders, sessions and routes")
struct WorkoutTests {
    static let shareTypes: Set<HKSampleType> = [
        HKObjectType.workoutType(), HKSeriesType.workoutRoute(), HKQuantityType(.activeEnergyBurned),
        HKQuantityType(.heartRate), HKQuantityType(.distanceWalkingRunning), HKQuantityType(.stepCount),
    ]

    static func authorized(
        _ backend: TestSupport.Backend, now: @escaping @Sendable () -> Date = { TestSupport.at(12) },
        _ body: (HKHealthStore) async throws -> Void
    ) async throws {
        var config = TestSupport.configuration(backend)
        config.now = now
        try await TestSupport.withStore(config) { store in
            try await store.requestAuthorization(toShare: shareTypes, read: Set(shareTypes.map { $0 as HKObjectType }))
            try await body(store)
        }
    }

    static func running() -> HKWorkoutConfiguration {
        let configuration = HKWorkoutConfiguration()
        configuration.activityType = .running
        configuration.locationType = .outdoor
        return configuration
    }

    static func energy(_ kcal: Double, _ start: Date, _ end: Date) -> HKQuantitySample {
        HKQuantitySample(
            type: HKQuantityType(.activeEnergyBurned), quantity: HKQuantity(unit: .kilocalorie(), doubleValue: kcal),
            start: start, end: end)
    }

    @Test(
        "begin, add, pause/resume, end, finish: duration, statistics and associations",
        arguments: TestSupport.Backend.allCases)
    func builderFlow(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            let builder = HKWorkoutBuilder(healthStore: store, configuration: Self.running(), device: .local())
            try await builder.beginCollection(at: TestSupport.at(10))
            let bpm = HKUnit.count().unitDivided(by: .minute())
            try await builder.addSamples([
                Self.energy(100, TestSupport.at(10), TestSupport.at(10, 20)),
                Self.energy(200, TestSupport.at(10, 25), TestSupport.at(11)),
                HKQuantitySample(
                    type: HKQuantityType(.heartRate), quantity: HKQuantity(unit: bpm, doubleValue: 150),
                    start: TestSupport.at(10, 10), end: TestSupport.at(10, 10)),
            ])
            #expect(
                builder.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(
                    for: .kilocalorie()) == 300)
            try await builder.addWorkoutEvents([
                HKWorkoutEvent(
                    type: .pause, dateInterval: DateInterval(start: TestSupport.at(10, 20), duration: 0), metadata: nil),
                HKWorkoutEvent(
                    type: .resume, dateInterval: DateInterval(start: TestSupport.at(10, 25), duration: 0), metadata: nil
                ),
            ])
            try await builder.addMetadata([HKMetadataKeyIndoorWorkout: false])
            #expect(builder.elapsedTime(at: TestSupport.at(10, 30)) == 25 * 60)
            try await builder.endCollection(at: TestSupport.at(11))
            let finished = try await builder.finishWorkout()
            let workout = try #require(finished)
            #expect(workout.workoutActivityType == .running)
            #expect(workout.duration == 55 * 60)
            #expect(
                workout.statistics(for: HKQuantityType(.activeEnergyBurned))?.sumQuantity()?.doubleValue(
                    for: .kilocalorie()) == 300)
            #expect(
                workout.statistics(for: HKQuantityType(.heartRate))?.averageQuantity()?.doubleValue(for: bpm) == 150)
            #expect(workout.workoutActivities.count == 1)
            #expect(workout.workoutEvents?.map(\.type) == [.pause, .resume])
            #expect((workout.metadata?[HKMetadataKeyIndoorWorkout] as? Bool) == false)
            let saved = try await TestSupport.run(store, HKObjectType.workoutType())
            #expect((saved as? [HKWorkout])?.map(\.uuid) == [workout.uuid])
            let associated = try await TestSupport.run(
                store, HKQuantityType(.activeEnergyBurned), HKQuery.predicateForObjects(from: workout))
            #expect(associated.count == 2)
        }
    }

    @Test("misuse is HKError(.errorInvalidArgument) naming the state")
    func misuse() async throws {
        try await Self.authorized(.memory) { store in
            let builder = HKWorkoutBuilder(healthStore: store, configuration: Self.running(), device: nil)
            let sample = Self.energy(10, TestSupport.at(9), TestSupport.at(9, 5))
            await #expect(throws: HKError(.errorInvalidArgument)) { try await builder.addSamples([sample]) }
            await #expect(throws: HKError(.errorInvalidArgument)) {
                try await builder.endCollection(at: TestSupport.at(10))
            }
            try await builder.beginCollection(at: TestSupport.at(9))
            await #expect(throws: HKError(.errorInvalidArgument)) {
                try await builder.beginCollection(at: TestSupport.at(9))
            }
            await #expect(throws: HKError(.errorInvalidArgument)) { try await builder.finishWorkout() }
            try await builder.endCollection(at: TestSupport.at(10))
            try await builder.finishWorkout()
            do {
                try await builder.addSamples([sample])
                Issue.record("adding after finishing succeeded")
            } catch let error as HKError {
                #expect(error.code == .errorInvalidArgument)
                #expect(error.message.contains("finished"))
            }
            let discarded = HKWorkoutBuilder(healthStore: store, configuration: Self.running(), device: nil)
            discarded.discardWorkout()
            await #expect(throws: HKError(.errorInvalidArgument)) {
                try await discarded.beginCollection(at: TestSupport.at(9))
            }
        }
    }

    @Test("the completion forms report success and errors")
    func completionForms() async throws {
        try await Self.authorized(.memory) { store in
            let builder = HKWorkoutBuilder(healthStore: store, configuration: Self.running(), device: nil)
            let began: Bool = await withCheckedContinuation { continuation in
                builder.beginCollection(withStart: TestSupport.at(9)) { success, _ in
                    continuation.resume(returning: success)
                }
            }
            #expect(began)
            let finishEarly: (HKWorkout?, (any Error)?) = await withCheckedContinuation { continuation in
                builder.finishWorkout { workout, error in continuation.resume(returning: (workout, error)) }
            }
            #expect(finishEarly.0 == nil)
            #expect((finishEarly.1 as? HKError)?.code == .errorInvalidArgument)
        }
    }

    @Test(
        "a route is saved with its workout and streamed back by HKWorkoutRouteQuery",
        arguments: TestSupport.Backend.allCases)
    func route(backend: TestSupport.Backend) async throws {
        try await Self.authorized(backend) { store in
            let workout = HKWorkout(activityType: .walking, start: TestSupport.at(8), end: TestSupport.at(8, 30))
            try await store.save(workout)
            let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
            let locations = (0..<150).map { index in
                CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: 52.5 + Double(index) * 0.0001, longitude: 13.4),
                    altitude: 30, horizontalAccuracy: 5, verticalAccuracy: 3,
                    timestamp: TestSupport.at(8).addingTimeInterval(Double(149 - index) * 10))
            }
            try await routeBuilder.insertRouteData(locations)
            let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
            #expect(route.count == 150)
            let batches: [[CLLocation]] = await withCheckedContinuation { continuation in
                let collected = Locked<[[CLLocation]]>([])
                store.execute(
                    HKWorkoutRouteQuery(route: route) { _, batch, done, _ in
                        collected.withLock { $0.append(batch ?? []) }
                        if done { continuation.resume(returning: collected.withLock { $0 }) }
                    })
            }
            #expect(batches.map(\.count) == [100, 50])
            let timestamps = batches.flatMap { $0 }.map(\.timestamp)
            #expect(timestamps == timestamps.sorted())
            let routes = try await TestSupport.run(
                store, HKSeriesType.workoutRoute(), HKQuery.predicateForObjects(from: workout))
            #expect(routes.map(\.uuid) == [route.uuid])
            await #expect(throws: HKError(.errorInvalidArgument)) { try await routeBuilder.insertRouteData(locations) }
        }
    }

    @Test("a session with a live builder collects simulated samples and the session's events")
    func liveSession() async throws {
        let clock = Locked(TestSupport.at(7))
        let now: @Sendable () -> Date = { clock.withLock { $0 } }
        try await Self.authorized(.memory, now: now) { store in
            let session = try HKWorkoutSession(healthStore: store, configuration: Self.running())
            let builder = session.associatedWorkoutBuilder()
            #expect(builder === session.associatedWorkoutBuilder())
            builder.dataSource = HKLiveWorkoutDataSource(healthStore: store, workoutConfiguration: Self.running())
            let recorder = Recorder()
            session.delegate = recorder
            builder.delegate = recorder
            session.startActivity(with: TestSupport.at(7))
            try await builder.beginCollection(at: TestSupport.at(7))
            clock.withLock { $0 = TestSupport.at(7, 10) }
            session.pause()
            clock.withLock { $0 = TestSupport.at(7, 15) }
            session.resume()
            #expect(builder.elapsedTime == 10 * 60)
            try await builder.dataSource?.collectSimulatedData(through: TestSupport.at(7, 5))
            #expect(recorder.collected.withLock { $0 } == 1)
            clock.withLock { $0 = TestSupport.at(7, 30) }
            session.end()
            try await builder.endCollection(at: TestSupport.at(7, 30))
            let workout = try #require(try await builder.finishWorkout())
            #expect(session.state == .ended)
            #expect(recorder.states.withLock { $0 } == [.running, .paused, .running, .ended])
            #expect(recorder.events.withLock { $0 } == 2)
            #expect(workout.duration == 25 * 60)
            let heartRates = try await TestSupport.run(
                store, HKQuantityType(.heartRate), HKQuery.predicateForObjects(from: workout))
            #expect(heartRates.count == 25)  // one per active minute, none while paused
            #expect(workout.statistics(for: HKQuantityType(.distanceWalkingRunning))?.sumQuantity() != nil)
        }
    }
}

/// Records delegate calls.
final class Recorder: NSObject, HKWorkoutSessionDelegate, HKLiveWorkoutBuilderDelegate, @unchecked Sendable {
    let states = Locked<[HKWorkoutSessionState]>([])
    let events = Locked(0)
    let collected = Locked(0)

    func workoutSession(
        _ workoutSession: HKWorkoutSession, didChangeTo toState: HKWorkoutSessionState,
        from fromState: HKWorkoutSessionState, date: Date
    ) {
        states.withLock { $0.append(toState) }
    }
    func workoutSession(_ workoutSession: HKWorkoutSession, didFailWithError error: any Error) {}
    func workoutBuilder(_ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>) {
        collected.withLock { $0 += 1 }
    }
    func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {
        events.withLock { $0 += 1 }
    }
}
