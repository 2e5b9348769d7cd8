import Foundation
import HealthKit

/// RunWay's flight recorder: reads the runs from HealthKit and turns each day's run into a ``Flight``.
///
/// - Heart rate and running speed, which RunWay plots minute by minute, come through anchored queries: each
///   ``refreshTrack()`` asks only for what was added or deleted since the previous one.
/// - Steps, energy and distance are cumulative: one daily statistics collection each (sums merged across
///   devices, as the Health app shows them).
/// - Ground contact time and stride length are discrete: one daily collection each, of the average.
actor FlightRecorder {
    let store: HKHealthStore
    let calendar: Calendar
    let model: FlightModel

    private var heartRateAnchor: HKQueryAnchor?
    private var speedAnchor: HKQueryAnchor?
    private(set) var heartRates: [UUID: Reading] = [:]
    private(set) var speeds: [UUID: Reading] = [:]

    /// Creates a recorder.
    /// - Parameters:
    ///   - store: The health store.
    ///   - calendar: Defines local days (with its time zone).
    ///   - model: The runner's flight model.
    init(store: HKHealthStore, calendar: Calendar, model: FlightModel) {
        self.store = store
        self.calendar = calendar
        self.model = model
    }

    /// Asks to read the seven running types (RunWay writes nothing).
    func requestAccess() async throws {
        try await store.requestAuthorization(toShare: [], read: RunWayTypes.all)
    }

    /// Brings the heart-rate and speed track up to date.
    /// - Returns: How many readings were added and removed.
    @discardableResult
    func refreshTrack() async throws -> (added: Int, removed: Int) {
        let heart = try await changes(
            of: RunWayTypes.heartRate, unit: RunWayTypes.beatsPerMinute, after: heartRateAnchor)
        let speed = try await changes(of: RunWayTypes.speed, unit: RunWayTypes.metersPerSecond, after: speedAnchor)
        heartRateAnchor = heart.anchor
        speedAnchor = speed.anchor
        heartRates.merge(heart.added) { $1 }
        speeds.merge(speed.added) { $1 }
        for id in heart.deleted { heartRates[id] = nil }
        for id in speed.deleted { speeds[id] = nil }
        return (heart.added.count + speed.added.count, heart.deleted.count + speed.deleted.count)
    }

    /// The flights of the local days from the one containing `start` up to (not including) the one containing
    /// `end`: one per day with heart-rate readings, in order. Call ``refreshTrack()`` first.
    func flights(from start: Date, to end: Date) async throws -> [Flight] {
        let first = calendar.startOfDay(for: start)
        let last = calendar.startOfDay(for: end)
        let daily = DailyFigures(
            steps: try await dailyStatistics(RunWayTypes.steps, .cumulativeSum, from: first, to: last),
            energy: try await dailyStatistics(RunWayTypes.energy, .cumulativeSum, from: first, to: last),
            distance: try await dailyStatistics(RunWayTypes.distance, .cumulativeSum, from: first, to: last),
            contact: try await dailyStatistics(RunWayTypes.groundContactTime, .discreteAverage, from: first, to: last),
            stride: try await dailyStatistics(RunWayTypes.strideLength, .discreteAverage, from: first, to: last))
        var flights: [Flight] = []
        var day = first
        while day < last, let next = calendar.date(byAdding: .day, value: 1, to: day) {
            if let flight = flight(from: day, to: next, daily) { flights.append(flight) }
            day = next
        }
        return flights
    }

    /// The day's statistics collections.
    private struct DailyFigures {
        var steps, energy, distance, contact, stride: HKStatisticsCollection
    }

    /// The flight of the day `[day, next)`, or nil when no heart rate was recorded that day.
    private func flight(from day: Date, to next: Date, _ daily: DailyFigures) -> Flight? {
        let beats = heartRates.values.filter { $0.start >= day && $0.start < next }.sorted { $0.start < $1.start }
        guard let departure = beats.first?.start, let arrival = beats.last?.end else { return nil }
        let moving = speeds.values.filter { $0.start >= day && $0.start < next }
        let movingSeconds = moving.reduce(0) { $0 + $1.end.timeIntervalSince($1.start) }
        var pace: Double?
        if movingSeconds > 0 {
            let meanSpeed = moving.reduce(0) { $0 + $1.value * $1.end.timeIntervalSince($1.start) } / movingSeconds
            pace = FlightModel.paceSecondsPerKilometer(metersPerSecond: meanSpeed)
        }
        var phases: [FlightPhase: Int] = [:]
        for phase in model.phases(heartRates: beats.map(\.value)) { phases[phase, default: 0] += 1 }
        let steps = sum(daily.steps, on: day, in: .count())
        return Flight(
            day: day, departure: departure, arrival: arrival, airborneMinutes: movingSeconds / 60,
            phaseReadings: phases, steps: steps,
            cadence: FlightModel.cadence(steps: steps, minutes: movingSeconds / 60),
            fuelKilocalories: sum(daily.energy, on: day, in: .kilocalorie()),
            kilometers: FlightModel.kilometers(meters: sum(daily.distance, on: day, in: .meter())),
            paceSecondsPerKilometer: pace,
            groundContactMilliseconds: average(daily.contact, on: day, in: RunWayTypes.milliseconds),
            strideLengthMeters: average(daily.stride, on: day, in: .meter()))
    }

    // MARK: Queries

    /// What an anchored query returns after `anchor`, as readings keyed by sample UUID.
    private func changes(
        of type: HKQuantityType,
        unit: HKUnit,
        after anchor: HKQueryAnchor?
    ) async throws -> (added: [UUID: Reading], deleted: [UUID], anchor: HKQueryAnchor) {
        let descriptor = HKAnchoredObjectQueryDescriptor(predicates: [.quantitySample(type: type)], anchor: anchor)
        let result = try await descriptor.result(for: store)
        var added: [UUID: Reading] = [:]
        for sample in result.addedSamples {
            added[sample.uuid] = Reading(
                start: sample.startDate, end: sample.endDate, value: sample.quantity.doubleValue(for: unit))
        }
        return (added, result.deletedObjects.map(\.uuid), result.newAnchor)
    }

    /// One statistics bucket per local day from `start` to `end`, of the samples that start in that range.
    private func dailyStatistics(
        _ type: HKQuantityType,
        _ options: HKStatisticsOptions,
        from start: Date,
        to end: Date
    ) async throws -> HKStatisticsCollection {
        let window = HKQuery.predicateForSamples(withStart: start, end: end, options: .strictStartDate)
        var everyDay = DateComponents()
        everyDay.calendar = calendar
        everyDay.day = 1
        let descriptor = HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: type, predicate: window), options: options, anchorDate: start,
            intervalComponents: everyDay)
        return try await descriptor.result(for: store)
    }

    private func sum(_ collection: HKStatisticsCollection, on day: Date, in unit: HKUnit) -> Double {
        collection.statistics(for: day)?.sumQuantity()?.doubleValue(for: unit) ?? 0
    }

    private func average(_ collection: HKStatisticsCollection, on day: Date, in unit: HKUnit) -> Double? {
        collection.statistics(for: day)?.averageQuantity()?.doubleValue(for: unit)
    }
}
