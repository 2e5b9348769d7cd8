import ArgumentParser
import HealthServer

/// `ohk server pending --person NAME`.
struct Pending: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending", abstract: "List apps' permission requests waiting for the person.")

    @Option(help: "The person.")
    var person: String

    @Option(name: .long, help: "Output format: table, csv or json.")
    var format: OutputFormat = .table

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let (_, registry) = try server.open()
        var table = TableWriter(columns: ["app", "share", "read"])
        for item in try await registry.pending(of: person) {
            table.append([item.app, item.share.joined(separator: ","), item.read.joined(separator: ",")])
        }
        print(table.render(format))
    }
}
