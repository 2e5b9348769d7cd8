import ArgumentParser
import Foundation
import HealthQuery
import HealthRuntime

/// Options every command that opens a store shares.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The store: a file path, memory:NAME or postgres://… (default: $OHK_STORE, else the per-user file).")
    var store: String?

    @Option(name: .long, help: "Output format: table, csv or json.")
    var format: OutputFormat = .table

    /// The store location this invocation uses (HealthRuntime's rule: `--store`, `$OHK_STORE`, XDG).
    /// - Throws: ``CLIError`` (usage) when the location does not parse.
    func location(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> StoreLocation {
        do {
            return try StoreLocation.resolve(explicit: store, environment: environment)
        } catch {
            throw CLIError.usage("--store: \(error.message)")
        }
    }

    /// Opens this invocation's store as the person.
    func openStore() throws -> HealthQuery.HealthStore {
        try LiveEnvironment.openStore(location())
    }
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case csv
    case json
}
