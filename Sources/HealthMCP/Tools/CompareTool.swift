import Foundation
import HealthCore
import HealthQuery
import MCP

/// `compare_periods`: one type in two ranges of days, side by side.
struct CompareTool: HealthTool {
    let definition = Tool(
        name: "compare_periods",
        title: "Compare two periods",
        description: """
            One quantity type in two ranges of days, side by side: for cumulative types (steps, distance, energy) \
            the total and the average per day, merged by source priority; for discrete types (heart-rate, weight) \
            the average, minimum and maximum. Gives the change from the first period to the second, absolute and \
            in percent.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type,
                "first_start": Schema.day("First period's first day"),
                "first_end": Schema.day("First period's last day, inclusive"),
                "second_start": Schema.day("Second period's first day"),
                "second_end": Schema.day("Second period's last day, inclusive"),
            ], required: ["type", "first_start", "first_end", "second_start", "second_end"]),
        annotations: Schema.readOnly("Compare two periods"),
        outputSchema: Schema.output(
            [
                "type": Schema.text, "unit": Schema.text, "first": Schema.anyObject, "second": Schema.anyObject,
                "change": Schema.anyObject,
            ],
            required: ["type", "unit", "first", "second", "change"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type", "first_start", "first_end", "second_start", "second_end"])
        let type = try arguments.quantityType()
        let first = try arguments.dayRange(from: "first_start", to: "first_end", defaultDays: 7, now: context.now)
        let second = try arguments.dayRange(from: "second_start", to: "second_end", defaultDays: 7, now: context.now)
        for range in [first, second] where range.duration > 3_700 * 86_400 {
            throw ToolError("a period is longer than ten years: narrow it")
        }
        let options = StatisticsTool.options(for: type, bySource: false)
        func figures(_ range: DateInterval) async throws -> (value: Double?, entry: [String: Value]) {
            let result = try await StatisticsTool.statistics(type, range, options, context)
            let unit = Answer.unit(of: type)
            func value(_ number: Double?) -> Double? { Answer.convert(number, result?.unit ?? unit, unit) }
            let days = max(1, (range.duration / 86_400).rounded())
            var entry: [String: Value] = [
                "start": Answer.day(range.start, context.calendar),
                "end": Answer.day(range.end.addingTimeInterval(-1), context.calendar), "days": .int(Int(days)),
            ]
            if type.isCumulative {
                let sum = value(result?.merged.sum)
                entry["total"] = Answer.optionalNumber(sum)
                entry["perDay"] = Answer.optionalNumber(sum.map { $0 / days })
                return (sum.map { $0 / days }, entry)
            }
            entry["average"] = Answer.optionalNumber(value(result?.merged.average))
            entry["min"] = Answer.optionalNumber(value(result?.merged.minimum))
            entry["max"] = Answer.optionalNumber(value(result?.merged.maximum))
            return (value(result?.merged.average), entry)
        }
        let (a, firstEntry) = try await figures(first)
        let (b, secondEntry) = try await figures(second)
        var change: [String: Value] = ["compared": .string(type.isCumulative ? "perDay" : "average")]
        if let a, let b {
            change["absolute"] = Answer.number(b - a)
            change["percent"] = a == 0 ? .null : Answer.number((b - a) / abs(a) * 100)
        } else {
            change["absolute"] = .null
            change["percent"] = .null
        }
        return [
            "type": .string(TypeNames.displayName(.quantity(type))), "unit": .string(Answer.unit(of: type).unitString),
            "first": .object(firstEntry), "second": .object(secondEntry), "change": .object(change),
        ]
    }
}
