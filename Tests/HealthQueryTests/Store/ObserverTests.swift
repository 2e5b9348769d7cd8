import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

@Suite struct ObserverTests {
    let build = SampleBuilder(uuids: UUIDSequence(start: 100))
    let t0 = Fixtures.date(2024, 3, 1, 9)

    @Test func anObserverFiresOncePerCommitThatTouchesItsTypeOnly() async throws {
        let store = makeStore()
        try await store.grantSteps()
        var updates = store.observe([stepsType]).makeAsyncIterator()
        try await store.save([
            .quantity(build.steps(1, start: t0, end: t0)), .quantity(build.steps(2, start: t0, end: t0)),
        ])
        let perMinute = try HealthUnit(from: "count/min")
        try await store.save([.quantity(build.quantity(.heartRate, 60, perMinute, start: t0))])
        let invalid = AnySample.quantity(build.steps(1, start: t0, end: t0.addingTimeInterval(-1)))
        _ = try? await store.save([invalid])
        try await store.save([.quantity(build.steps(3, start: t0, end: t0))])
        let first = await updates.next()
        let second = await updates.next()
        #expect(first?.types == [stepsType])
        #expect(first?.anchor == 2, "one firing for the two-sample commit")
        #expect(second?.anchor == 4, "the heart-rate commit and the failed save did not fire")
    }

    @Test func anotherAppsCommitFiresTheObserver() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let other = store.store(for: Apps.other)
        try await other.grantSteps()
        var updates = store.observe([stepsType]).makeAsyncIterator()
        try await other.save([.quantity(build.steps(1, start: t0, end: t0))])
        #expect(await updates.next()?.anchor == 1)
    }

    @Test func longRunningAnchoredQueryDeliversInitialResultThenEachChange() async throws {
        let store = makeStore()
        try await store.grantSteps()
        let a = AnySample.quantity(build.steps(1, start: t0, end: t0))
        try await store.save([a])
        var stream = store.anchoredUpdates(of: stepsType, anchor: nil).makeAsyncIterator()
        let initial = try await stream.next()
        #expect(initial?.added.map(\.uuid) == [a.uuid])
        let b = AnySample.quantity(build.steps(2, start: t0, end: t0))
        try await store.save([b])
        let update = try await stream.next()
        #expect(update?.added.map(\.uuid) == [b.uuid])
        try await store.delete([a])
        let deletion = try await stream.next()
        #expect(deletion?.deleted.map(\.uuid) == [a.uuid])
    }

    @Test func backgroundDeliveryFollowsTheFrequencyOnTheInjectedClock() async throws {
        let clock = ManualClock()
        let store = makeStore(clock: clock)
        try await store.grantSteps()
        await store.enableBackgroundDelivery(for: stepsType, frequency: .hourly)
        await store.enableBackgroundDelivery(for: heartType, frequency: .immediate)
        #expect(await store.backgroundDeliveryFrequency(for: stepsType) == .hourly)
        var deliveries = await store.backgroundDeliveries().makeAsyncIterator()
        let perMinute = try HealthUnit(from: "count/min")
        try await store.save([.quantity(build.quantity(.heartRate, 60, perMinute, start: t0))])
        #expect(await deliveries.next()?.type == heartType, "immediate: delivered on commit")
        try await store.save([.quantity(build.steps(1, start: t0, end: t0))])
        #expect(await store.processBackgroundDeliveries().map(\.type) == [stepsType], "first hourly delivery is due")
        try await store.save([.quantity(build.steps(2, start: t0, end: t0))])
        clock.advance(by: 1800)
        #expect(await store.processBackgroundDeliveries().isEmpty, "within the hour: held back")
        clock.advance(by: 1800)
        #expect(await store.processBackgroundDeliveries().map(\.type) == [stepsType], "an hour later: delivered")
        #expect(await store.processBackgroundDeliveries().isEmpty, "nothing pending")
        await store.disableAllBackgroundDelivery()
        #expect(await store.backgroundDeliveryFrequency(for: stepsType) == nil)
    }
}
