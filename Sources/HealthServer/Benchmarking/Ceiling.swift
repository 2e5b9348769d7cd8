public import Hummingbird
public import Logging

/// The framework's ceiling on this machine, for the server benchmarks (BENCHMARKS.md): a bare Hummingbird
/// application with one constant JSON route (`GET /ceiling`), no middleware, no token, no engine. The API's
/// rate is measured against it side by side in one run (`ohk serve --ceiling`, Benchmarks/server/run.sh).
public enum Ceiling {
    /// The bare application on a host and port.
    public static func application(
        host: String, port: Int, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) -> some ApplicationProtocol {
        let router = Router()
        let body = #"{"status":"ok","statistics":[{"startDate":"2025-06-01T00:00:00.000Z","sum":1234}]}"#
        router.get("/ceiling") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "ohk-ceiling"),
            onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) }, logger: logger)
    }

    /// Runs the bare application until SIGTERM or SIGINT.
    public static func run(
        host: String, port: Int, logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        try await application(host: host, port: port, logger: logger, onServerRunning: onServerRunning).runService()
    }
}
