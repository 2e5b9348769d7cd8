import ArgumentParser
import Foundation

/// Options every command that opens a store shares.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The store file (default: $OHK_STORE, else the per-user default).")
    var store: String?

    @Option(name: .long, help: "Output format: table, csv or json.")
    var format: OutputFormat = .table

    /// The store path this invocation uses.
    func resolvedPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        StorePath.resolve(explicit: store, environment: environment)
    }
}

/// Where the store lives when no `--store` is given.
enum StorePath {
    /// `--store`, else `$OHK_STORE`, else `$XDG_DATA_HOME/openhealthkit/health.sqlite`, else
    /// `$HOME/.local/share/openhealthkit/health.sqlite`.
    static func resolve(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["OHK_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? ".") + "/.local/share")
        return dataHome + "/openhealthkit/health.sqlite"
    }
}

/// How results are printed.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case table
    case csv
    case json
}
