import Foundation
import HealthCore
import HealthQuery
import MCP

/// `workouts`: the list of workouts in a range.
struct WorkoutsTool: HealthTool {
    let definition = Tool(
        name: "workouts",
        title: "Workouts",
        description: """
            Workouts in a range of days, oldest first: activity, start, duration (minutes), distance (km), \
            active energy (kcal), source and uuid (pass it to workout_details). At most `limit` (default 20, up \
            to 100); `hasMore` says when there are more — narrow the range or filter by activity.
            """,
        inputSchema: Schema.object([
            "start": Schema.day("First day (default: 30 days before end)"),
            "end": Schema.day("Last day, inclusive (default: today)"),
            "activity": Schema.string("HealthKit activity name, e.g. running, walking, cycling, swimming"),
            "limit": Schema.integer("At most this many workouts (default 20)", 1...100),
        ]),
        annotations: Schema.readOnly("Workouts"),
        outputSchema: Schema.output(
            ["count": ["type": "integer"], "workouts": Schema.anyArray, "hasMore": ["type": "boolean"]],
            required: ["count", "workouts", "hasMore"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["start", "end", "activity", "limit"])
        let range = try arguments.dayRange(defaultDays: 30, now: context.now)
        let limit = try arguments.integer("limit", in: 1...100) ?? 20
        var predicate = SamplePredicate.date(start: range.start, end: range.end)
        if let name = try arguments.string("activity") {
            guard let activity = WorkoutActivityType(name: name) ?? WorkoutActivityType(exportName: name) else {
                throw ToolError("'activity': '\(name)' is not a HealthKit activity (e.g. running, walking, cycling)")
            }
            predicate = .and([predicate, .workoutActivityType(activity)])
        }
        let count = try await context.store.count(of: [.workout], predicate: predicate)
        let workouts = try await context.store.samples(
            of: .workout, predicate: predicate, sort: [.startDate], limit: limit
        ).compactMap(\.workout)
        return [
            "count": .int(count), "hasMore": .bool(count > workouts.count),
            "workouts": .array(workouts.map { Self.summary($0, context.calendar) }),
        ]
    }

    static func summary(_ workout: Workout, _ calendar: Calendar) -> Value {
        [
            "uuid": .string(workout.uuid.uuidString),
            "activity": .string(workout.activityType.name ?? String(workout.activityType.rawValue)),
            "start": Answer.dateTime(workout.startDate, calendar),
            "durationMinutes": Answer.minutes(workout.duration),
            "distance": Answer.quantity(workout.totalDistance, in: .meterUnit(with: .kilo)),
            "energy": Answer.quantity(workout.totalEnergyBurned, in: .kilocalorie()),
            "source": workout.sourceRevision.map { .string($0.source.name) } ?? .null,
        ]
    }
}
