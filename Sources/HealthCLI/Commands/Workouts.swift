import ArgumentParser
import Foundation
import HealthCore
import HealthQuery

/// `ohk workouts`: the workouts, oldest first, with their duration, distance and energy.
struct Workouts: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List workouts, oldest first: activity, duration, distance, active energy and source.",
        discussion: """
            Columns: start and end (local time), activity (HealthKit's name: running, cycling, \
            traditionalStrengthTraining…), minutes (active time, pauses excluded), km, kcal, source. Distance \
            and energy are the workout's own totals; empty when it has none.

            Examples:
              ohk workouts
              ohk workouts --activity running --from 2025-06-01 --format csv
              ohk workouts --count
            """)

    @Option(help: "Only this activity (running, cycling, walking, HKWorkoutActivityTypeRunning…).")
    var activity: String?

    @Option(help: "Only workouts overlapping this start (YYYY-MM-DD or 'YYYY-MM-DD HH:MM', local time).")
    var from: String?

    @Option(help: "Only workouts starting before this end (local time).")
    var to: String?

    @Flag(help: "Print only the number of workouts.")
    var count = false

    @OptionGroup var options: StoreOptions

    func run() async throws {
        let calendar = LiveEnvironment.calendar
        let kind = try activity.map(Self.activityType)
        let window = try CLIArguments.window(from: from, to: to, calendar: calendar)
        let store = try options.openExistingStore()
        let workouts = try await store.samples(of: .workout, predicate: window, sort: [.startDate])
            .compactMap(\.workout).filter { kind == nil || $0.activityType == kind }
        if count {
            print(workouts.count)
            return
        }
        var table = TableWriter(
            columns: ["start", "end", "activity", "minutes", "km", "kcal", "source"],
            numeric: ["minutes", "km", "kcal"])
        for workout in workouts {
            table.append([
                CLIFormatting.dateTime(workout.startDate, in: calendar),
                CLIFormatting.dateTime(workout.endDate, in: calendar),
                workout.activityType.name ?? String(workout.activityType.rawValue),
                CLIFormatting.number((workout.duration / 60 * 100).rounded() / 100),
                Self.value(workout.totalDistance, in: .meterUnit(with: .kilo)),
                Self.value(workout.totalEnergyBurned, in: .kilocalorie()),
                workout.sourceRevision?.source.name ?? "",
            ])
        }
        print(table.render(options.format))
    }

    static func value(_ quantity: Quantity?, in unit: HealthUnit) -> String {
        guard let value = try? quantity?.doubleValue(for: unit) else { return "" }
        return CLIFormatting.number((value * 1000).rounded() / 1000)
    }

    /// An activity by case name (`running`, `traditional-strength-training` too) or export name.
    static func activityType(_ name: String) throws -> WorkoutActivityType {
        if let type = WorkoutActivityType(exportName: name) ?? WorkoutActivityType(name: name) { return type }
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        if let type = WorkoutActivityType.allKnown.first(where: { $0.name?.lowercased() == key }) { return type }
        throw CLIError.usage("unknown activity '\(name)' (e.g. running, cycling, walking, swimming, yoga)")
    }
}
