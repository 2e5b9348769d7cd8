import Foundation
import HealthCore
import HealthSimulation
import HealthTesting

/// Every scenario, for tests that run them all.
enum Scenario: String, CaseIterable, CustomStringConvertible {
    case morningRuns, stepsAndWeight, phoneAndWatchDay, sleepNights, intervalWorkouts, demoMonth

    var description: String { rawValue }

    /// Runs the scenario from 2024-01-15 (a Monday) with a seeded generator and sequential UUIDs.
    func generate(seed: UInt64, timeZone: String = "Europe/Berlin") -> SimulatedData {
        let calendar = Fixtures.calendar(timeZone)
        let simulation = Simulation(calendar: calendar)
        let day = Fixtures.date(2024, 1, 15, 12, in: calendar)
        var rng = SplitMix64(seed: seed)
        let uuids = UUIDSequence()
        switch self {
        case .morningRuns: return simulation.weekOfMorningRuns(startingOn: day, using: &rng, makeUUID: uuids.next)
        case .stepsAndWeight:
            return simulation.stepsAndWeight(days: 28, startingOn: day, using: &rng, makeUUID: uuids.next)
        case .phoneAndWatchDay: return simulation.phoneAndWatchDay(on: day, using: &rng, makeUUID: uuids.next)
        case .sleepNights: return simulation.sleepNights(nights: 7, startingOn: day, using: &rng, makeUUID: uuids.next)
        case .intervalWorkouts:
            return simulation.intervalWorkouts(count: 5, startingOn: day, using: &rng, makeUUID: uuids.next)
        case .demoMonth: return simulation.demoMonth(days: 30, startingOn: day, using: &rng, makeUUID: uuids.next)
        }
    }
}

/// A quantity's value in `unit`, or NaN when incompatible.
func value(_ quantity: Quantity?, _ unit: HealthUnit) -> Double {
    guard let quantity, let value = try? quantity.doubleValue(for: unit) else { return .nan }
    return value
}

/// The sum of the samples' values in `unit`.
func total(_ samples: [QuantitySample], _ unit: HealthUnit) -> Double {
    samples.reduce(0) { $0 + value($1.quantity, unit) }
}

/// Relative closeness.
func close(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

let countPerMinute = HealthUnit.count().unitDivided(by: .minute())
