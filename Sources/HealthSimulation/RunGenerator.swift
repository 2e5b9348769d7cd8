import Foundation
import HealthCore

/// One generated run: its per-minute samples, the workout and the route, in save order.
struct GeneratedRun {
    /// Per-minute samples, then the workout, then the route.
    var samples: [AnySample]
    /// The workout.
    var workout: Workout
    /// Active minutes.
    var activeMinutes: Int
    /// Total active energy in kcal.
    var energy: Double
}

extension Simulation {
    /// The per-minute quantity types of a run, in the order they are written each minute.
    static let runSampleTypes: [QuantityTypeIdentifier] = [
        .heartRate, .stepCount, .activeEnergyBurned, .distanceWalkingRunning, .runningSpeed,
        .runningGroundContactTime, .runningStrideLength,
    ]

    /// A run of `activeMinutes` minutes (30–60) starting at `start`, recorded by the watch.
    ///
    /// Shape: one sample of each of ``runSampleTypes`` per active minute (`[t, t+60 s)`), no samples while
    /// paused; with probability 0.35 one pause of 1–3 minutes (only if the span stays ≤ 60 minutes); a route
    /// point every 10 s of active time; workout and activity statistics computed from the samples.
    func makeRun(
        start: Date,
        activeMinutes: Int,
        using rng: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> GeneratedRun {
        let watch = person.watch
        let units = SimulationUnits.self
        var pauseAfter: Int?
        var pauseMinutes = 0
        if activeMinutes <= 57, activeMinutes >= 12, rng.chance(0.35) {
            pauseAfter = rng.integer(in: 5...(activeMinutes - 5))
            pauseMinutes = rng.integer(in: 1...3)
        }
        let end = start.addingTimeInterval(Double(activeMinutes + pauseMinutes) * 60)
        let effort = rng.double(in: 0.85...1.0)
        let baseSpeed = rng.double(in: 2.7...3.5)
        let baseCadence = rng.double(in: 158...174)
        var heading = rng.double(in: 0...(2 * Double.pi))
        var latitude = person.homeLatitude
        var longitude = person.homeLongitude
        var byType: [QuantityTypeIdentifier: [QuantitySample]] = [:]
        var samples: [AnySample] = []
        var locations: [RouteLocation] = []
        var totalEnergy = 0.0
        let active: Metadata = [.heartRateMotionContext: .number(2)]
        for minute in 0..<activeMinutes {
            let offset = minute + ((pauseAfter.map { minute >= $0 } ?? false) ? pauseMinutes : 0)
            let from = start.addingTimeInterval(Double(offset) * 60)
            let to = from.addingTimeInterval(60)
            let progress = activeMinutes > 1 ? Double(minute) / Double(activeMinutes - 1) : 1
            let rise = (1 - exp(-2.5 * progress)) / (1 - exp(-2.5))
            let heartRate = (100 + 85 * effort * rise + rng.double(in: -3...3)).rounded().clamped(to: 100...185)
            let warmUp = 0.9 + 0.1 * min(1, Double(minute) / 5)
            let speed = (baseSpeed * warmUp + rng.double(in: -0.12...0.12)).rounded(places: 2)
            let cadence = (baseCadence + (speed - baseSpeed) * 12 + rng.double(in: -3...3)).rounded()
                .clamped(to: 150...185)
            let distance = (speed * 60).rounded(places: 2)
            let stride = (distance / cadence).rounded(places: 3)
            let contact = (300 - 45 * (speed - 2.5) + rng.double(in: -8...8)).rounded()
            let energy = (person.bodyMass * distance / 1000 * rng.double(in: 0.95...1.05)).rounded(places: 3)
            totalEnergy += energy
            let values: [(QuantityTypeIdentifier, Double, HealthUnit, Metadata)] = [
                (.heartRate, heartRate, units.countPerMinute, active),
                (.stepCount, cadence, units.count, [:]),
                (.activeEnergyBurned, energy, units.kilocalorie, [:]),
                (.distanceWalkingRunning, distance, units.meter, [:]),
                (.runningSpeed, speed, units.meterPerSecond, [:]),
                (.runningGroundContactTime, contact, units.millisecond, [:]),
                (.runningStrideLength, stride, units.meter, [:]),
            ]
            for (type, value, unit, metadata) in values {
                let sample = watch.quantity(
                    type, value, unit, start: from, end: to, metadata: metadata, uuid: newID())
                byType[type, default: []].append(sample)
                samples.append(.quantity(sample))
            }
            for tick in 0..<6 {
                heading += 2 * Double.pi / Double(activeMinutes * 6)
                let step = speed * 10
                latitude += step * cos(heading) / 111_320
                longitude += step * sin(heading) / (111_320 * cos(latitude * Double.pi / 180))
                let degrees = (heading * 180 / Double.pi).truncatingRemainder(dividingBy: 360)
                locations.append(
                    RouteLocation(
                        timestamp: from.addingTimeInterval(Double(tick) * 10), latitude: latitude,
                        longitude: longitude, altitude: (35 + 4 * sin(heading * 3)).rounded(places: 1),
                        horizontalAccuracy: rng.double(in: 2...6).rounded(places: 1),
                        verticalAccuracy: rng.double(in: 2...5).rounded(places: 1),
                        course: degrees < 0 ? degrees + 360 : degrees, speed: speed))
            }
        }
        var events: [WorkoutEvent] = []
        if let pauseAfter {
            let paused = start.addingTimeInterval(Double(pauseAfter) * 60)
            events = [
                WorkoutEvent(type: .pause, date: paused),
                WorkoutEvent(type: .resume, date: paused.addingTimeInterval(Double(pauseMinutes) * 60)),
            ]
        }
        let statistics = runStatistics(byType, start: start, end: end)
        let activity = WorkoutActivity(
            uuid: newID(), configuration: WorkoutConfiguration(activityType: .running, locationType: .outdoor),
            start: start, end: end, events: events, statistics: statistics)
        let workout = Workout(
            uuid: newID(), activityType: .running, start: start, end: end, events: events,
            activities: [activity], statistics: statistics, device: watch.device,
            metadata: [.indoorWorkout: .bool(false), .timeZone: .string(calendar.timeZone.identifier)],
            sourceRevision: watch.sourceRevision)
        let route = WorkoutRoute(
            uuid: newID(), workoutUUID: workout.uuid, locations: locations, start: start, end: end,
            device: watch.device, sourceRevision: watch.sourceRevision)
        samples.append(.workout(workout))
        samples.append(.workoutRoute(route))
        return GeneratedRun(samples: samples, workout: workout, activeMinutes: activeMinutes, energy: totalEnergy)
    }

    /// Workout statistics for the run's samples: sums for energy, distance and steps; average, minimum,
    /// maximum and most recent for heart rate and running speed.
    private func runStatistics(
        _ byType: [QuantityTypeIdentifier: [QuantitySample]],
        start: Date,
        end: Date
    ) -> [QuantityTypeIdentifier: WorkoutStatistics] {
        let units = SimulationUnits.self
        var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
        let sums: [(QuantityTypeIdentifier, HealthUnit)] = [
            (.activeEnergyBurned, units.kilocalorie), (.distanceWalkingRunning, units.meter), (.stepCount, units.count),
        ]
        for (type, unit) in sums {
            statistics[type] = .summing(byType[type] ?? [], type: type, unit: unit, start: start, end: end)
        }
        let averages: [(QuantityTypeIdentifier, HealthUnit)] = [
            (.heartRate, units.countPerMinute), (.runningSpeed, units.meterPerSecond),
        ]
        for (type, unit) in averages {
            statistics[type] = .averaging(byType[type] ?? [], type: type, unit: unit, start: start, end: end)
        }
        return statistics
    }
}
