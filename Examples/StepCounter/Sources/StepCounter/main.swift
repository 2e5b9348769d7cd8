import Foundation
import HealthKit

// StepCounter's flow on an in-memory store: a week carried by an iPhone and an Apple Watch, synced into the
// app's own per-day history (a JSON file), next to what adding the samples up would have said. This file is
// the composition root.

let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let store = HKHealthStore(
    configuration: .inMemory(
        app: .init(bundleIdentifier: "com.example.StepCounter", name: "StepCounter"), calendar: calendar))
let historyURL = FileManager.default.temporaryDirectory.appendingPathComponent("StepCounter-history.json")
try? FileManager.default.removeItem(at: historyURL)
let counter = StepCounter(store: store, history: StepHistoryFile(url: historyURL), calendar: calendar)

let today = calendar.startOfDay(for: now)
for offset in 1...7 {
    let day = calendar.date(byAdding: .day, value: -offset, to: today) ?? today
    try await store.fillWithSimulation(.phoneAndWatchDay(on: day), seed: UInt64(offset))
}
print("Sync: \(try await counter.sync(now: now))")

let samples = try await HKSampleQueryDescriptor(
    predicates: [.quantitySample(type: StepCounter.steps)], sortDescriptors: []
).result(for: store)
var summed: [String: Double] = [:]
for sample in samples {
    summed[await counter.dayKey(sample.startDate), default: 0] += sample.quantity.doubleValue(for: .count())
}
print("day          Health app   samples added up")
for (day, steps) in try await counter.recordedDays() {
    print(String(format: "%@  %10.0f  %17.0f", day, steps, summed[day] ?? 0))
}
print("History kept in \(historyURL.path)")
