public import Foundation
import HealthCore
import HealthQuery
import HealthSimulation
import Synchronization

/// The live source of a workout's samples: HealthKit's `HKLiveWorkoutDataSource`, simulated.
///
/// There are no sensors here: the data source replays the per-minute samples of HealthSimulation's seeded
/// morning-run scenario (heart rate, active energy, distance, steps), one sample per type per active minute of the
/// builder's collection, skipping paused minutes. Samples are collected when the builder ends collection, or up
/// to a date with ``collectSimulatedData(through:)`` (OpenHealthKit only). Each collection adds the samples to the
/// builder (saving them) and tells the builder's delegate.
public final class HKLiveWorkoutDataSource: NSObject, @unchecked Sendable {
    private struct State {
        var types: Set<QuantityTypeIdentifier>
        weak var builder: HKLiveWorkoutBuilder?
        var collectedThrough: Date?
        var minutesCollected = 0
    }

    private let mutable: Mutex<State>

    /// Creates a data source; the types collected by default depend on the activity.
    public init(healthStore: HKHealthStore, workoutConfiguration configuration: HKWorkoutConfiguration?) {
        let onFoot: Set<HKWorkoutActivityType> = [.running, .walking, .hiking]
        let types: Set<QuantityTypeIdentifier> =
            onFoot.contains(configuration?.activityType ?? .other)
            ? [.heartRate, .activeEnergyBurned, .distanceWalkingRunning, .stepCount]
            : [.heartRate, .activeEnergyBurned]
        mutable = Mutex(State(types: types))
    }

    func attach(to builder: HKLiveWorkoutBuilder) { mutable.withLock { $0.builder = builder } }

    /// The quantity types collected.
    public var typesToCollect: Set<HKQuantityType> {
        Set(mutable.withLock { $0.types }.map { HKQuantityType(identifier: $0.rawValue) })
    }

    /// Collects a type too (the predicate is not evaluated: simulated samples are always the app's own).
    public func enableCollection(for quantityType: HKQuantityType, predicate: NSPredicate?) {
        _ = mutable.withLock { $0.types.insert(quantityType.quantityIdentifier) }
    }

    /// Stops collecting a type.
    public func disableCollection(for quantityType: HKQuantityType) {
        _ = mutable.withLock { $0.types.remove(quantityType.quantityIdentifier) }
    }

    /// Adds the simulated samples of every whole active minute from the last collection (or the start) through a
    /// date to the attached builder. OpenHealthKit only: HealthKit's sensors deliver on their own.
    /// - Throws: the builder's errors (it must be collecting), `HKError`s of saving.
    public func collectSimulatedData(through date: Date) async throws {
        guard let builder = mutable.withLock({ $0.builder }), let start = builder.collectionStart else {
            throw HKError(.errorInvalidArgument, "HKLiveWorkoutDataSource: no builder is collecting")
        }
        let engine = try builder.store.checkedEngine()
        let events = builder.pausedEvents
        let (types, from, done) = mutable.withLock { ($0.types, $0.collectedThrough ?? start, $0.minutesCollected) }
        var minute = from
        var count = done
        var samples: [HKSample] = []
        while minute.addingTimeInterval(60) <= date {
            let next = minute.addingTimeInterval(60)
            if events.activeDuration(from: minute, to: next) >= 60 {
                for type in types.sorted(by: { $0.rawValue < $1.rawValue }) {
                    guard let series = LiveSignal.template[type], !series.isEmpty else { continue }
                    let sample = QuantitySample(
                        uuid: engine.nextObjectID(), type: type, quantity: series[count % series.count], start: minute,
                        end: next, device: builder.device?.engineValue)
                    samples.append(HKSample.make(.quantity(sample)))
                }
                count += 1
            }
            minute = next
        }
        mutable.withLock {
            $0.collectedThrough = minute
            $0.minutesCollected = count
        }
        guard !samples.isEmpty else { return }
        try await builder.addSamples(samples)
        builder.didCollect(Set(samples.map(\.sampleType)))
    }
}

/// The per-minute quantities of HealthSimulation's first seeded morning run, by type.
enum LiveSignal {
    static let template: [QuantityTypeIdentifier: [Quantity]] = {
        var rng = SeededGenerator(state: 0x0048_4B4C_4956_4531)
        var next: UInt64 = 0
        let simulation = Simulation(timeZone: TimeZone(secondsFromGMT: 0) ?? TimeZone(identifier: "UTC") ?? .current)
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

    /// SplitMix64: a seeded generator, so the template is the same on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
