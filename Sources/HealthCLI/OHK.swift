public import ArgumentParser

/// The `ohk` command line: OpenHealthKit's store, queries and exports from a terminal.
public struct OHK: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ohk",
        abstract: "Work with an OpenHealthKit health store from the command line.",
        discussion: """
            The store is an SQLite file: --store PATH, else $OHK_STORE, else
            $XDG_DATA_HOME/openhealthkit/health.sqlite (~/.local/share/openhealthkit/health.sqlite).

            Start with:  ohk quickstart
            """,
        version: "0.1.0",
        subcommands: [Quickstart.self, Samples.self, Sources.self, Types.self]
    )

    public init() {}
}
