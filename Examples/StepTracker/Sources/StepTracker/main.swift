import Foundation
import HealthKit

// StepTracker's flow on an in-memory store: prime permissions, load 28 days of mock steps and weight, show the
// history, then hit the two errors the app's author hit. This file is the composition root.

let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let configuration = HKHealthStore.Configuration.inMemory(
    app: .init(bundleIdentifier: "com.example.StepTracker", name: "StepTracker"), calendar: calendar)
let store = HKHealthStore(configuration: configuration)
let tracker = StepTracker(store: store, calendar: calendar)

if try await tracker.permissionStep() == .showPrimer {
    print("Primer: StepTracker reads and saves your steps and weight to chart your month.")
    try await tracker.requestAccess()
}
print("Permissions: \(try await tracker.permissionStep() == .ready ? "answered" : "still to ask")")

let firstDay = calendar.date(byAdding: .day, value: -27, to: now) ?? now
try await store.fillWithSimulation(.stepsAndWeight(days: 28, startingOn: firstDay), seed: 28)
let history = try await tracker.history(days: 28, endingOn: now)
for day in history.suffix(7) {
    let parts = calendar.dateComponents([.month, .day], from: day.start)
    let weight = day.kilograms.map { String(format: "%.1f kg", $0) } ?? "–"
    print(String(format: "%02d-%02d  %6.0f steps  %@", parts.month ?? 0, parts.day ?? 0, day.steps, weight))
}
let total = history.reduce(0) { $0 + $1.steps }
print(String(format: "28 days: %.0f steps, %.0f a day on average", total, total / 28))

do {
    try await tracker.logSteps(40_000, from: now.addingTimeInterval(-5 * 86_400), to: now)
} catch StepTrackerError.sampleTooLong(let maximum) {
    print("A step sample over five days is refused: at most \(Int(maximum / 86_400)) days per sample.")
}

let readOnly = HKHealthStore(
    configuration: .inMemory(
        app: .init(bundleIdentifier: "com.example.StepTracker.readonly", name: "StepTracker"),
        authorization: .grant(share: [], read: [StepTracker.steps]), calendar: calendar))
let readOnlyTracker = StepTracker(store: readOnly, calendar: calendar)
try await readOnlyTracker.requestAccess()
do {
    try await readOnlyTracker.logSteps(500, from: now.addingTimeInterval(-600), to: now)
} catch StepTrackerError.notAllowedToSave(let type) {
    print("Saving \(type) without write permission: HealthKit says \"Not authorized\" (code 4).")
}
