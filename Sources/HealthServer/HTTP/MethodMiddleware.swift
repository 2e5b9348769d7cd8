import Foundation
import HTTPTypes
import Hummingbird

/// Answers a request for a known path with a method it does not have with 405 and `Allow` (RFC 9110 §15.5.6),
/// instead of the router's 404. The routes are the OpenAPI document's paths (a test keeps the document and the
/// router equal).
struct MethodMiddleware<Context: RequestContext>: RouterMiddleware {
    /// A path template's segments (`{name}` matches any one segment) and its methods.
    struct Route: Sendable {
        var segments: [String]
        var methods: Set<String>

        var placeholders: Int { segments.filter { $0.hasPrefix("{") }.count }

        func matches(_ path: [Substring]) -> Bool {
            guard path.count == segments.count else { return false }
            return zip(segments, path).allSatisfy { template, segment in
                (template.hasPrefix("{") && template.hasSuffix("}")) || template == segment
            }
        }
    }

    let routes: [Route]

    /// Reads the routes from an OpenAPI document (`paths` → methods).
    init(openAPI data: Data?) {
        var routes: [Route] = []
        let verbs: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        if let data, let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let paths = document["paths"] as? [String: Any]
        {
            for (path, value) in paths {
                guard let operations = value as? [String: Any] else { continue }
                var methods = Set(operations.keys.filter(verbs.contains).map { $0.uppercased() })
                if methods.contains("GET") { methods.insert("HEAD") }
                routes.append(Route(segments: path.split(separator: "/").map(String.init), methods: methods))
            }
        }
        self.routes = routes
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws
        -> Response
    {
        let path = request.uri.path.split(separator: "/")
        // A literal segment beats a placeholder (`/v1/samples/delete` is not `/v1/samples/{uuid}`).
        let candidates = routes.filter { $0.matches(path) }
        let fewest = candidates.map(\.placeholders).min()
        let matching = candidates.filter { $0.placeholders == fewest }
        let allowed = matching.reduce(into: Set<String>()) { $0.formUnion($1.methods) }
        if !matching.isEmpty, !allowed.contains(request.method.rawValue) {
            var error = APIError(
                .methodNotAllowed, "method-not-allowed", "\(request.method.rawValue) is not allowed here")
            error.headers[.allow] = allowed.sorted().joined(separator: ", ")
            throw error
        }
        return try await next(request, context)
    }
}
