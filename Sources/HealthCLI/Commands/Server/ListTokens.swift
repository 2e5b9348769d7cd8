import ArgumentParser
import Foundation
import HealthServer

/// `ohk server list-tokens --person NAME`.
struct ListTokens: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list-tokens", abstract: "List a person's tokens (hash prefixes, never the tokens).")

    @Option(help: "The person.")
    var person: String

    @Option(name: .long, help: "Output format: table, csv or json.")
    var format: OutputFormat = .table

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let (_, registry) = try server.open()
        var table = TableWriter(columns: ["hash", "app", "label", "created", "revoked"])
        for record in try await registry.tokens(of: person).sorted(by: { $0.created < $1.created }) {
            table.append([
                String(record.hash.prefix(12)), record.mirror.map { "(mirror: \($0))" } ?? record.app ?? "(owner)",
                record.label ?? "",
                CLIFormatting.dateTime(record.created, in: LiveEnvironment.calendar),
                record.revoked.map { CLIFormatting.dateTime($0, in: LiveEnvironment.calendar) } ?? "",
            ])
        }
        print(table.render(format))
    }
}
