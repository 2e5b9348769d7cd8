import ArgumentParser
import Foundation
import HealthRuntime
import HealthServer
import Logging

/// `ohk serve`: HealthKit over HTTP for the people of a data folder.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the people of a data folder over HTTP: the /v1 API, live events and webhooks.",
        discussion: """
            Each person has a store of their own in the data folder (people/NAME.sqlite) and the server keeps its \
            people, token hashes, webhooks and delivery outbox in server.sqlite. Add people and tokens with \
            'ohk server'. The server listens on 127.0.0.1 unless --host says otherwise; SIGTERM or SIGINT stops it \
            after in-flight requests (a write commits or rolls back whole). Logs go to stderr, one line per \
            request with its id, person and app; never a health value. The OpenAPI document is /openapi.json.

            Examples:
              ohk serve
              ohk serve --data /var/lib/ohk --port 8080
              ohk serve --store postgres://ohk@db.internal:5432/health   (every person in one PostgreSQL database)
              ohk serve --allow-private-webhooks     (webhooks to loopback or private addresses, for testing)
            """)

    @Option(help: "The interface to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port (0 picks a free one; the chosen port is printed).")
    var port = 8080

    @Flag(help: "Let webhooks call loopback, link-local and private addresses (tests on one machine).")
    var allowPrivateWebhooks = false

    @Option(name: .customLong("webhook-host"), help: "A webhook host to allow whatever its address (repeatable).")
    var webhookHosts: [String] = []

    @Option(
        name: .customLong("webhook-retry-delays"),
        help:
            "Seconds before each retry of a failed webhook delivery, comma separated (default 5,30,120,600,3600,21600)."
    )
    var webhookRetryDelays: String?

    @Option(help: "Requests per second each token may make on average (a token bucket; 429 with Retry-After beyond).")
    var rateLimit = 50.0

    @Option(help: "How many requests a token may make at once before the rate limit applies.")
    var burst = 200.0

    @Option(help: "The most live event streams one token may hold open at once.")
    var maxStreamsPerToken = 8

    @Option(
        help:
            "Statistics answers kept for reuse while a person's data is unchanged (checked on every request; 0: none)."
    )
    var responseCache = 1_024

    @Option(
        help:
            "Seconds a connection may take to send a request's head (before it has authenticated: also between requests)."
    )
    var headerTimeout = 10.0

    @Option(help: "Seconds an authenticated connection may stay idle between requests.")
    var idleTimeout = 60.0

    @Option(help: "Seconds over which a request body's pace is checked (see --min-body-rate).")
    var bodyTimeout = 10.0

    @Option(help: "The slowest request body accepted, in bytes per second over each --body-timeout window.")
    var minBodyRate = 1_024

    @Option(help: "The most open connections (kept below the open-file limit).")
    var maxConnections = 4_096

    @Option(help: "The most connections one address may hold before any of them authenticated (the oldest is closed).")
    var maxUnauthenticatedPerAddress = 32

    @Option(help: "Failed authentications one address may make at once before they are answered 429.")
    var failedAuthBurst = 20.0

    @Option(help: "Failed authentications per second one address may make on average.")
    var failedAuthRate = 1.0

    @Option(help: "The largest export upload, in bytes.")
    var maxUploadBytes = 4 << 30

    @Option(help: "The most bytes all uploads waiting on disk may hold together (503 with Retry-After beyond).")
    var maxUploadSpace = 16 << 30

    @Option(help: "Where uploads wait (default: uploads/ in the data folder, else a folder of this user's in $TMPDIR).")
    var uploadFolder: String?

    @Option(help: "Seconds one webhook delivery attempt may take.")
    var webhookTimeout = 10.0

    @Option(help: "Webhook deliveries in flight at once, in all.")
    var webhookConcurrency = 32

    @Option(help: "Webhook deliveries in flight at once to one receiver (host and port).")
    var webhookConcurrencyPerReceiver = 2

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel = "info"

    @Flag(help: .hidden) var ceiling = false

    @OptionGroup var server: ServerOptions

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0–65535") }
        guard responseCache >= 0 else { throw ValidationError("--response-cache must be ≥ 0") }
        guard maxStreamsPerToken >= 1 else { throw ValidationError("--max-streams-per-token must be ≥ 1") }
        guard rateLimit > 0, burst >= 1 else { throw ValidationError("--rate-limit must be > 0 and --burst ≥ 1") }
        for (name, seconds) in [
            ("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout), ("--body-timeout", bodyTimeout),
            ("--webhook-timeout", webhookTimeout),
        ] where !(seconds.isFinite && seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(name) must be seconds between 0 and 86400")
        }
        for (name, value) in [
            ("--min-body-rate", minBodyRate), ("--max-connections", maxConnections),
            ("--max-unauthenticated-per-address", maxUnauthenticatedPerAddress), ("--max-upload-bytes", maxUploadBytes),
            ("--webhook-concurrency", webhookConcurrency),
            ("--webhook-concurrency-per-receiver", webhookConcurrencyPerReceiver),
        ] where value < 1 {
            throw ValidationError("\(name) must be ≥ 1")
        }
        guard maxUploadSpace >= 0 else { throw ValidationError("--max-upload-space must be ≥ 0") }
        guard failedAuthRate > 0, failedAuthBurst >= 1 else {
            throw ValidationError("--failed-auth-rate must be > 0 and --failed-auth-burst ≥ 1")
        }
        if let text = webhookRetryDelays, Self.delays(text) == nil {
            throw ValidationError("--webhook-retry-delays must be comma-separated seconds, e.g. 5,30,120")
        }
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError("--log-level must be trace, debug, info, notice, warning, error or critical")
        }
    }

    func run() async throws {
        if ceiling {  // the benchmarks' bare Hummingbird route (BENCHMARKS.md)
            let host = self.host
            try await Ceiling.run(host: host, port: port, logger: Logger(label: "ohk.ceiling")) { port in
                FileHandle.standardOutput.write(Data("ohk: ceiling on http://\(host):\(port)\n".utf8))
            }
            return
        }
        let data = try server.location()
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        var configuration = ServerConfiguration(data: data, environment: .live, random: Live.randomBytes)
        configuration.host = host
        configuration.port = port
        configuration.webhooks.allowPrivateAddresses = allowPrivateWebhooks
        configuration.webhooks.allowedHosts = Set(webhookHosts)
        if let text = webhookRetryDelays, let delays = Self.delays(text) { configuration.webhooks.retryDelays = delays }
        configuration.limits.requestsPerSecond = rateLimit
        configuration.limits.burst = burst
        configuration.limits.maxStreamsPerToken = maxStreamsPerToken
        configuration.limits.responseCacheEntries = responseCache
        configuration.limits.failedAuthenticationBurst = failedAuthBurst
        configuration.limits.failedAuthenticationsPerSecond = failedAuthRate
        configuration.limits.maxUploadBytes = maxUploadBytes
        configuration.limits.maxUploadSpace = maxUploadSpace
        configuration.uploadFolder = uploadFolder
        configuration.connections.headerTimeout = headerTimeout
        configuration.connections.idleTimeout = idleTimeout
        configuration.connections.bodyTimeout = bodyTimeout
        configuration.connections.minimumBodyRate = minBodyRate
        configuration.connections.maxConnections = maxConnections
        configuration.connections.maxUnauthenticatedPerAddress = maxUnauthenticatedPerAddress
        configuration.webhooks.timeout = webhookTimeout
        configuration.webhooks.concurrency = webhookConcurrency
        configuration.webhooks.concurrencyPerReceiver = webhookConcurrencyPerReceiver
        // The connection bound, not the descriptor table, decides how many clients are held (composition root).
        ProcessLimits.raiseOpenFileLimit()
        let server: HealthServer
        do {
            server = try HealthServer(configuration: configuration, logger: Logger(label: "ohk.server"))
        } catch {
            throw CLIError(.store, "\(error)")
        }
        let host = self.host
        do {
            try await server.run { port in
                FileHandle.standardOutput.write(
                    Data("ohk: serving \(Self.describe(data)) on http://\(host):\(port)\n".utf8))
            }
        } catch let error as ListenError {
            throw CLIError(.unavailable, error.description)
        }
    }

    /// The data location as the startup line names it (a database URL without its password).
    static func describe(_ data: ServerConfiguration.DataLocation) -> String {
        switch data {
        case .folder(let folder): folder
        case .memory(let name): "memory:\(name)"
        case .postgres(let url): (try? StoreLocation(parsing: url))?.description ?? "a PostgreSQL database"
        case .personal(let store): store.description
        }
    }

    /// Parses `5,30,120` (non-negative seconds, at most 20 of them).
    static func delays(_ text: String) -> [TimeInterval]? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 20 else { return nil }
        var delays: [TimeInterval] = []
        for part in parts {
            guard let value = TimeInterval(part.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0,
                value <= 7 * 86_400
            else { return nil }
            delays.append(value)
        }
        return delays
    }
}
