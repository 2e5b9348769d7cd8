import ArgumentParser
import Foundation
import HealthRuntime
import HealthServer
import Logging

/// `ohk dashboard`: the dashboard of one person's own store, on this machine only.
struct DashboardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Serve the dashboard of your store on 127.0.0.1 and print a one-time login link.",
        discussion: """
            Today (live), trends merged as the Health app shows them (with the naive double-counted sum to \
            compare), sleep stages, workouts with their routes, the source order and an export upload — drawn \
            from the store (default: $OHK_STORE, else the per-user file). It listens on 127.0.0.1 only. The \
            link it prints logs in once (its code becomes a session cookie; open it in the browser of this \
            machine). Stop with Ctrl-C.

            Examples:
              ohk dashboard
              ohk dashboard --store ~/health.sqlite --port 8787
            """)

    @Option(help: "The port (0 picks a free one).")
    var port = 8787

    @Option(
        name: .long,
        help: "The store: a file path, memory:NAME or postgres://… (default: $OHK_STORE, else the per-user file).")
    var store: String?

    @Option(help: "Log level on stderr: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "warning"

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        var options = StoreOptions()
        options.store = store
        let location = try options.location()
        _ = try options.openStore()  // create it if needed, and fail here (exit code) if it cannot be opened
        let level = Logger.Level(rawValue: logLevel) ?? .warning
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var configuration = ServerConfiguration(
            data: .personal(location), environment: .live, random: Live.randomBytes)
        configuration.host = "127.0.0.1"
        configuration.port = port
        let server: HealthServer
        do {
            server = try HealthServer(configuration: configuration, logger: Logger(label: "ohk.dashboard"))
            let name = "me"
            try await server.registry.addPerson(name, policy: .grantAll)
            let (token, _) = try await server.registry.issueToken(
                person: name, app: nil, appName: nil, label: "dashboard", random: Live.randomBytes)
            try await server.run { port in
                let link = "http://127.0.0.1:\(port)" + server.dashboardLoginPath(for: token)
                FileHandle.standardOutput.write(
                    Data(
                        "ohk: dashboard of \(location) on http://127.0.0.1:\(port)/dashboard\nopen (once): \(link)\n"
                            .utf8))
            }
        } catch let error as CLIError {
            throw error
        } catch let error as ListenError {
            throw CLIError(.unavailable, error.description)
        } catch {
            throw CLIError(.store, "\(error)")
        }
    }
}
