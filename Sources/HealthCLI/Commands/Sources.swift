import ArgumentParser
import HealthCore
import HealthQuery
import HealthStorage

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
        let store = try LiveEnvironment.openStore(at: options.resolvedPath())
        var counts: [Source: Int] = [:]
        for record in try await store.storage.sources() {
            // Counted by the storage: nothing is loaded (the tool's identity reads every type).
            let count = try await store.storage.count(
                matching: .types(types) && .source(bundleIdentifier: record.source.bundleIdentifier))
            if count > 0 { counts[record.source, default: 0] += count }
        }
        var table = TableWriter(columns: ["name", "bundle identifier", "samples"])
        for (source, count) in counts.sorted(by: { $0.key.bundleIdentifier < $1.key.bundleIdentifier }) {
            table.append([source.name, source.bundleIdentifier, String(count)])
        }
        print(table.render(options.format))
    }
}
