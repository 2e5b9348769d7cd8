import Foundation
import HTTPTypes
import Hummingbird

/// Authenticates the dashboard's pages and its `/dashboard/api` by the session cookie, as the person (only a
/// person's own token logs in); refuses state-changing requests from another origin (the cookie is SameSite=Strict
/// too). Without a session a page redirects to the login page and an API call gets 401.
struct DashboardMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    static let cookieName = "ohk_dashboard"

    let sessions: DashboardSessions
    let authenticator: Authenticator
    let now: @Sendable () -> Date

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        let isAPI = request.uri.path.hasPrefix("/dashboard/api/") || request.uri.path.hasSuffix(".json")
        if request.method != .get, request.method != .head, !Self.sameOrigin(request) {
            throw APIError.forbidden("a dashboard form may only be sent from the dashboard's own pages")
        }
        guard let id = request.cookies[Self.cookieName]?.value, let token = sessions.token(ofSession: id, now: now())
        else {
            if isAPI || request.method != .get {
                throw APIError.unauthorized("log in to the dashboard first (/dashboard/login)")
            }
            let next = request.uri.path + (request.uri.query.map { "?" + $0 } ?? "")
            return DashboardResponse.redirect(
                "/dashboard/login?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
        }
        let caller = try await authenticator.caller(presenting: token, context)
        try MirrorGate.admit(request, caller: caller)
        return try await Authenticator.answer(request, context: context, caller: caller, next: next)
    }

    /// True when the request's Origin (or, without one, its Referer) names this host — or names nothing (a
    /// browser always sends Origin with a cross-site POST).
    static func sameOrigin(_ request: Request) -> Bool {
        guard let claimed = request.headers[.origin] ?? request.headers[.referer] else { return true }
        let hosts = [request.head.authority, request.headers[HTTPField.Name("Host")!]].compactMap { $0?.lowercased() }
        guard let url = URL(string: claimed), let claimedHost = url.host else { return false }
        let authority = url.port.map { "\(claimedHost):\($0)" } ?? claimedHost
        return hosts.contains(authority.lowercased())
    }
}

/// Responses of the dashboard: pages, redirects and error pages.
enum DashboardResponse {
    /// An HTML page.
    static func html(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        headers[HTTPField.Name("Content-Security-Policy")!] =
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'; "
            + "form-action 'self'; base-uri 'none'"
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// A 303 to a dashboard path (never elsewhere: `next` parameters are checked by the caller).
    static func redirect(_ path: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }
}
