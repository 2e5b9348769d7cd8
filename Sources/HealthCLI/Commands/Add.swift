import ArgumentParser
import Foundation
import HealthCore
import HealthQuery

/// `ohk add`: saves one quantity sample through HealthStore's validation, as the person.
struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Save one quantity sample (a weight, a glass of water, a walk's steps) and print its UUID.",
        discussion: """
            The value is in --unit (default: the type's own unit, e.g. count for steps, kg for weight); the \
            sample spans --start to --end (local time; --start defaults to now, --end to --start). It is \
            validated as HealthKit validates a save — a unit that does not measure the type, a negative count or \
            an end before the start is refused with exit status 65 and nothing is written — and saved with \
            'ohk' as its source. Another process watching the store (an observer query, 'ohk serve's event \
            streams) hears of it.

            Examples:
              ohk add weight 71.3
              ohk add steps 1200 --start "2025-06-01 08:00" --end "2025-06-01 08:30"
              ohk add water 250 --unit mL
            """)

    @Argument(help: "The quantity type (steps, weight, water, heart-rate… or a HealthKit identifier).")
    var type: String

    @Argument(help: "The value, in --unit.")
    var value: Double

    @Option(help: "The value's unit (default: the type's canonical unit).")
    var unit: String?

    @Option(help: "When the sample starts (YYYY-MM-DD[ HH:MM[:SS]], local time; default: now).")
    var start: String?

    @Option(help: "When the sample ends (default: the start).")
    var end: String?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        guard let identifier = TypeNames.resolve(type)?.quantityIdentifier,
            let description = identifier.typeDescription
        else {
            throw CLIError.usage("'\(type)' is not a quantity type ('ohk types' lists them)")
        }
        let unit = try unit.map { try UnitChoice.parse($0, for: identifier, canonical: description.canonicalUnit) }
        let calendar = LiveEnvironment.calendar
        let startDate = try start.map { try Self.date($0, "--start", calendar) } ?? LiveEnvironment.clock.now
        let endDate = try end.map { try Self.date($0, "--end", calendar) } ?? startDate
        let store = try options.openStore()
        let sample = QuantitySample(
            uuid: store.nextObjectID(), type: identifier,
            quantity: Quantity(unit: unit ?? description.canonicalUnit, doubleValue: value), start: startDate,
            end: endDate)
        do {
            try await store.save(sample)
        } catch let error as HealthError where error.code != .databaseInaccessible {
            throw CLIError(.badInput, "not saved: \(error)")
        }
        print(sample.uuid.uuidString)
    }

    private static func date(_ text: String, _ option: String, _ calendar: Calendar) throws -> Date {
        guard let date = CLIFormatting.parseDate(text, in: calendar) else {
            throw ValidationError("\(option) '\(text)' is not a date (YYYY-MM-DD[ HH:MM[:SS]])")
        }
        return date
    }
}
