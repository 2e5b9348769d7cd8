import Foundation
import HealthCore

/// One generated day of everyday movement, carried by the phone and (when worn) the watch.
struct GeneratedDay {
    /// The day's samples, in chronological order.
    var samples: [AnySample] = []
    /// Active energy written by the watch, in kcal.
    var watchEnergy = 0.0
    /// Minutes of brisk walking (watch chunks averaging ≥ 100 steps/min).
    var briskMinutes = 0
    /// Hours (offsets from the day's start) in which the watch counted at least 60 steps.
    var activeHours: Set<Int> = []
}

/// What a day generator writes besides steps and distance.
struct DayOptions {
    /// When the watch is put on (normally 07:00; earlier on a run day).
    var wornFrom: Date
    /// Intervals covered by something else (runs): neither device writes everyday samples there.
    var busy: [TimeSpan] = []
    /// Also write the watch's active energy per chunk and a heart-rate reading every 10 minutes.
    var energyAndHeartRate = false
}

extension Simulation {
    /// A day of movement for the phone and the watch, with overlapping step and distance samples.
    ///
    /// An underlying step rate (steps/min) is drawn per 10-minute block from ``hourlyStepWeights`` (with
    /// occasional brisk walks of 95–120 steps/min). The watch is worn from `options.wornFrom` to 22:00 except a
    /// 30–60 minute charging break starting 12:00–18:00, and writes one stepCount and one distanceWalkingRunning
    /// sample per 10-minute chunk (grid from each worn stretch's start; the rate ×0.97–1.03). The phone is
    /// carried from about 06:30 (first stretch 35–60 minutes) in irregular stretches of 3–40 minutes separated
    /// by 0–45 minute gaps (none during the watch's break) until 22:30, and counts 80–95 % of the steps.
    /// Zero-step chunks are not written.
    func makeDay(
        dayStart: Date,
        options: DayOptions,
        using rng: inout some RandomNumberGenerator,
        makeUUID newID: () -> UUID
    ) -> GeneratedDay {
        let rates = blockRates(using: &rng)
        func steps(in span: TimeSpan) -> Double {
            var total = 0.0
            let first = max(0, Int(span.start.timeIntervalSince(dayStart) / 600))
            var block = first
            while block < rates.count {
                let blockSpan = TimeSpan(
                    start: dayStart.addingTimeInterval(Double(block) * 600),
                    end: dayStart.addingTimeInterval(Double(block + 1) * 600))
                if blockSpan.start >= span.end { break }
                total += rates[block] * span.overlap(with: blockSpan) / 60
                block += 1
            }
            return total
        }
        let offStart = localTime(dayStart, hour: 12, minute: rng.integer(in: 0...360))
        let offEnd = offStart.addingTimeInterval(Double(rng.integer(in: 30...60)) * 60)
        let worn = TimeSpan.subtracting(
            options.busy,
            from: [
                TimeSpan(start: options.wornFrom, end: offStart),
                TimeSpan(start: offEnd, end: localTime(dayStart, hour: 22)),
            ])
        var day = GeneratedDay()
        var written: [QuantitySample] = []
        let units = SimulationUnits.self
        let watch = person.watch
        for chunk in worn.flatMap({ $0.chunks(of: 600) }) {
            let counted = (steps(in: chunk) * rng.double(in: 0.97...1.03)).rounded()
            let minutes = chunk.seconds / 60
            if counted > 0 {
                let distance = (counted * 0.74 * rng.double(in: 0.97...1.03)).rounded(places: 2)
                written.append(
                    watch.quantity(
                        .stepCount, counted, units.count, start: chunk.start, end: chunk.end, uuid: newID()))
                written.append(
                    watch.quantity(
                        .distanceWalkingRunning, distance, units.meter, start: chunk.start, end: chunk.end,
                        uuid: newID()))
                if counted / minutes >= 100 { day.briskMinutes += Int(minutes.rounded()) }
                if counted >= 60 { day.activeHours.insert(Int(chunk.start.timeIntervalSince(dayStart) / 3600)) }
            }
            guard options.energyAndHeartRate else { continue }
            let energy = (0.04 * counted + 0.1 * minutes).rounded(places: 3)
            day.watchEnergy += energy
            written.append(
                watch.quantity(
                    .activeEnergyBurned, energy, units.kilocalorie, start: chunk.start, end: chunk.end, uuid: newID()
                ))
            let reading = chunk.start.addingTimeInterval(min(300, chunk.seconds / 2))
            let rate = counted / max(minutes, 1)
            let beats = (person.restingHeartRate + 0.4 * rate + rng.double(in: -4...4)).rounded().clamped(to: 40...180)
            written.append(
                watch.quantity(
                    .heartRate, beats, units.countPerMinute, start: reading, end: reading,
                    metadata: [.heartRateMotionContext: .number(rate < 60 ? 1 : 2)], uuid: newID()))
        }
        for stretch in phoneStretches(dayStart: dayStart, off: TimeSpan(start: offStart, end: offEnd), using: &rng) {
            for span in TimeSpan.subtracting(options.busy, from: [stretch]) {
                let counted = (steps(in: span) * rng.double(in: 0.8...0.95)).rounded()
                guard counted > 0 else { continue }
                let distance = (counted * 0.71 * rng.double(in: 0.97...1.03)).rounded(places: 2)
                written.append(
                    person.phone.quantity(
                        .stepCount, counted, units.count, start: span.start, end: span.end, uuid: newID()))
                written.append(
                    person.phone.quantity(
                        .distanceWalkingRunning, distance, units.meter, start: span.start, end: span.end,
                        uuid: newID()))
            }
        }
        day.samples = written.enumerated()
            .sorted { ($0.element.startDate, $0.offset) < ($1.element.startDate, $1.offset) }
            .map { .quantity($0.element) }
        return day
    }

    /// Step rates (steps/min) for the 144 ten-minute blocks of a day.
    private func blockRates(using rng: inout some RandomNumberGenerator) -> [Double] {
        let scale = rng.double(in: 0.6...1.4)
        return (0..<144).map { block in
            let hour = block / 6
            let weight = Simulation.hourlyStepWeights[hour]
            guard weight > 0 else { return 0 }
            if (7...21).contains(hour), rng.chance(0.04) { return rng.double(in: 95...120) }
            return max(1.5, weight * 1.6 * scale * rng.double(in: 0.3...1.7))
        }
    }

    /// The stretches in which the phone is carried (see ``makeDay``).
    private func phoneStretches(
        dayStart: Date,
        off: TimeSpan,
        using rng: inout some RandomNumberGenerator
    ) -> [TimeSpan] {
        let last = localTime(dayStart, hour: 22, minute: 30)
        var cursor = localTime(dayStart, hour: 6, minute: 30 + rng.integer(in: 0...10))
        var length = Double(rng.integer(in: 35...60)) * 60
        var stretches: [TimeSpan] = []
        while cursor < last {
            let end = min(last, cursor.addingTimeInterval(length))
            stretches.append(TimeSpan(start: cursor, end: end))
            let duringBreak = off.start <= end && end < off.end
            cursor = end.addingTimeInterval(duringBreak ? 0 : Double(rng.integer(in: 0...45)) * 60)
            length = Double(rng.integer(in: 3...40)) * 60
        }
        return stretches
    }
}
