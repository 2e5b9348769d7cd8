import Crypto
import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import Logging

/// What the routes and background services share: the configuration, the registry, the people's stores, the
/// rate limiter, import jobs, live-stream counts and the webhook service.
final class ServerServices: Sendable {
    let configuration: ServerConfiguration
    let registry: Registry
    let people: PersonDirectory
    let limiter: RateLimiter
    let jobs: ImportJobs
    let streams: StreamCounter
    let callers: CallerCache
    let sharedChanges = SharedChanges()
    let responses: ResponseCache
    let dashboardSessions = DashboardSessions()
    let uploads: UploadArea
    let connections: ConnectionRegistry
    /// Failed authentications per address (a token bucket each).
    let failures: RateLimiter
    let logger: Logger

    init(configuration: ServerConfiguration, runtime: HealthRuntime, logger: Logger) throws {
        self.configuration = configuration
        self.logger = logger
        people = PersonDirectory(data: configuration.data, runtime: runtime)
        let clock = configuration.environment.clock
        let callers = CallerCache()
        self.callers = callers
        registry = Registry(
            store: try people.serverDatabase().keyValues, clock: { clock.now }, onChange: { callers.invalidate() })
        limiter = RateLimiter(
            rate: configuration.limits.requestsPerSecond, burst: configuration.limits.burst, now: { clock.now })
        failures = RateLimiter(
            rate: configuration.limits.failedAuthenticationsPerSecond,
            burst: configuration.limits.failedAuthenticationBurst, now: { clock.now })
        connections = ConnectionRegistry(
            limits: .init(
                maxConnections: min(configuration.connections.maxConnections, OpenFileLimit.connectionCeiling()),
                maxUnauthenticatedPerAddress: configuration.connections.maxUnauthenticatedPerAddress))
        jobs = ImportJobs()
        streams = StreamCounter(limit: configuration.limits.maxStreamsPerToken)
        responses = ResponseCache(capacity: configuration.limits.responseCacheEntries)
        uploads = try UploadArea(
            folder: configuration.uploadFolder.map { URL(fileURLWithPath: $0) }
                ?? UploadArea.defaultFolder(for: configuration.data),
            capacity: configuration.limits.maxUploadSpace)
        let leftovers = uploads.removeLeftovers()
        if leftovers > 0 {
            logger.notice("removed uploads left by an earlier server", metadata: ["count": "\(leftovers)"])
        }
    }

    var limits: ServerConfiguration.Limits { configuration.limits }

    /// Tokens to callers, for the API and the dashboard alike.
    var authenticator: Authenticator {
        Authenticator(
            registry: registry, people: people, limiter: limiter, callers: callers, failures: failures,
            connections: connections, environment: configuration.environment)
    }
    var now: Date { configuration.environment.clock.now }

    private let cursorKeyHeld = Locked<SymmetricKey?>(nil)

    /// The key that signs page cursors (made once, kept in the registry).
    func cursorKey() async throws -> SymmetricKey {
        if let held = cursorKeyHeld.withLock({ $0 }) { return held }
        let key = SymmetricKey(data: try await registry.secretKey("cursors", random: configuration.random))
        cursorKeyHeld.withLock { $0 = key }
        return key
    }

    /// A new identifier from the injected random bytes (16 bytes, base64url).
    func newIdentifier() -> String { Base64URL.encode(configuration.random(16)) }
}
