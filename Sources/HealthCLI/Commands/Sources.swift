import ArgumentParser
import HealthCore
import HealthQuery

/// `ohk sources`: every source with samples, and how many.
struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the sources (apps and devices) that saved samples.",
        discussion: """
            Examples:
              ohk sources
              ohk sources --type steps --format json
            """)

    @Option(help: "Only sources of this type.")
    var type: String?

    @OptionGroup var options: StoreOptions

    func run() async throws {
        let types = try type.map(CLIArguments.types) ?? Set(TypeNames.catalog.map(\.type))
        let store = try options.openExistingStore()
        var counts: [Source: Int] = [:]
        // Counted by the storage in one pass: nothing is loaded.
        for entry in try await store.sourceCounts(of: types) { counts[entry.record.source, default: 0] += entry.count }
        var table = TableWriter(columns: ["name", "bundle identifier", "samples"], numeric: ["samples"])
        for (source, count) in counts.sorted(by: { $0.key.bundleIdentifier < $1.key.bundleIdentifier }) {
            table.append([source.name, source.bundleIdentifier, String(count)])
        }
        print(table.render(options.format))
    }
}
