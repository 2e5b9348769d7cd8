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

    /// Opens this invocation's store as the person, creating it if needed (import).
    func openStore() throws -> HealthQuery.HealthStore {
        try LiveEnvironment.openStore(location(), mode: .createIfMissing)
    }

    /// Opens this invocation's store only if it exists (the commands that read: a mistyped path is an error that
    /// names it, and nothing is created).
    func openExistingStore() throws -> HealthQuery.HealthStore {
        try LiveEnvironment.openStore(location(), mode: .mustExist)
    }
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case csv
    case json
}
