import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

@Suite struct QueryTests {
    let build = SampleBuilder(uuids: UUIDSequence(start: 100))
    let t0 = Fixtures.date(2024, 3, 1, 9)

    func steps(_ value: Double, _ minutes: Double, metadata: Metadata = [:]) -> AnySample {
        .quantity(
            build.steps(
                value, start: t0.addingTimeInterval(minutes * 60), end: t0.addingTimeInterval(minutes * 60 + 60),
                metadata: metadata))
    }

    @Test func sampleQuerySortsLimitsAndTreatsZeroAsNoLimit() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let a = steps(1, 30)
        let b = steps(2, 0)
        let c = steps(3, 10)
        try await store.save([a, b, c])
        #expect(try await store.samples(of: stepsType, sort: [.startDate]).map(\.uuid) == [b.uuid, c.uuid, a.uuid])
        #expect(try await store.samples(of: stepsType, sort: [.endDateDescending], limit: 1).map(\.uuid) == [a.uuid])
        #expect(try await store.samples(of: stepsType, limit: 0).count == 3)
        #expect(try await store.samples(of: stepsType).map(\.uuid) == [a.uuid, b.uuid, c.uuid])
    }

    @Test func anchoredQueryFirstReturnsAllThenOnlyChanges() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let a = steps(1, 0)
        let b = steps(2, 1)
        try await store.save([a, b])
        let first = try await store.anchoredChanges(of: stepsType, anchor: nil)
        #expect(first.added.map(\.uuid) == [a.uuid, b.uuid])
        #expect(first.deleted.isEmpty)
        let c = steps(3, 2)
        try await store.save([c])
        try await store.delete([a])
        let second = try await store.anchoredChanges(of: stepsType, anchor: first.newAnchor)
        #expect(second.added.map(\.uuid) == [c.uuid])
        #expect(second.deleted.map(\.uuid) == [a.uuid])
        let third = try await store.anchoredChanges(of: stepsType, anchor: second.newAnchor)
        #expect(third.added.isEmpty && third.deleted.isEmpty && !third.hasMore)
        let anchorData = try JSONEncoder().encode(second.newAnchor)
        #expect(try JSONDecoder().decode(QueryAnchor.self, from: anchorData) == second.newAnchor)
    }

    @Test func anchoredPagingWithLimitIsLossless() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let all = (0..<5).map { steps(Double($0), Double($0)) }
        try await store.save(all)
        var anchor: QueryAnchor? = nil
        var seen: [UUID] = []
        var pages = 0
        repeat {
            let page = try await store.anchoredChanges(of: stepsType, anchor: anchor, limit: 2)
            seen += page.added.map(\.uuid)
            anchor = page.newAnchor
            pages += 1
            if !page.hasMore { break }
        } while pages < 10
        #expect(seen == all.map(\.uuid))
        #expect(pages == 3)
    }

    @Test func higherSyncVersionReplacesAndTheOldUUIDAppearsDeleted() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let v1 = steps(100, 0, metadata: [.syncIdentifier: .string("walk-1"), .syncVersion: .number(1)])
        try await store.save([v1])
        let start = try await store.anchoredChanges(of: stepsType, anchor: nil)
        let v2 = steps(120, 0, metadata: [.syncIdentifier: .string("walk-1"), .syncVersion: .number(2)])
        try await store.save([v2])
        let stale = steps(90, 0, metadata: [.syncIdentifier: .string("walk-1"), .syncVersion: .number(2)])
        try await store.save([stale])
        #expect(try await store.samples(of: stepsType).map(\.uuid) == [v2.uuid])
        let changes = try await store.anchoredChanges(of: stepsType, anchor: start.newAnchor)
        #expect(changes.added.map(\.uuid) == [v2.uuid])
        #expect(changes.deleted.map(\.uuid) == [v1.uuid])
        #expect(changes.deleted.first?.metadata.syncVersion == 1)
    }

    @Test func withinOneBatchTheHighestSyncVersionWins() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let low = steps(1, 0, metadata: [.syncIdentifier: .string("x"), .syncVersion: .number(1)])
        let high = steps(2, 0, metadata: [.syncIdentifier: .string("x"), .syncVersion: .number(5)])
        try await store.save([high, low])
        #expect(try await store.samples(of: stepsType).map(\.uuid) == [high.uuid])
    }

    @Test func sourceCorrelationAndSummaryQueries() async throws {
        let store = makeStore()
        let bp: Set<SampleType> = [.quantity(.bloodPressureSystolic), .quantity(.bloodPressureDiastolic)]
        try await store.requestAuthorization(
            toShare: bp.union([stepsType]), read: bp.union([.correlation(.bloodPressure), stepsType, .activitySummary]))
        let mmHg = HealthUnit.millimeterOfMercury()
        let reading = Correlation(
            uuid: store.nextObjectID(), type: .bloodPressure, start: t0, end: t0,
            quantitySamples: [
                build.quantity(.bloodPressureSystolic, 150, mmHg, start: t0),
                build.quantity(.bloodPressureDiastolic, 95, mmHg, start: t0),
            ])
        try await store.save([.correlation(reading), steps(3, 0)])
        let high = try await store.correlations(
            of: .bloodPressure,
            memberPredicates: [
                .quantity(.bloodPressureSystolic): .quantity(.greaterThan, Quantity(unit: mmHg, doubleValue: 140))
            ])
        #expect(high.map(\.uuid) == [reading.uuid])
        let none = try await store.correlations(
            of: .bloodPressure,
            memberPredicates: [
                .quantity(.bloodPressureSystolic): .quantity(.greaterThan, Quantity(unit: mmHg, doubleValue: 160))
            ])
        #expect(none.isEmpty)
        #expect(try await store.sources(of: stepsType) == [Apps.steps.source])
        let day = try #require(CalendarDay("2024-03-01"))
        try await store.saveActivitySummaries([
            ActivitySummary(day: day, activeEnergyBurned: Quantity(unit: .kilocalorie(), doubleValue: 400))
        ])
        #expect(try await store.activitySummaries().map(\.day) == [day])
        let blind = store.store(for: Apps.other)
        #expect(try await blind.activitySummaries().isEmpty, "no read grant: nothing, and no error")
    }

    @Test func workoutsWithAssociatedSamples() async throws {
        let store = makeStore()
        try await store.requestAuthorization(
            toShare: [.workout, stepsType, .workoutRoute], read: [.workout, stepsType, .workoutRoute])
        let run = Workout(
            uuid: store.nextObjectID(), activityType: .running, start: t0, end: t0.addingTimeInterval(1800))
        let during = steps(500, 5)
        try await store.save(
            [.workout(run), during], associations: [WorkoutAssociation(sample: during.uuid, workout: run.uuid)])
        let route = WorkoutRoute(
            uuid: store.nextObjectID(), workoutUUID: run.uuid,
            locations: [RouteLocation(timestamp: t0, latitude: 1, longitude: 1)])
        try await store.save(route)
        let associated = try await store.samples(
            of: [stepsType, .workoutRoute], predicate: .associated(withWorkout: run.uuid))
        #expect(Set(associated.map(\.uuid)) == [during.uuid, route.uuid])
        let later = steps(10, 40)
        try await store.save([later])
        try await store.add([later.uuid], to: run.uuid)
        #expect(try await store.samples(of: stepsType, predicate: .associated(withWorkout: run.uuid)).count == 2)
        let bad = await #expect(throws: HealthError.self) { try await store.add([later.uuid], to: later.uuid) }
        #expect(bad?.code == .invalidArgument)
    }
}
