import Foundation
import HealthKit

// RunWay's flow on an in-memory store: ask to read the seven running types, fill last week with mock runs,
// follow the heart-rate and speed track, and print the flight log. This file is the composition root.

let calendar = Calendar.current  // live: composition root
let now = Date()  // live: composition root
let store = HKHealthStore(
    configuration: .inMemory(app: .init(bundleIdentifier: "com.example.RunWay", name: "RunWay"), calendar: calendar))
let recorder = FlightRecorder(store: store, calendar: calendar, model: FlightModel(maximumHeartRate: 190))

try await recorder.requestAccess()
let today = calendar.startOfDay(for: now)
let weekAgo = calendar.date(byAdding: .day, value: -7, to: today) ?? today
try await recorder.fillWeekOfMockRuns(startingOn: weekAgo)
let track = try await recorder.refreshTrack()
print("Track: \(track.added) heart-rate and speed readings")
let flights = try await recorder.flights(from: weekAgo, to: today)
print("RunWay flight log, \(flights.count) flights")
for line in FlightLog(calendar: calendar).lines(for: flights) { print(line) }
