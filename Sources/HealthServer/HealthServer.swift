import Foundation
public import HealthRuntime
public import Hummingbird
public import Logging
import NIOCore
public import ServiceLifecycle
import UnixSignals

/// HealthKit over HTTP for many people and apps: the `/v1` API, live events and webhooks, every request through a
/// person's HealthStore with the calling app's grants (docs/decisions/0006-health-server.md).
///
/// ```swift
/// let server = try HealthServer(configuration: configuration, logger: logger)
/// try await server.run()     // until SIGTERM or SIGINT; in-flight requests finish, writes commit or roll back whole
/// ```
public struct HealthServer: Sendable {
    /// The configuration.
    public let configuration: ServerConfiguration
    let services: ServerServices
    let policy: WebhookURLPolicy

    /// Creates a server (opening its registry).
    /// - Throws: ``HealthRuntime/RuntimeError`` when the server's database cannot be opened.
    public init(configuration: ServerConfiguration, runtime: HealthRuntime = .shared, logger: Logger) throws {
        self.configuration = configuration
        services = try ServerServices(configuration: configuration, runtime: runtime, logger: logger)
        policy = WebhookURLPolicy(
            allowPrivateAddresses: configuration.webhooks.allowPrivateAddresses,
            allowedHosts: Set(configuration.webhooks.allowedHosts.map { $0.lowercased() }))
    }

    /// The registry (people, tokens, webhooks).
    public var registry: Registry { services.registry }

    /// The people's stores.
    public var people: PersonDirectory { services.people }

    /// Statistics answers served from the response cache and answers computed since the server started (a
    /// diagnostic: the benchmarks and tests read it).
    public var responseCacheCounts: (hits: Int, misses: Int) { services.responses.counts }

    /// A one-time link path that logs a person in to the dashboard without typing the token (what
    /// `ohk dashboard` prints, as Jupyter does): valid once, for 15 minutes; it becomes the session cookie.
    public func dashboardLoginPath(for token: AccessToken) -> String {
        let code = services.newIdentifier()
        services.dashboardSessions.issueCode(code, for: token, now: services.now)
        return "/dashboard/login?code=\(code)"
    }

    /// The router of every route.
    public func router() -> Router<ServerContext> {
        let router = Router(context: ServerContext.self)
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: MethodMiddleware(openAPI: SystemRoutes.openAPIDocument))
        SystemRoutes.add(to: router)
        let v1 = router.group("/v1")
        v1.add(
            middleware: TokenMiddleware(authenticator: services.authenticator))
        TypeRoutes.add(to: v1)
        AuthorizationRoutes.add(to: v1, services: services)
        SampleRoutes.add(to: v1, services: services)
        ChangeRoutes.add(to: v1, services: services)
        StatisticsRoutes.add(to: v1, services: services)
        SourceRoutes.add(to: v1, services: services)
        WorkoutRoutes.add(to: v1, services: services)
        SummaryRoutes.add(to: v1, services: services)
        ImportExportRoutes.add(to: v1, services: services)
        EventRoutes.add(to: v1, services: services)
        WebhookRoutes.add(to: v1, services: services, policy: policy)
        SyncRoutes.add(to: v1, services: services)
        let mcp = router.group("/mcp")
        mcp.add(
            middleware: TokenMiddleware(authenticator: services.authenticator))
        MCPRoutes.add(to: mcp, services: services)
        DashboardRoutes.add(to: router, services: services)
        return router
    }

    /// The background services (webhooks).
    public func backgroundServices() -> [any Service] {
        [WebhookService(services: services, policy: policy)]
    }

    /// The application: the router on the configured address, with the background services, every connection
    /// watched by a ``ConnectionGuardHandler`` (timeouts and connection bounds: docs/security.md).
    public func application(
        onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let settings = configuration.connections
        let registry = services.connections
        return Application(
            router: router(),
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionGuardHandler(settings: settings, registry: registry)])),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "ohk",
                backlog: settings.backlog),
            services: backgroundServices(),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
            logger: services.logger)
    }

    /// Runs until SIGTERM or SIGINT: the server stops accepting, lets in-flight requests finish (a write commits or
    /// rolls back whole), stops the webhook service, then returns.
    ///
    /// The event streams end first (they never end by themselves, and the HTTP server's graceful shutdown waits for
    /// open responses): a service group shuts its services down in reverse order, so the stream closer comes last.
    public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let group = ServiceGroup(
            configuration: .init(
                services: [
                    .init(service: application(onServerRunning: onServerRunning)),
                    .init(service: EventStreamShutdown(streams: services.streams)),
                ],
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: services.logger))
        do {
            try await group.run()
        } catch let error as IOError where ListenError.reasons[error.errnoCode] != nil {
            throw ListenError(
                host: configuration.host, port: configuration.port, reason: ListenError.reasons[error.errnoCode] ?? "")
        }
    }
}

/// The server could not listen where it was told to: the port is taken, or the address is not this machine's or
/// not allowed. Nothing was served.
public struct ListenError: Error, Sendable, CustomStringConvertible {
    /// The address.
    public var host: String
    /// The port.
    public var port: Int
    /// Why, in words.
    public var reason: String

    static let reasons: [CInt: String] = [
        EADDRINUSE: "the port is already in use (another server?); choose another port",
        EACCES: "not allowed to listen on this port (ports below 1024 need privileges)",
        EADDRNOTAVAIL: "the address is not one of this machine's",
    ]

    public var description: String { "cannot listen on \(host):\(port): \(reason)" }
}
