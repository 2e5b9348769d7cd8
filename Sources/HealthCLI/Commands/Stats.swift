import ArgumentParser
import Foundation
import HealthCore
import HealthQuery

/// `ohk stats TYPE --by day`: HealthStore's statistics collection query, merged by source priority.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Statistics of a quantity type per hour, day, week, month or year, merged across sources.",
        discussion: """
            Cumulative types (steps, distance, active-energy…) give each bucket's sum, merged by source \
            priority as the Health app does: minutes an iPhone and an Apple Watch both counted count once, \
            from the higher-priority source (by default the watch). Discrete types (heart-rate, weight…) give \
            min, max and average.

            A row is the bucket, the unit, then the value(s): the bucket is 'YYYY-MM-DD HH:00' (hour), \
            'YYYY-MM-DD' (day; for a week its first day), 'YYYY-MM' (month) or 'YYYY' (year), in local time. \
            Buckets without data are left out. --from and --to are local dates; --to is exclusive \
            (--from 2025-06-01 --to 2025-07-01 is June). Values are in --unit, else in the unit of the \
            most recent sample.

            --source-order overrides the merge order for this query only (the store keeps its own): a \
            comma-separated list of bundle identifiers or source names, highest priority first; sources not \
            listed follow.

            Examples:
              ohk stats steps --by day --from 2025-06-01 --to 2025-07-01
              ohk stats heart-rate --by hour --from 2025-06-30 --to 2025-07-01 --format csv
              ohk stats distance --by week --unit mi
              ohk stats weight --by month --unit lb --format json
              ohk stats steps --by day --source-order "Jane's iPhone,Jane's Apple Watch"
            """)

    @Argument(help: "A quantity type (steps, heart-rate, weight, distance, HKQuantityTypeIdentifierStepCount…).")
    var type: String

    @Option(help: "The bucket length.")
    var by: StatsInterval = .day

    @Option(help: "First day (YYYY-MM-DD, local time).")
    var from: String?

    @Option(help: "End day, exclusive (YYYY-MM-DD, local time).")
    var to: String?

    @Option(help: "The unit of the values (count, km, mi, kg, lb, count/min, kcal…).")
    var unit: String?

    @Option(help: "Merge order for this query: bundle identifiers or source names, comma-separated, highest first.")
    var sourceOrder: String?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        guard let resolved = TypeNames.resolve(type) else {
            throw CLIError.usage("unknown type '\(type)'; 'ohk types' lists the names")
        }
        guard let identifier = resolved.quantityIdentifier, let description = identifier.typeDescription else {
            throw CLIError.usage("'\(type)' is not a quantity type; stats need one (steps, heart-rate, weight…)")
        }
        let canonical = description.canonicalUnit
        let requestedUnit = try unit.map { try UnitChoice.parse($0, for: identifier, canonical: canonical) }
        let calendar = LiveEnvironment.calendar
        let start = try from.map { try Self.day($0, option: "--from", calendar: calendar) }
        let end = try to.map { try Self.day($0, option: "--to", calendar: calendar) }
        if let start, let end, end <= start { throw CLIError.usage("--to must be after --from") }
        let store = try options.openExistingStore()
        var order: SourceOrder?
        if let sourceOrder {
            let known = try await store.sourceCounts(of: [resolved]).map(\.record)
            order = SourceOrder(try SourceOrderOption.resolve(sourceOrder, among: known))
        }
        let window: SamplePredicate = start == nil && end == nil ? .all : .date(start: start, end: end)
        var displayUnit = canonical
        if let requestedUnit {
            displayUnit = requestedUnit
        } else if let recent = try await Self.recentUnit(of: identifier, in: window, store) {
            displayUnit = recent
        }
        let cumulative = description.aggregationStyle == .cumulative
        let statistics: StatisticsOptions =
            cumulative ? .cumulativeSum : [.discreteMin, .discreteMax, .discreteAverage]
        let collection = try await store.statisticsCollection(
            of: identifier, predicate: window, options: statistics.intersection(description.allowedStatistics),
            anchorDate: by.anchor(near: start ?? LiveEnvironment.clock.now, in: calendar),
            intervalComponents: by.components, sourceOrder: order)
        var table = TableWriter(
            columns: [by.rawValue, "unit"] + (cumulative ? ["sum"] : ["min", "max", "average"]),
            numeric: ["sum", "min", "max", "average"])
        for result in collection.statistics() {
            if let start, result.startDate < start { continue }
            if let end, result.startDate >= end { continue }
            let values =
                cumulative
                ? [result.sumQuantity()]
                : [result.minimumQuantity(), result.maximumQuantity(), result.averageQuantity()]
            table.append(
                [by.label(result.startDate, in: calendar), displayUnit.unitString]
                    + values.map { quantity in
                        (try? quantity?.doubleValue(for: displayUnit)).map(CLIFormatting.number) ?? ""
                    })
        }
        print(table.render(options.format))
    }

    /// The unit of the most recent sample of the type in the window.
    static func recentUnit(
        of type: QuantityTypeIdentifier, in window: SamplePredicate, _ store: HealthStore
    ) async throws -> HealthUnit? {
        let latest = try await store.samples(
            of: .quantity(type), predicate: window, sort: [SampleSortOrder(.startDate, ascending: false)], limit: 1)
        guard case .quantity(let sample)? = latest.first else { return nil }
        return sample.quantity.unit
    }

    static func day(_ text: String, option: String, calendar: Calendar) throws -> Date {
        guard let day = CalendarDay(text),
            let date = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
        else {
            throw CLIError.usage("\(option) '\(text)' is not a date (YYYY-MM-DD)")
        }
        return date
    }
}
