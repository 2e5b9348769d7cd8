import Foundation
import HealthCore
import HealthQuery
import MCP

/// `statistics`: a quantity type over a range — one total, or per hour/day/week/month/year — merged by source
/// priority as the Health app merges an iPhone and an Apple Watch.
struct StatisticsTool: HealthTool {
    static let maxBuckets = 400
    /// The longest range of a discrete type's statistics: ten years, within what the engine keeps per-slot
    /// aggregates for (decision 0011; wider, every sample of the range would be read).
    static let maxDiscreteDays = 3_660

    let definition = Tool(
        name: "statistics",
        title: "Statistics of a type",
        description: """
            Statistics of a quantity type over a range of days, as the Health app shows them: for cumulative \
            types (steps, distance, active-energy, exercise) the sum, with overlapping samples of several sources \
            (an iPhone and an Apple Watch) merged by the person's source priority and never counted twice; for \
            discrete types (heart-rate, weight) the minimum, maximum and average, and the most recent value. \
            `interval` splits the range into hours, days, weeks, months or years (at most 400 buckets; buckets \
            without data are left out); without it one total is returned. `by_source` adds each source's own figures.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type,
                "start": Schema.day("First day (default: 7 days before end)"),
                "end": Schema.day("Last day, inclusive (default: today)"),
                "interval": Schema.choice(
                    "Bucket length (default: one total)", ["hour", "day", "week", "month", "year"]),
                "by_source": Schema.boolean("Also give each source's figures (default false)"),
            ], required: ["type"]),
        annotations: Schema.readOnly("Statistics of a type"),
        outputSchema: Schema.output(
            [
                "type": Schema.text, "unit": Schema.text, "start": Schema.text, "end": Schema.text,
                "buckets": Schema.anyArray,
            ],
            required: ["type", "unit", "start", "end", "buckets"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type", "start", "end", "interval", "by_source"])
        let type = try arguments.quantityType()
        let range = try arguments.dayRange(defaultDays: 7, now: context.now)
        let bySource = try arguments.bool("by_source") ?? false
        let interval = try arguments.string("interval").map { (text: String) throws(ToolError) -> StatisticsInterval in
            guard let interval = StatisticsInterval(rawValue: text) else {
                throw ToolError("'interval' must be hour, day, week, month or year")
            }
            return interval
        }
        let unit = Answer.unit(of: type)
        let options = Self.options(for: type, bySource: bySource)
        if !type.isCumulative, range.duration > Double(Self.maxDiscreteDays) * 86_400 {
            // Past ten years the engine sweeps every sample of the range (a year of heart rate: ~100k).
            throw ToolError(
                "\(TypeNames.displayName(.quantity(type))) over more than \(Self.maxDiscreteDays) days: narrow the range"
            )
        }
        let predicate = SamplePredicate.date(start: range.start, end: range.end)
        var results: [StatisticsResult] = []
        if let interval {
            let estimated = range.duration / interval.approximateSeconds
            guard estimated <= Double(Self.maxBuckets) else {
                throw ToolError(
                    "that is about \(Int(estimated)) \(interval.rawValue) buckets (at most \(Self.maxBuckets)): "
                        + "narrow the range or use a longer interval")
            }
            var components = interval.components
            components.calendar = context.calendar
            let collection = try await context.store.statisticsCollection(
                of: type, predicate: predicate, options: options,
                anchorDate: interval.defaultAnchor(for: range.start, in: context.calendar),
                intervalComponents: components)
            results = collection.statistics().filter { $0.startDate < range.end && $0.endDate > range.start }
        } else {
            let total = try await Self.statistics(type, range, options, context)
            results = [
                total
                    ?? StatisticsResult(
                        startDate: range.start, endDate: range.end, unit: unit, merged: StatisticsValues(),
                        sources: nil,
                        bySource: [:])
            ]
        }
        let names =
            bySource
            ? try await context.store.statisticsSources(
                of: type, bundleIdentifiers: results.flatMap { $0.sources ?? [] })
            : [:]
        let daily = interval.map { $0 != .hour } ?? true
        let buckets: [Value] = results.map { result in
            var bucket = Self.values(result.merged, cumulative: type.isCumulative, from: result.unit, to: unit)
            bucket["start"] =
                daily
                ? Answer.day(result.startDate, context.calendar) : Answer.dateTime(result.startDate, context.calendar)
            if bySource {
                bucket["sources"] = .array(
                    result.bySource.keys.sorted().map { bundle in
                        var entry = Self.values(
                            result.bySource[bundle] ?? StatisticsValues(), cumulative: type.isCumulative,
                            from: result.unit, to: unit)
                        entry["source"] = .string(names[bundle]?.name ?? bundle)
                        return .object(entry)
                    })
            }
            return .object(bucket)
        }
        return [
            "type": .string(TypeNames.displayName(.quantity(type))), "unit": .string(unit.unitString),
            "start": Answer.day(range.start, context.calendar),
            "end": Answer.day(range.end.addingTimeInterval(-1), context.calendar),
            "interval": .string(interval?.rawValue ?? "total"), "buckets": .array(buckets),
        ]
    }

    /// One window's statistics; nil when nothing was recorded in it (HealthKit's "no data").
    ///
    /// A merged sum over whole days is asked as a collection of one bucket: the engine answers it from its merged
    /// 15-minute slots (milliseconds for ten years) where the one-window query sweeps every sample.
    static func statistics(
        _ type: QuantityTypeIdentifier, _ range: DateInterval, _ options: StatisticsOptions, _ context: ToolContext
    ) async throws -> StatisticsResult? {
        let days = Int((range.duration / 86_400).rounded())
        // Whole days: one bucket of a collection, which the merged slots (sums) or the per-slot aggregates
        // (discrete types) answer without reading the range's samples.
        if days >= 1, context.calendar.startOfDay(for: range.start) == range.start {
            var components = DateComponents(day: days)
            components.calendar = context.calendar
            let collection = try await context.store.statisticsCollection(
                of: type, predicate: .date(start: range.start, end: range.end), options: options,
                anchorDate: range.start, intervalComponents: components)
            guard let bucket = collection.statistics(for: range.start),
                bucket.merged.sum != nil || !options.contains(.cumulativeSum)
            else { return nil }
            return bucket
        }
        do {
            return try await context.store.statistics(
                of: type, predicate: .date(start: range.start, end: range.end), options: options)
        } catch let error as HealthError where error.code == .noData {
            return nil
        }
    }

    /// Sum for cumulative types; min, max, average and the most recent value for discrete ones.
    static func options(for type: QuantityTypeIdentifier, bySource: Bool) -> StatisticsOptions {
        var options: StatisticsOptions =
            type.isCumulative ? [.cumulativeSum] : [.discreteMin, .discreteMax, .discreteAverage, .mostRecent]
        if bySource { options.insert(.separateBySource) }
        return options
    }

    static func values(
        _ values: StatisticsValues, cumulative: Bool, from: HealthUnit, to unit: HealthUnit
    ) -> [String: Value] {
        func number(_ value: Double?) -> Value { Answer.optionalNumber(Answer.convert(value, from, unit)) }
        if cumulative { return ["sum": number(values.sum)] }
        return [
            "min": number(values.minimum), "max": number(values.maximum), "average": number(values.average),
            "mostRecent": number(values.mostRecent),
        ]
    }
}

extension QuantityTypeIdentifier {
    /// Whether the type adds up (steps, distance, energy) rather than being sampled (heart rate, weight).
    var isCumulative: Bool { typeDescription?.aggregationStyle == .cumulative }
}
