import Foundation
import HealthCore
import HealthQuery
import MCP

/// `sleep`: nights with their stages, as the Health app shows them.
struct SleepTool: HealthTool {
    static let maxNights = 62

    let definition = Tool(
        name: "sleep",
        title: "Sleep per night",
        description: """
            Sleep per night, each filed under the day the person woke up: time in bed (with its start and end), \
            time asleep, each stage (core, deep, REM, and unspecified where no stage was recorded) and time awake, \
            in minutes. A phone's in-bed time and a watch's stages overlap by design and are kept apart; \
            overlapping samples of several sources are merged by priority and never added twice. At most 62 nights.
            """,
        inputSchema: Schema.object([
            "start": Schema.day("First wake-up day (default: 7 days before end)"),
            "end": Schema.day("Last wake-up day, inclusive (default: today)"),
        ]),
        annotations: Schema.readOnly("Sleep per night"),
        outputSchema: Schema.output(["unit": Schema.text, "nights": Schema.anyArray], required: ["unit", "nights"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["start", "end"])
        let range = try arguments.dayRange(defaultDays: 7, now: context.now)
        let days = Int((range.duration / 86_400).rounded())
        guard days <= Self.maxNights else {
            throw ToolError("that is \(days) nights (at most \(Self.maxNights)): narrow the range")
        }
        let nights = try await context.store.sleepNights(from: range.start, to: range.end)
        return ["unit": "min", "nights": .array(nights.map { Self.encode($0, context.calendar) })]
    }

    static func encode(_ night: SleepNight, _ calendar: Calendar) -> Value {
        [
            "night": .string(night.day.description),
            "inBedStart": night.inBedStart.map { Answer.dateTime($0, calendar) } ?? .null,
            "inBedEnd": night.inBedEnd.map { Answer.dateTime($0, calendar) } ?? .null,
            "inBed": Answer.minutes(night.inBed), "asleep": Answer.minutes(night.asleep),
            "core": Answer.minutes(night.core), "deep": Answer.minutes(night.deep), "rem": Answer.minutes(night.rem),
            "unspecified": Answer.minutes(night.unspecified), "awake": Answer.minutes(night.awake),
        ]
    }
}
