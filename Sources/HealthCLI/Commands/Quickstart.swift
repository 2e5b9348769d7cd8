import ArgumentParser
import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import HealthSimulation

/// `ohk quickstart`: a demo store to explore.
struct Quickstart: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Create a demo store: a month of an iPhone + Apple Watch with runs, sleep and weight.",
        discussion: """
            The data is simulated and deterministic (--seed). It ends yesterday, in your time zone.

            Examples:
              ohk quickstart
              ohk quickstart --store /tmp/demo.sqlite --seed 7
            """)

    @Option(help: "The random seed of the simulation.")
    var seed: UInt64 = 1

    @Option(help: "Days of data.")
    var days: Int = 30

    @Flag(help: "Replace an existing store file (without it, an existing store is left untouched).")
    var force = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        guard (1...366).contains(days) else { throw ValidationError("--days must be between 1 and 366") }
    }

    func run() async throws {
        let location = try options.location()
        let path = location.description
        if let file = location.sqlitePath, FileManager.default.fileExists(atPath: file) {
            guard force else {
                let store = try LiveEnvironment.openStore(location)
                let count = try await store.count(of: Set(TypeNames.catalog.map(\.type)))
                print("\(path) already exists (\(count) samples); left as it is. Pass --force to recreate it.")
                print(Self.nextSteps(path: path))
                return
            }
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
        }
        let calendar = LiveEnvironment.calendar
        let today = calendar.startOfDay(for: LiveEnvironment.clock.now)
        let first = calendar.date(byAdding: .day, value: -days, to: today) ?? today
        var generator = SplitMix64(seed: seed)
        let data = Simulation(calendar: calendar).demoMonth(
            days: days, startingOn: first, using: &generator, makeUUID: Live.uuid)
        let store = try LiveEnvironment.openStore(location)
        for start in stride(from: 0, to: data.samples.count, by: 5_000) {
            try await store.save(Array(data.samples[start..<min(start + 5_000, data.samples.count)]))
        }
        try await store.saveActivitySummaries(data.activitySummaries)
        try await store.setCharacteristics(data.characteristics)
        let steps = try await store.statisticsCollection(
            of: .stepCount, options: .cumulativeSum, anchorDate: today, intervalComponents: DateComponents(day: 1))
        let average = steps.statistics().compactMap { try? $0.sumQuantity()?.doubleValue(for: .count()) }
        let mean = average.isEmpty ? 0 : average.reduce(0, +) / Double(average.count)
        print(
            """
            Created \(path)
              \(data.samples.count) samples from \(Set(data.samples.compactMap(\.source)).count) sources over \(days) days, \
            \(data.workouts.count) workouts, \(data.activitySummaries.count) activity summaries.
              Average daily steps (iPhone + Apple Watch merged, as the Health app shows them): \(Int(mean.rounded()))
            """)
        print(Self.nextSteps(path: path))
    }

    static func nextSteps(path: String) -> String {
        """

        Next:
          swift run ohk stats steps --by day --store \(path)     # daily steps, iPhone + Watch merged, never double-counted
          swift run ohk stats heart-rate --by week --store \(path)
          swift run ohk sources --store \(path)
          swift run ohk samples weight --store \(path) --format csv
          swift run ohk types
        """
    }
}
