import Foundation
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
        jobs = ImportJobs()
        streams = StreamCounter(limit: configuration.limits.maxStreamsPerToken)
        responses = ResponseCache(capacity: configuration.limits.responseCacheEntries)
    }

    var limits: ServerConfiguration.Limits { configuration.limits }

    /// Tokens to callers, for the API and the dashboard alike.
    var authenticator: Authenticator {
        Authenticator(
            registry: registry, people: people, limiter: limiter, callers: callers,
            environment: configuration.environment)
    }
    var now: Date { configuration.environment.clock.now }

    /// A new identifier from the injected random bytes (16 bytes, base64url).
    func newIdentifier() -> String { Base64URL.encode(configuration.random(16)) }
}
