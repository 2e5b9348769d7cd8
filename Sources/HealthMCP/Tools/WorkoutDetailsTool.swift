import Foundation
import HealthCore
import HealthQuery
import MCP

/// `workout_details`: one workout with its splits, pauses and statistics.
struct WorkoutDetailsTool: HealthTool {
    let definition = Tool(
        name: "workout_details",
        title: "One workout",
        description: """
            One workout by uuid (from the workouts tool): activity, times, duration, distance, energy, pauses \
            (count and minutes), splits (its segment events — the per-kilometre or per-mile splits a watch \
            records — else its laps, with each one's minutes), the statistics recorded with it (heart rate \
            average and maximum, cadence, power…) and how many route points it has.
            """,
        inputSchema: Schema.object(
            ["uuid": Schema.string("The workout's uuid, from the workouts tool")], required: ["uuid"]),
        annotations: Schema.readOnly("One workout"),
        outputSchema: Schema.output(
            ["workout": Schema.anyObject, "splits": Schema.anyArray, "statistics": Schema.anyArray],
            required: ["workout", "splits", "statistics"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["uuid"])
        let text = try arguments.requiredString("uuid")
        guard let uuid = UUID(uuidString: text) else { throw ToolError("'uuid' is not a UUID") }
        guard
            let workout = try await context.store.samples(of: .workout, predicate: .uuid(uuid), limit: 1).first?
                .workout
        else { throw ToolError("no workout with that uuid that this app may read; list them with the workouts tool") }
        let calendar = context.calendar
        let pauses = workout.pauseTotals
        var segments = workout.events.filter { $0.type == .segment }
        if segments.isEmpty { segments = workout.events.filter { $0.type == .lap } }
        let splits: [Value] = segments.sorted { $0.startDate < $1.startDate }.enumerated().map { index, event in
            [
                "index": .int(index + 1), "start": Answer.dateTime(event.startDate, calendar),
                "minutes": Answer.minutes(event.endDate.timeIntervalSince(event.startDate)),
            ]
        }
        let statistics: [Value] = workout.statistics.keys.sorted { $0.rawValue < $1.rawValue }.map { type in
            let entry = workout.statistics[type]
            let unit = Answer.unit(of: type)
            return [
                "type": .string(TypeNames.displayName(.quantity(type))),
                "sum": Answer.quantity(entry?.sum, in: unit), "average": Answer.quantity(entry?.average, in: unit),
                "min": Answer.quantity(entry?.minimum, in: unit), "max": Answer.quantity(entry?.maximum, in: unit),
            ]
        }
        let routes = try await context.store.samples(of: .workoutRoute, predicate: .associated(withWorkout: uuid))
        var summary = WorkoutsTool.summary(workout, calendar)
        if case .object(var object) = summary {
            object["end"] = Answer.dateTime(workout.endDate, calendar)
            object["pauses"] = .int(pauses.count)
            object["pausedMinutes"] = Answer.minutes(pauses.duration)
            object["routePoints"] = .int(routes.compactMap(\.workoutRoute).reduce(0) { $0 + $1.count })
            summary = .object(object)
        }
        return ["workout": summary, "splits": .array(splits), "statistics": .array(statistics)]
    }
}
