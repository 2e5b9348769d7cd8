import ExampleTestSupport
import Foundation
import HealthKit
import Testing

@testable import RunWay

/// New York, the week of 2025-03-05: it crosses the switch to daylight saving time (Sunday 9 March).
private let newYork = ExampleStores.calendar("America/New_York")
private let firstDay = ExampleStores.date(2025, 3, 5, in: newYork)
private let weekEnd = ExampleStores.date(2025, 3, 12, in: newYork)

private func configuration(_ backend: Backend) -> HKHealthStore.Configuration {
    ExampleStores.configuration(backend, app: ExampleStores.app("RunWay"), calendar: newYork) { weekEnd }
}

/// Every sample of a type, through a plain sample query.
private func samples(_ type: HKQuantityType, _ store: HKHealthStore) async throws -> [HKQuantitySample] {
    try await HKSampleQueryDescriptor(predicates: [.quantitySample(type: type)], sortDescriptors: [])
        .result(for: store)
}

/// The values of `samples` that start on each local day, in `unit`.
private func byDay(_ samples: [HKQuantitySample], _ unit: HKUnit) -> [Date: [Double]] {
    var days: [Date: [Double]] = [:]
    for sample in samples {
        days[newYork.startOfDay(for: sample.startDate), default: []].append(sample.quantity.doubleValue(for: unit))
    }
    return days
}

private func total(_ values: [Double]?) -> Double { values?.reduce(0, +) ?? .nan }
private func mean(_ values: [Double]?) -> Double { total(values) / Double(values?.count ?? 0) }
private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) <= 1e-9 * max(1, abs(b)) } ?? false }

@Suite struct RunWayFlowTests {
    @Test(arguments: Backend.allCases)
    func aWeekOfMockRunsFliesSevenMorningFlights(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let recorder = FlightRecorder(store: store, calendar: newYork, model: FlightModel(maximumHeartRate: 190))
            try await recorder.requestAccess()
            try await recorder.fillWeekOfMockRuns(startingOn: firstDay)
            try await recorder.refreshTrack()
            let flights = try await recorder.flights(from: firstDay, to: weekEnd)

            #expect(flights.count == 7)
            #expect(Set(flights.map(\.day)).count == 7)
            for flight in flights {
                let hour = newYork.component(.hour, from: flight.departure)
                #expect((6..<8).contains(hour), "departure at \(flight.departure)")
                #expect(newYork.startOfDay(for: flight.departure) == flight.day)
                #expect((30...60).contains(flight.airborneMinutes))
                #expect(flight.phaseReadings.values.reduce(0, +) == Int(flight.airborneMinutes))
                #expect(flight.cadence.map { (150...185).contains($0) } == true)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func flightFiguresAreTheDaysSamples(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let recorder = FlightRecorder(store: store, calendar: newYork, model: FlightModel(maximumHeartRate: 190))
            try await recorder.requestAccess()
            try await recorder.fillWeekOfMockRuns(startingOn: firstDay, seed: 7)
            try await recorder.refreshTrack()
            let flights = try await recorder.flights(from: firstDay, to: weekEnd)

            let steps = byDay(try await samples(RunWayTypes.steps, store), .count())
            let energy = byDay(try await samples(RunWayTypes.energy, store), .kilocalorie())
            let meters = byDay(try await samples(RunWayTypes.distance, store), .meter())
            let speed = byDay(try await samples(RunWayTypes.speed, store), RunWayTypes.metersPerSecond)
            let contact = byDay(try await samples(RunWayTypes.groundContactTime, store), RunWayTypes.milliseconds)
            let stride = byDay(try await samples(RunWayTypes.strideLength, store), .meter())
            let beats = byDay(try await samples(RunWayTypes.heartRate, store), RunWayTypes.beatsPerMinute)

            #expect(flights.count == 7)
            for flight in flights {
                let day = flight.day
                // One watch, so the merged sums are the plain sums of the day's samples.
                #expect(close(flight.steps, total(steps[day])))
                #expect(close(flight.fuelKilocalories, total(energy[day])))
                #expect(close(flight.kilometers, total(meters[day]) / 1000))
                // Every per-minute sample lasts 60 s, so time-weighted and arithmetic means agree.
                #expect(close(flight.paceSecondsPerKilometer, 1000 / mean(speed[day])))
                #expect(close(flight.groundContactMilliseconds, mean(contact[day])))
                #expect(close(flight.strideLengthMeters, mean(stride[day])))
                #expect(Double(speed[day]?.count ?? 0) == flight.airborneMinutes)
                #expect(close(flight.cadence, total(steps[day]) / flight.airborneMinutes))
                #expect(flight.phaseReadings.values.reduce(0, +) == beats[day]?.count)
            }
        }
    }

    @Test(arguments: Backend.allCases)
    func theTrackFetchesOnlyWhatIsNew(backend: Backend) async throws {
        try await ExampleStores.withStore(configuration(backend)) { store in
            let recorder = FlightRecorder(store: store, calendar: newYork, model: FlightModel(maximumHeartRate: 190))
            try await recorder.requestAccess()
            try await recorder.fillWeekOfMockRuns(startingOn: firstDay)
            let first = try await recorder.refreshTrack()
            let readings =
                try await samples(RunWayTypes.heartRate, store).count
                + samples(RunWayTypes.speed, store).count
            #expect(first.added == readings)
            #expect(first.removed == 0)

            let nothingNew = try await recorder.refreshTrack()
            #expect(nothingNew.added == 0 && nothingNew.removed == 0)

            try await recorder.fillWeekOfMockRuns(startingOn: weekEnd, seed: 99)
            let nextWeek = try await recorder.refreshTrack()
            let all = try await samples(RunWayTypes.heartRate, store).count + samples(RunWayTypes.speed, store).count
            #expect(nextWeek.added == all - readings)
            #expect(await recorder.heartRates.count + recorder.speeds.count == all)
            let laterEnd = newYork.date(byAdding: .day, value: 7, to: weekEnd) ?? weekEnd
            #expect(try await recorder.flights(from: firstDay, to: laterEnd).count == 14)
        }
    }
}
