import ExampleTestSupport
import Foundation
import HealthKit
import Testing

@testable import StepWidget

/// Tokyo, Tuesday 2025-05-20 at 15:07; the week before it has phone steps, today a pedometer app's walks.
private let tokyo = ExampleStores.calendar("Asia/Tokyo")
private let today = ExampleStores.date(2025, 5, 20, in: tokyo)
private let weekStart = ExampleStores.date(2025, 5, 14, in: tokyo)
private let now = ExampleStores.date(2025, 5, 20, 15, 7, in: tokyo)
private let steps = StepTimelineProvider.steps

private func at(_ hour: Int, _ minute: Int) -> Date { ExampleStores.date(2025, 5, 20, hour, minute, in: tokyo) }

/// The widget's store and a pedometer app's store on one database.
private func stores(
    _ backend: Backend, clock: ManualClock
) -> (widget: HKHealthStore.Configuration, pedometer: HKHealthStore) {
    let widget = ExampleStores.configuration(
        backend, app: ExampleStores.app("StepWidget"), calendar: tokyo
    ) { clock.now }
    let pedometer = HKHealthStore(configuration: widget.with(app: ExampleStores.app("Pedometer")))
    return (widget, pedometer)
}

private func walk(_ count: Double, _ start: Date, minutes: Double) -> HKQuantitySample {
    HKQuantitySample(
        type: steps, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
        end: start.addingTimeInterval(minutes * 60))
}

/// The local days' step totals of the samples saved so far, oldest first, for the seven days ending today.
private func dailySums(_ store: HKHealthStore) async throws -> [Double] {
    let samples = try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: steps)], sortDescriptors: [])
        .result(for: store)
    return (0..<7).map { offset in
        let day = tokyo.date(byAdding: .day, value: offset, to: weekStart) ?? weekStart
        return samples.filter { tokyo.startOfDay(for: $0.startDate) == day }
            .reduce(0) { $0 + $1.quantity.doubleValue(for: .count()) }
    }
}

@Suite struct StepWidgetTests {
    @Test(arguments: Backend.allCases)
    func theLayoutsShowTodayTheLastTwoHoursTheWeekAndTheGoal(backend: Backend) async throws {
        let clock = ManualClock(now)
        let (widget, pedometer) = stores(backend, clock: clock)
        try await pedometer.requestAuthorization(toShare: [steps], read: [])
        try await pedometer.save([walk(3_000, at(8, 0), minutes: 30), walk(1_500, at(13, 30), minutes: 20)])
        try await pedometer.save(walk(2_400, at(14, 30), minutes: 30))
        try await ExampleStores.withStore(widget) { store in
            try await store.fillWithSimulation(.stepsAndWeight(days: 6, startingOn: weekStart), seed: 6)
            try await store.requestAuthorization(toShare: [], read: [steps])
            let provider = StepTimelineProvider(store: store, calendar: tokyo)

            let entry = try await provider.entry(at: now)
            let expectedWeek = try await dailySums(store)

            #expect(entry.todaySteps == 6_900)
            #expect(entry.lastTwoHoursSteps == 3_900)
            #expect(entry.week.map(\.day) == (0..<7).map { tokyo.date(byAdding: .day, value: $0, to: weekStart) })
            #expect(entry.week.map(\.steps) == expectedWeek)
            #expect(expectedWeek.dropLast().allSatisfy { (3_000...15_000).contains($0) })
            #expect(entry.small == SmallLayout(todaySteps: 6_900, goalPercentage: 69))
            #expect(
                entry.medium
                    == MediumLayout(todaySteps: 6_900, goalPercentage: 69, lastTwoHoursSteps: 3_900, bars: expectedWeek)
            )
        }
    }

    @Test(arguments: Backend.allCases)
    func theTimelineIsRefreshedEveryFifteenMinutes(backend: Backend) async throws {
        let clock = ManualClock(at(9, 0))
        let (widget, pedometer) = stores(backend, clock: clock)
        try await pedometer.requestAuthorization(toShare: [steps], read: [])
        try await ExampleStores.withStore(widget) { store in
            try await store.requestAuthorization(toShare: [], read: [steps])
            let provider = StepTimelineProvider(store: store, calendar: tokyo, goal: 1_000)
            var shown: [StepEntry] = []
            var refresh = at(9, 0)
            // The widget host: show the timeline, walk a little, come back when the timeline says so.
            for walked in [0, 200, 350, 600.0] {
                clock.set(refresh)
                if walked > 0 { try await pedometer.save(walk(walked, refresh.addingTimeInterval(-600), minutes: 5)) }
                let timeline = try await provider.timeline(at: refresh)
                #expect(timeline.entries.map(\.date) == [refresh])
                #expect(timeline.reloadDate == refresh.addingTimeInterval(15 * 60))
                shown += timeline.entries
                refresh = timeline.reloadDate
            }
            #expect(shown.map(\.date) == [at(9, 0), at(9, 15), at(9, 30), at(9, 45)])
            #expect(shown.map(\.todaySteps) == [0, 200, 550, 1_150])
            #expect(shown.map(\.goalPercentage) == [0, 20, 55, 115])
        }
    }

    @Test(arguments: Backend.allCases)
    func theWidgetReloadsOncePerCommittedStepBatch(backend: Backend) async throws {
        let clock = ManualClock(now)
        let (widget, pedometer) = stores(backend, clock: clock)
        try await pedometer.requestAuthorization(toShare: [steps, HKQuantityType(.heartRate)], read: [])
        try await ExampleStores.withStore(widget) { store in
            try await store.requestAuthorization(toShare: [], read: [steps])
            let counter = ReloadCounter()
            let reloader = StepWidgetReloader(store: store) { counter.reload() }
            try await reloader.start()
            var reloads = counter.reloads.makeAsyncIterator()
            // As in HealthKit, an observer query runs its handler once right after `execute`: one reload on start.
            #expect(await reloads.next() == 1)

            // Each reload is numbered; they arrive in commit order, so a reload too many shows as a skipped number.
            for batch in 1...4 {
                let start = at(10 + batch, 0)
                let heartRate = HKQuantitySample(
                    type: HKQuantityType(.heartRate),
                    quantity: HKQuantity(unit: .count().unitDivided(by: .minute()), doubleValue: 70), start: start,
                    end: start)
                try await pedometer.save(heartRate)  // not steps: no reload
                try await pedometer.save([
                    walk(100, start, minutes: 5), walk(150, start.addingTimeInterval(600), minutes: 5),
                ])
                #expect(await reloads.next() == batch + 1)
            }
            try await reloader.stop()
        }
    }
}

/// Counts the widget's reload requests and streams them.
private final class ReloadCounter: @unchecked Sendable {
    let reloads: AsyncStream<Int>
    private let continuation: AsyncStream<Int>.Continuation
    private let lock = NSLock()  // not a Mutex: the thread sanitizer does not see a contended one
    private var total = 0

    init() { (reloads, continuation) = AsyncStream<Int>.makeStream() }

    var count: Int { lock.withLock { total } }

    func reload() {
        let count = lock.withLock {
            total += 1
            return total
        }
        continuation.yield(count)
    }
}
