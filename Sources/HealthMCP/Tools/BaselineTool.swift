import Foundation
import HealthCore
import HealthQuery
import MCP

/// `day_vs_baseline`: is a day's value usual for this person? Compared with the same figure on each day of the
/// previous weeks.
struct BaselineTool: HealthTool {
    let definition = Tool(
        name: "day_vs_baseline",
        title: "A day against the person's baseline",
        description: """
            Whether a day's value is usual for this person: the day's figure (the merged sum for steps, distance, \
            energy; the average for heart-rate, weight…) against the same figure on each day of the previous \
            weeks (default 4), with the baseline's mean, standard deviation, the day's z-score and a verdict: \
            'usual', 'high' or 'low' (more than two standard deviations away), 'no data', or 'no baseline' (fewer \
            than two baseline days with data). Days without data are left out of the baseline. Also a trend: the mean of the baseline's first and second halves.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type,
                "day": Schema.day("The day to judge (default: yesterday, the last whole day)"),
                "weeks": Schema.integer("Weeks of baseline before the day (default 4)", 1...26),
            ], required: ["type"]),
        annotations: Schema.readOnly("A day against the person's baseline"),
        outputSchema: Schema.output(
            [
                "type": Schema.text, "unit": Schema.text, "day": Schema.text, "value": Schema.nullableNumber,
                "baseline": Schema.anyObject, "verdict": Schema.text,
            ],
            required: ["type", "unit", "day", "value", "baseline", "verdict"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type", "day", "weeks"])
        let type = try arguments.quantityType()
        let calendar = context.calendar
        let today = calendar.startOfDay(for: context.now)
        let day = try arguments.day("day") ?? calendar.date(byAdding: .day, value: -1, to: today) ?? today
        let weeks = try arguments.integer("weeks", in: 1...26) ?? 4
        guard let start = calendar.date(byAdding: .day, value: -7 * weeks, to: day),
            let end = calendar.date(byAdding: .day, value: 1, to: day)
        else { throw ToolError("'day' is out of range") }
        let options: StatisticsOptions = type.isCumulative ? [.cumulativeSum] : [.discreteAverage]
        var components = DateComponents(day: 1)
        components.calendar = calendar
        let collection = try await context.store.statisticsCollection(
            of: type, predicate: .date(start: start, end: end), options: options, anchorDate: start,
            intervalComponents: components)
        let unit = Answer.unit(of: type)
        func figure(_ result: StatisticsResult) -> Double? {
            Answer.convert(type.isCumulative ? result.merged.sum : result.merged.average, result.unit, unit)
        }
        let results = collection.statistics()
        let value = results.first { $0.startDate == day }.flatMap(figure)
        let baseline = results.filter { $0.startDate < day }.compactMap(figure)
        let count = Double(baseline.count)
        let mean = baseline.isEmpty ? nil : baseline.reduce(0, +) / count
        let deviation = mean.flatMap { mean in
            baseline.count < 2
                ? nil : (baseline.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / (count - 1)).squareRoot()
        }
        var z: Double?
        if let value, let mean, let deviation, deviation > 0 { z = (value - mean) / deviation }
        let verdict: String
        if value == nil {
            verdict = "no data"
        } else if deviation == nil {
            verdict = "no baseline"  // fewer than two baseline days with data
        } else if let z {
            verdict = z > 2 ? "high" : z < -2 ? "low" : "usual"
        } else if let value, let mean {  // every baseline day had the same figure
            verdict = value > mean ? "high" : value < mean ? "low" : "usual"
        } else {
            verdict = "usual"
        }
        let half = baseline.count / 2
        let earlier = baseline.prefix(half)
        let later = baseline.suffix(baseline.count - half)
        return [
            "type": .string(TypeNames.displayName(.quantity(type))), "unit": .string(Answer.unit(of: type).unitString),
            "day": Answer.day(day, calendar), "value": Answer.optionalNumber(value),
            "baseline": [
                "from": Answer.day(start, calendar), "days": .int(baseline.count), "mean": Answer.optionalNumber(mean),
                "standardDeviation": Answer.optionalNumber(deviation), "zScore": Answer.optionalNumber(z),
                "earlierHalfMean": Answer.optionalNumber(
                    earlier.isEmpty ? nil : earlier.reduce(0, +) / Double(earlier.count)),
                "laterHalfMean": Answer.optionalNumber(later.isEmpty ? nil : later.reduce(0, +) / Double(later.count)),
            ],
            "verdict": .string(verdict),
        ]
    }
}
