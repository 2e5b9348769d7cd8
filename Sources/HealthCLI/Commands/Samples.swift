import ArgumentParser
import Foundation
import HealthCore
import HealthQuery

/// `ohk samples TYPE|all`: the raw samples (no merging), oldest first.
struct Samples: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List raw samples of a type (or all types), oldest first.",
        discussion: """
            Examples:
              ohk samples steps --from 2024-03-01 --to 2024-03-02
              ohk samples heart-rate --limit 20 --format csv
              ohk samples all --count
            """)

    @Argument(help: "A type (steps, heart-rate, weight, stepCount, HKQuantityTypeIdentifierStepCount…) or 'all'.")
    var type: String

    @Flag(help: "Print only the number of samples.")
    var count = false

    @Option(help: "Only samples overlapping this start (YYYY-MM-DD or 'YYYY-MM-DD HH:MM', local time).")
    var from: String?

    @Option(help: "Only samples starting before this end (local time).")
    var to: String?

    @Option(help: "At most this many samples.")
    var limit: Int?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        let calendar = LiveEnvironment.calendar
        let types = try CLIArguments.types(type)
        let window = try CLIArguments.window(from: from, to: to, calendar: calendar)
        let store = try options.openExistingStore()
        if count {
            // Counted by the storage: nothing is loaded.
            let total = try await store.count(of: types, predicate: window)
            print(limit.map { min($0, total) } ?? total)
            return
        }
        let found = try await store.samples(of: types, predicate: window, sort: [.startDate], limit: limit)
        var table = TableWriter(columns: ["start", "end", "type", "source", "unit", "value"], numeric: ["value"])
        for sample in found {
            let (value, unit) = CLIFormatting.valueAndUnit(sample)
            table.append([
                CLIFormatting.dateTime(sample.startDate, in: calendar),
                CLIFormatting.dateTime(sample.endDate, in: calendar),
                sample.sampleType.identifier, sample.source?.name ?? "", unit, value,
            ])
        }
        print(table.render(options.format))
    }
}

/// Argument parsing shared by commands.
enum CLIArguments {
    /// The types a TYPE argument names (`all`: every type present in the catalog).
    static func types(_ name: String) throws -> Set<SampleType> {
        if name.lowercased() == "all" { return Set(TypeNames.catalog.map(\.type)) }
        guard let type = TypeNames.resolve(name) else {
            throw ValidationError("unknown type '\(name)'; 'ohk types' lists the names")
        }
        return [type]
    }

    /// A date-window predicate from optional bounds.
    static func window(from: String?, to: String?, calendar: Calendar) throws -> SamplePredicate {
        let start = try from.map { try date($0, calendar: calendar, option: "--from") }
        let end = try to.map { try date($0, calendar: calendar, option: "--to") }
        if start == nil && end == nil { return .all }
        return .date(start: start, end: end)
    }

    private static func date(_ text: String, calendar: Calendar, option: String) throws -> Date {
        guard let date = CLIFormatting.parseDate(text, in: calendar) else {
            throw ValidationError("\(option) '\(text)' is not a date (YYYY-MM-DD or 'YYYY-MM-DD HH:MM')")
        }
        return date
    }
}
