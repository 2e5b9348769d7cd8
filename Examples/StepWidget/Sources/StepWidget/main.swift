import Foundation
import HealthKit

// StepWidget's flow on an in-memory store: a week of steps, the widget's timeline, then a walk saved by the
// phone's pedometer app, which wakes the widget through its observer query. This file is the composition root.

let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let configuration = HKHealthStore.Configuration.inMemory(
    app: .init(bundleIdentifier: "com.example.StepWidget", name: "StepWidget"), calendar: calendar)
let store = HKHealthStore(configuration: configuration)
try await store.requestAuthorization(toShare: [], read: [StepTimelineProvider.steps])

let weekAgo = calendar.date(byAdding: .day, value: -6, to: calendar.startOfDay(for: now)) ?? now
try await store.fillWithSimulation(.stepsAndWeight(days: 6, startingOn: weekAgo), seed: 6)
let provider = StepTimelineProvider(store: store, calendar: calendar)

func show(_ timeline: StepTimeline) {
    guard let entry = timeline.entries.first else { return }
    let bars = entry.medium.bars.map { String(format: "%.0f", $0) }.joined(separator: " ")
    print(
        String(
            format: "small: %.0f steps, %d%% of goal · medium: last 2 h %.0f, week [%@]",
            entry.todaySteps, entry.goalPercentage, entry.lastTwoHoursSteps, bars))
}
show(try await provider.timeline(at: now))

let (reloads, reloaded) = AsyncStream<Void>.makeStream()
let reloader = StepWidgetReloader(store: store) { reloaded.yield() }
try await reloader.start()

let pedometer = HKHealthStore(
    configuration: configuration.with(app: .init(bundleIdentifier: "com.example.Pedometer", name: "Pedometer")))
try await pedometer.requestAuthorization(toShare: [StepTimelineProvider.steps], read: [])
try await pedometer.save(
    HKQuantitySample(
        type: StepTimelineProvider.steps, quantity: HKQuantity(unit: .count(), doubleValue: 1_250),
        start: now.addingTimeInterval(-900), end: now))
// The first reload is the one every observer query makes right after `execute`; the next is the new steps'.
for await _ in reloads.dropFirst() { break }
print("New steps landed: the widget reloads")
show(try await provider.timeline(at: now))
try await reloader.stop()
