import Hummingbird
import Logging

/// Logs each request's method and path — without its query string, where a filter's value (a metadata value, a
/// date range) would be health data. The request id comes from Hummingbird's logger metadata; the person, the app
/// and the status follow in TokenMiddleware's line.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        context.logger.info(
            "request", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.uri.path)"])
        return try await next(request, context)
    }
}
