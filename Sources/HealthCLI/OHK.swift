public import ArgumentParser
import Foundation

/// The `ohk` command line: OpenHealthKit's store, queries and exports from a terminal.
public struct OHK: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ohk",
        abstract: "Work with an OpenHealthKit health store from the command line.",
        discussion: """
            The store is an SQLite file: --store PATH, else $OHK_STORE, else \
            $XDG_DATA_HOME/openhealthkit/health.sqlite (~/.local/share/openhealthkit/health.sqlite). \
            Types take everyday names (steps, heart-rate, weight; 'ohk types' lists them) or HealthKit \
            identifiers. Dates are read and printed in the local time zone. Listing commands take \
            --format table|csv|json.

            Examples:
              ohk quickstart
              ohk import ~/export.zip
              ohk stats steps --by day --from 2025-06-01 --to 2025-07-01 --format csv
              ohk samples all --count
              ohk export ~/backup.zip

            Exit status. An error is one line on stderr, 'error: …', naming the file (and \
            FILE:LINE:COLUMN for a place in a document):
            \(CLIError.Status.documentation)
            """,
        version: "0.1.0",
        subcommands: [
            Quickstart.self, Import.self, Add.self, Stats.self, Samples.self, Workouts.self, Sources.self, Types.self,
            Sleep.self, Export.self, Serve.self, ServerCommand.self, MCPCommand.self, DashboardCommand.self,
        ]
    )

    public init() {}

    /// Runs the command line: parses, runs the command, and on failure prints one `error: …` line on stderr and
    /// exits with the status ``CLIError`` documents (help and version go to stdout with status 0).
    public static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }
            let (message, status) = ErrorReport.describe(error)
            ErrorReport.print(message)
            Foundation.exit(status)
        }
    }
}
