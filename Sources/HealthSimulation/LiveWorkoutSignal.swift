public import Foundation
public import HealthCore

/// Simulated live sensor data of a workout in progress: what a watch's sensors would deliver, minute by minute.
///
/// There are no sensors here: the signal replays the per-minute quantities of the first seeded morning run
/// (``Simulation/weekOfMorningRuns(startingOn:using:makeUUID:)``) — heart rate, active energy, distance, steps —
/// one sample per collected type per whole active minute, skipping paused minutes. Deterministic: the same
/// minutes give the same values on every platform.
///
/// ```swift
/// var signal = LiveWorkoutSignal(types: LiveWorkoutSignal.defaultTypes(for: .running))
/// let samples = signal.collect(from: start, through: start + 600, events: [], device: nil, makeUUID: newID)
/// // 10 minutes × 4 types = 40 quantity samples
/// ```
public struct LiveWorkoutSignal: Sendable {
    /// The types collected.
    public var types: Set<QuantityTypeIdentifier>
    /// Where the last collection stopped.
    public private(set) var collectedThrough: Date?
    /// Active minutes collected so far (the position in the replayed run).
    public private(set) var minutesCollected = 0

    /// Creates a signal for some types.
    public init(types: Set<QuantityTypeIdentifier>) {
        self.types = types
    }

    /// The types a workout of an activity collects by default: heart rate and active energy, plus walking and
    /// running distance and steps on foot.
    public static func defaultTypes(for activity: WorkoutActivityType?) -> Set<QuantityTypeIdentifier> {
        let onFoot: Set<WorkoutActivityType> = [.running, .walking, .hiking]
        return onFoot.contains(activity ?? .other)
            ? [.heartRate, .activeEnergyBurned, .distanceWalkingRunning, .stepCount]
            : [.heartRate, .activeEnergyBurned]
    }

    /// The samples of every whole active minute from the last collection (or `start`) through `date`.
    ///
    /// - Parameters:
    ///   - start: The workout's start (used on the first collection).
    ///   - date: Collect up to this instant.
    ///   - events: The workout's events (paused minutes are skipped).
    ///   - device: The recording device.
    ///   - makeUUID: One identity per sample.
    /// - Returns: The samples, in time order, types sorted by identifier within a minute.
    public mutating func collect(
        from start: Date, through date: Date, events: [WorkoutEvent], device: Device?, makeUUID: () -> UUID
    ) -> [QuantitySample] {
        var minute = collectedThrough ?? start
        var count = minutesCollected
        var samples: [QuantitySample] = []
        while minute.addingTimeInterval(60) <= date {
            let next = minute.addingTimeInterval(60)
            if events.activeDuration(from: minute, to: next) >= 60 {
                for type in types.sorted(by: { $0.rawValue < $1.rawValue }) {
                    guard let series = Self.template[type], !series.isEmpty else { continue }
                    samples.append(
                        QuantitySample(
                            uuid: makeUUID(), type: type, quantity: series[count % series.count], start: minute,
                            end: next, device: device))
                }
                count += 1
            }
            minute = next
        }
        collectedThrough = minute
        minutesCollected = count
        return samples
    }

    /// The per-minute quantities of the first seeded morning run, by type.
    public static let template: [QuantityTypeIdentifier: [Quantity]] = {
        var rng = SplitMix64(seed: 0x0048_4B4C_4956_4531)
        var next: UInt64 = 0
        let simulation = Simulation(timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone(identifier: "UTC") ?? .gmt)
        let data = simulation.weekOfMorningRuns(
            startingOn: Date(timeIntervalSinceReferenceDate: 0), using: &rng,
            makeUUID: {
                next += 1
                return UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, UInt8(truncatingIfNeeded: next)))
            })
        var template: [QuantityTypeIdentifier: [Quantity]] = [:]
        for sample in data.samples {
            if sample.workout != nil { break }
            if let quantity = sample.quantitySample {
                template[quantity.quantityType, default: []].append(quantity.quantity)
            }
        }
        return template
    }()
}
