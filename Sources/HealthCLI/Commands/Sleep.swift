import ArgumentParser
import Foundation
import HealthCore
import HealthQuery

/// `ohk sleep`: sleep analysis as nights, the way the Health app shows them.
struct Sleep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Sleep per night: in bed, asleep, each stage and awake, every source merged and counted once.",
        discussion: """
            One row per night, filed under the day it ends (the wake-up day) in the local time zone. Columns: \
            night, in bed from and to (local time; empty when nothing recorded in bed), then minutes: in bed, \
            asleep (core + deep + REM + unspecified), core, deep, rem, unspecified (asleep with no stage, where no \
            source recorded one) and awake. A phone's in-bed and a watch's stages overlap by design: in bed and \
            asleep are kept apart, and overlapping samples of several sources are never added twice. A night \
            recorded by a phone alone has in bed and no stages.

            Examples:
              ohk sleep
              ohk sleep --from 2025-06-01 --to 2025-07-01 --format csv
            """)

    @Option(help: "The first wake-up day (YYYY-MM-DD, local time).")
    var from: String?

    @Option(help: "The day after the last wake-up day (exclusive).")
    var to: String?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        let calendar = LiveEnvironment.calendar
        let start = try from.map { try Self.day($0, "--from", calendar) }
        let end = try to.map { try Self.day($0, "--to", calendar) }
        if let start, let end, end <= start { throw ValidationError("--to must be after --from") }
        let store = try options.openExistingStore()
        let nights = try await store.sleepNights(from: start, to: end)
        var table = TableWriter(
            columns: [
                "night", "in bed from", "in bed to", "in bed min", "asleep min", "core min", "deep min", "rem min",
                "unspecified min", "awake min",
            ],
            numeric: ["in bed min", "asleep min", "core min", "deep min", "rem min", "unspecified min", "awake min"])
        for night in nights {
            table.append(
                [
                    night.day.description, night.inBedStart.map { CLIFormatting.dateTime($0, in: calendar) } ?? "",
                    night.inBedEnd.map { CLIFormatting.dateTime($0, in: calendar) } ?? "",
                ]
                    + [night.inBed, night.asleep, night.core, night.deep, night.rem, night.unspecified, night.awake]
                    .map(
                        Self.minutes))
        }
        print(table.render(options.format))
    }

    /// Seconds as minutes with two decimals.
    static func minutes(_ seconds: TimeInterval) -> String {
        CLIFormatting.number((seconds / 60 * 100).rounded() / 100)
    }

    private static func day(_ text: String, _ option: String, _ calendar: Calendar) throws -> Date {
        guard let date = CLIFormatting.parseDate(text, in: calendar) else {
            throw ValidationError("\(option) '\(text)' is not a date (YYYY-MM-DD)")
        }
        return calendar.startOfDay(for: date)
    }
}
