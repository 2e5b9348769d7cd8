import ArgumentParser
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer

/// `ohk server issue-token --person NAME [--app BUNDLE] [--share TYPES] [--read TYPES] | [--mirror DEVICE]`.
struct IssueToken: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "issue-token",
        abstract: "Issue a bearer token; prints only the token (it is stored hashed and shown once).",
        discussion: """
            Without --app the token is the person's own: full access to their data. With --app it speaks for \
            that app, with HealthKit's per-type permissions: --share and --read grant types at once (everyday \
            names or identifiers, comma-separated); other types follow the person's policy. With --mirror the \
            token is a device's (a phone syncing its HealthKit store with HealthSync): it writes and deletes \
            samples of every source through /v1/sync and reaches nothing else (docs/sync.md).
            """)

    @Option(help: "The person the token belongs to.")
    var person: String

    @Option(help: "The app's bundle identifier (omit for the person's own token).")
    var app: String?

    @Option(help: "The app's display name (the source name of what it saves).")
    var name: String?

    @Option(help: "Types the app may write, comma-separated (steps,heart-rate or identifiers).")
    var share: String?

    @Option(help: "Types the app may read, comma-separated.")
    var read: String?

    @Option(help: "The device a mirror token syncs, e.g. bens-iphone (not with --app).")
    var mirror: String?

    @Option(help: "A label for 'list-tokens'.")
    var label: String?

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let share = try ServerOptions.types(share)
        let read = try ServerOptions.types(read)
        if app == nil, !share.isEmpty || !read.isEmpty {
            throw CLIError.usage("--share and --read need --app (the person's own token may do everything)")
        }
        if mirror != nil, app != nil || !share.isEmpty || !read.isEmpty {
            throw CLIError.usage("--mirror is a device's token: not with --app, --share or --read")
        }
        let (people, registry) = try server.open()
        let token: AccessToken
        do {
            (token, _) = try await registry.issueToken(
                person: person, app: app, appName: name, label: label, mirror: mirror, random: Live.randomBytes)
        } catch let error as RegistryError {
            throw CLIError.usage(error.message)
        }
        if let app, !share.isEmpty || !read.isEmpty {
            let database = try people.database(of: person)
            let engine = database.makeStore(
                for: AppIdentity(bundleIdentifier: app, name: name ?? app), policy: .denyAll)
            try await Grants.apply(to: engine, share: share, read: read)
        }
        print(token.value)
    }
}
