import ArgumentParser
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer

/// `ohk server grant --person NAME --app BUNDLE [--share TYPES] [--read TYPES] [--deny-share …] [--deny-read …]`.
struct Grant: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant",
        abstract: "Answer for the person: grant (or deny) an app's access to types; takes effect at once.")

    @Option(help: "The person.")
    var person: String

    @Option(help: "The app's bundle identifier.")
    var app: String

    @Option(help: "Types the app may write, comma-separated.")
    var share: String?

    @Option(help: "Types the app may read, comma-separated.")
    var read: String?

    @Option(help: "Types the app may not write.")
    var denyShare: String?

    @Option(help: "Types the app may not read.")
    var denyRead: String?

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let (people, registry) = try server.open()
        guard try await registry.person(person) != nil else { throw CLIError.usage("no person named '\(person)'") }
        let database = try people.database(of: person)
        let engine = database.makeStore(for: AppIdentity(bundleIdentifier: app, name: app), policy: .denyAll)
        try await Grants.apply(
            to: engine, share: try ServerOptions.types(share), read: try ServerOptions.types(read),
            denyShare: try ServerOptions.types(denyShare), denyRead: try ServerOptions.types(denyRead))
        try await registry.removePending(person: person, app: app)
        print("recorded for \(app)")
    }
}
