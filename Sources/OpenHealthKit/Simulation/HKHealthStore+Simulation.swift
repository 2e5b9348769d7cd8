import Foundation
import HealthCore
import HealthQuery
import HealthSimulation

extension HKHealthStore {
    /// The identity the simulated devices write through: privileged, so every sample keeps the source revision
    /// of the iPhone, Apple Watch or app that "recorded" it.
    private static let simulator = AppIdentity(
        bundleIdentifier: "org.openhealthkit.simulator", name: "Simulator", isPrivileged: true)

    /// Fills this store's database with a seeded scenario: a one-call way to give HealthKit code realistic data
    /// in tests and demos (OpenHealthKit only; HealthKit has no such call).
    ///
    /// The samples are saved in one commit, as Ana's iPhone, Apple Watch and third-party app wrote them, not as
    /// this store's app, and need no permission from it: reading them back still does. Observers of any app on
    /// the database fire once. Scenarios with activity rings (``HKSimulationScenario/demoMonth(days:startingOn:)``)
    /// also store their activity summaries. The same scenario, seed, calendar and UUID source always give the
    /// same data.
    ///
    /// ```swift
    /// let store = HKHealthStore(configuration: .inMemory(calendar: berlin))
    /// try await store.fillWithSimulation(.stepsAndWeight(startingOn: march1), seed: 7)
    /// ```
    /// - Parameters:
    ///   - scenario: What to generate.
    ///   - seed: The seed of every random choice.
    /// - Returns: The number of objects saved (samples, workouts and routes).
    /// - Throws: `HKError` when the database cannot be written.
    @discardableResult
    public func fillWithSimulation(_ scenario: HKSimulationScenario, seed: UInt64 = 42) async throws -> Int {
        let data = scenario.generate(calendar: configuration.calendar, seed: seed, makeUUID: configuration.makeUUID)
        let samples = data.samples
        let summaries = data.activitySummaries
        try await perform { engine in
            let writer = engine.store(for: Self.simulator, policy: .grantAll)
            try await writer.save(samples)
            if !summaries.isEmpty { try await writer.saveActivitySummaries(summaries) }
        }
        return samples.count
    }
}
