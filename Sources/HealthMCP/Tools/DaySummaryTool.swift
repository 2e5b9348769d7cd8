import Foundation
import HealthCore
import HealthQuery
import MCP

/// `day_summary`: one day at a glance, as the Health app's summary shows it.
struct DaySummaryTool: HealthTool {
    let definition = Tool(
        name: "day_summary",
        title: "One day at a glance",
        description: """
            One day in the person's time zone: steps, walking + running distance, active energy and exercise \
            minutes (each merged by source priority, never double-counted), stand hours, heart rate (minimum, \
            maximum, average) and resting heart rate, the night's sleep that ended that morning (in bed, asleep \
            and stages, in minutes) and the day's workouts. A figure with no data is null.
            """,
        inputSchema: Schema.object(["day": Schema.day("The day (default: today)")]),
        annotations: Schema.readOnly("One day at a glance"),
        outputSchema: Schema.output(
            [
                "day": Schema.text, "steps": Schema.quantity, "distance": Schema.quantity,
                "activeEnergy": Schema.quantity,
                "exercise": Schema.quantity, "heartRate": Schema.anyObject, "sleep": ["type": ["object", "null"]],
                "workouts": Schema.anyArray,
            ],
            required: ["day", "steps", "distance", "activeEnergy", "exercise", "heartRate", "sleep", "workouts"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["day"])
        let calendar = context.calendar
        let start = try arguments.day("day") ?? calendar.startOfDay(for: context.now)
        guard let end = calendar.date(byAdding: .day, value: 1, to: start) else {
            throw ToolError("'day' is out of range")
        }
        let day = DateInterval(start: start, end: end)
        func sum(_ type: QuantityTypeIdentifier, in unit: HealthUnit) async throws -> Value {
            let result = try await StatisticsTool.statistics(type, day, [.cumulativeSum], context)
            return Answer.quantity(result?.sumQuantity(), in: unit)
        }
        let perMinute = try HealthUnit(from: "count/min")
        let heart = try await StatisticsTool.statistics(
            .heartRate, day, [.discreteMin, .discreteMax, .discreteAverage], context)
        let resting = try await StatisticsTool.statistics(.restingHeartRate, day, [.discreteAverage], context)
        let stood = try await context.store.count(
            of: [.category(.appleStandHour)],
            predicate: .and([.date(start: start, end: end), .categoryValues([0])]))
        let night = try await context.store.sleepNights(from: start, to: end).first
        let workouts = try await context.store.samples(
            of: .workout, predicate: .date(start: start, end: end), sort: [.startDate], limit: 20
        ).compactMap(\.workout)
        return [
            "day": Answer.day(start, calendar),
            "steps": try await sum(.stepCount, in: .count()),
            "distance": try await sum(.distanceWalkingRunning, in: .meterUnit(with: .kilo)),
            "activeEnergy": try await sum(.activeEnergyBurned, in: .kilocalorie()),
            "exercise": try await sum(.appleExerciseTime, in: .minute()),
            "standHours": .int(stood),
            "heartRate": [
                "unit": .string(perMinute.unitString),
                "min": Answer.optionalNumber(heart?.minimumQuantity().flatMap { try? $0.doubleValue(for: perMinute) }),
                "max": Answer.optionalNumber(heart?.maximumQuantity().flatMap { try? $0.doubleValue(for: perMinute) }),
                "average": Answer.optionalNumber(
                    heart?.averageQuantity().flatMap { try? $0.doubleValue(for: perMinute) }),
                "resting": Answer.optionalNumber(
                    resting?.averageQuantity().flatMap { try? $0.doubleValue(for: perMinute) }),
            ],
            "sleep": night.map { SleepTool.encode($0, calendar) } ?? .null,
            "workouts": .array(workouts.map { WorkoutsTool.summary($0, calendar) }),
        ]
    }
}
