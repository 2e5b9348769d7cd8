import ArgumentParser
import HealthCore

/// `ohk types`: the names the other commands accept.
struct Types: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the type names the commands accept.",
        discussion: """
            Examples:
              ohk types
              ohk types --format csv
            """)

    @Option(name: .long, help: "Output format: table, csv or json.")
    var format: OutputFormat = .table

    func run() throws {
        var table = TableWriter(columns: ["name", "alias", "identifier"])
        for entry in TypeNames.catalog {
            table.append([entry.name, entry.alias ?? "", entry.type.identifier])
        }
        print(table.render(format))
    }
}
