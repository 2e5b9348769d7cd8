import Foundation
import HTTPTypes
import HealthQuery
import HealthRuntime
import Hummingbird
import Logging
import NIOCore

/// The dashboard (docs/decisions/0010-dashboard.md): pages drawn by the server from the person's HealthStore —
/// the same engine, merge and authorization as the API — with charts as inline SVG and one small script for live
/// updates, tooltips and the upload.
///
/// - `GET /dashboard/login` (`?code=` redeems a one-time link), `POST /dashboard/login` (`token=`): a session
///   cookie (`ohk_dashboard`, HttpOnly, SameSite=Strict) for a person's own token.
/// - `GET /dashboard` (Today), `/dashboard/trends`, `/dashboard/sleep`, `/dashboard/workouts[/{uuid}]`,
///   `/dashboard/sources` (+ `POST` to reorder), `/dashboard/import`, `GET /dashboard/today.json`,
///   `POST /dashboard/logout`.
/// - `/dashboard/api/…`: the API's events, statistics, sources and import under the session cookie (what the
///   script calls).
enum DashboardRoutes {
    static func add(to router: Router<ServerContext>, services: ServerServices) {
        let sessions = services.dashboardSessions
        let dashboard = router.group("/dashboard")
        dashboard.get("/assets/:name") { _, context -> Response in
            guard let name = context.parameters.get("name"), let asset = DashboardAssets.asset(named: name) else {
                throw APIError.notFound("no such asset")
            }
            var headers = HTTPFields()
            headers[.contentType] = asset.contentType
            headers[.cacheControl] = "public, max-age=3600"
            return Response(
                status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: asset.bytes)))
        }
        dashboard.get("/login") { request, _ -> Response in
            let query = Query(request)
            let next = safeNext(try query.string("next"))
            if let code = try query.string("code") {
                guard let token = sessions.redeem(code, now: services.now) else {
                    let page = LoginPage.page(next: next, problem: "That login link was used already or has expired.")
                    return DashboardResponse.html(page.render(person: nil), status: .unauthorized)
                }
                return startSession(for: token, next: next, secure: isHTTPS(request), services: services)
            }
            return DashboardResponse.html(LoginPage.page(next: next).render(person: nil))
        }
        dashboard.post("/login") { request, context -> Response in
            guard DashboardMiddleware.sameOrigin(request) else {
                throw APIError.forbidden("a login may only be sent from the dashboard's own page")
            }
            let form = try await Self.form(request)
            let next = safeNext(form["next"])
            guard let text = form["token"], let token = AccessToken(presented: text),
                let record = try await services.registry.validToken(token), record.app == nil, record.mirror == nil,
                try await services.registry.person(record.person) != nil
            else {
                // Failed logins count against the address as failed tokens do (429 past the bound).
                let refusal = services.authenticator.failure(
                    APIError.unauthorized("not a person's own token"), context)
                let problem =
                    refusal.status == .tooManyRequests
                    ? "Too many failed logins from this address; wait a minute and try again."
                    : "That is not a person's own token on this server."
                var response = DashboardResponse.html(
                    LoginPage.page(next: next, problem: problem).render(person: nil), status: refusal.status)
                if let wait = refusal.headers[.retryAfter] { response.headers[.retryAfter] = wait }
                return response
            }
            if let connection = context.connection { services.connections.authenticated(connection) }
            return startSession(for: token, next: next, secure: isHTTPS(request), services: services)
        }

        let pages = dashboard.group("")
        pages.add(middleware: DashboardErrorMiddleware())
        pages.add(
            middleware: DashboardMiddleware(
                sessions: sessions, authenticator: services.authenticator, now: { services.now }))
        func page(
            _ path: RouterPath,
            _ build: @escaping @Sendable (Request, ServerContext, DashboardData) async throws -> DashboardPage
        ) {
            pages.get(path) { request, context -> Response in
                let caller = try context.requireCaller()
                let page = try await build(request, context, data(caller, services))
                return DashboardResponse.html(page.render(person: caller.person.name))
            }
        }
        page("/") { request, _, data in try await TodayPage.page(data, Query(request)) }
        page("/trends") { request, _, data in try await TrendsPage.page(data, Query(request)) }
        page("/sleep") { request, _, data in try await SleepPage.page(data, Query(request)) }
        page("/workouts") { request, _, data in try await WorkoutsPage.page(data, Query(request)) }
        page("/workouts/:uuid") { _, context, data in
            try await WorkoutDetailPage.page(data, uuidText: context.parameters.get("uuid") ?? "")
        }
        page("/sources") { request, _, data in try await SourcesPage.page(data, Query(request)) }
        page("/import") { _, _, _ in ImportPage.page() }
        pages.get("/today.json") { request, context -> Response in
            let data = data(try context.requireCaller(), services)
            let day = try TodayPage.day(Query(request), data)
            return Requests.json(TodayPage.json(try await TodayPage.figures(data, day: day), data))
        }
        pages.post("/sources") { request, context -> Response in
            let caller = try context.requireCaller()
            let back = try await SourcesPage.apply(data(caller, services), form: try await Self.form(request))
            return DashboardResponse.redirect(back)
        }
        pages.post("/logout") { request, _ -> Response in
            if let id = request.cookies[DashboardMiddleware.cookieName]?.value { sessions.close(id) }
            var response = DashboardResponse.redirect("/dashboard/login")
            response.setCookie(
                Cookie(
                    name: DashboardMiddleware.cookieName, value: "", maxAge: 0, path: "/dashboard",
                    secure: isHTTPS(request), httpOnly: true, sameSite: .strict))
            return response
        }

        let api = pages.group("/api")
        EventRoutes.add(to: api, services: services)
        StatisticsRoutes.add(to: api, services: services)
        SourceRoutes.add(to: api, services: services)
        ImportExportRoutes.add(to: api, services: services)
    }

    /// What a page reads with: the caller's engine in the server's calendar.
    static func data(_ caller: Caller, _ services: ServerServices) -> DashboardData {
        DashboardData(store: caller.store, calendar: services.configuration.environment.calendar, now: services.now)
    }

    /// A session for a token: the cookie (a browser-session cookie: the server ends the session after
    /// ``DashboardSessions/lifetime`` without use) and a redirect to where the person was going.
    static func startSession(
        for token: AccessToken, next: String, secure: Bool, services: ServerServices
    ) -> Response {
        let id = services.newIdentifier()
        services.dashboardSessions.open(id, for: token, now: services.now)
        var response = DashboardResponse.redirect(next)
        response.setCookie(
            Cookie(
                name: DashboardMiddleware.cookieName, value: id, path: "/dashboard", secure: secure, httpOnly: true,
                sameSite: .strict))
        return response
    }

    /// Whether the browser reached the server over HTTPS: the server speaks plain HTTP on loopback, so HTTPS is a
    /// TLS proxy in front of it that says so (`X-Forwarded-Proto: https`, or `Forwarded: proto=https`). Then the
    /// session cookie is `Secure` too: the browser never sends it over plain HTTP.
    static func isHTTPS(_ request: Request) -> Bool {
        if let proto = request.headers[HTTPField.Name("X-Forwarded-Proto")!],
            proto.split(separator: ",").first?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
        {
            return true
        }
        guard let forwarded = request.headers[HTTPField.Name("Forwarded")!] else { return false }
        let first = forwarded.split(separator: ",").first ?? ""
        return first.split(separator: ";").contains {
            $0.trimmingCharacters(in: .whitespaces).lowercased() == "proto=https"
        }
    }

    /// Where to go after login: a dashboard path only (never another site).
    static func safeNext(_ next: String?) -> String {
        guard let next, next.hasPrefix("/dashboard"), !next.contains("//"), !next.contains("\\"),
            next.utf8.count <= 500
        else { return "/dashboard" }
        return next
    }

    /// A small `application/x-www-form-urlencoded` body (at most 16 KiB).
    static func form(_ request: Request) async throws -> [String: String] {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: 16 << 10)
        } catch is NIOTooManyBytesError {
            throw APIError(.contentTooLarge, "body-too-large", "the form is larger than 16 KiB")
        }
        var components = URLComponents()
        components.percentEncodedQuery = String(buffer: buffer).replacingOccurrences(of: "+", with: "%20")
        var form: [String: String] = [:]
        for item in components.queryItems ?? [] where form[item.name] == nil { form[item.name] = item.value ?? "" }
        return form
    }
}

/// Errors of a page as an HTML page with the problem in words (the API under `/dashboard/api` keeps its problem
/// documents).
struct DashboardErrorMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if request.uri.path.hasPrefix("/dashboard/api/") || request.uri.path.hasSuffix(".json") { throw error }
            let problem = APIError.from(error)
            if problem.status.code >= 500 {
                context.logger.error("page failed", metadata: ["problem": "\(problem.problem)"])
            }
            let detail = problem.status.code >= 500 ? "Something went wrong on the server." : problem.detail
            let page = DashboardPage(
                title: problem.status.code == 404 ? "Not found" : "That did not work", section: nil,
                body: "<p class=\"error\" role=\"alert\">\(HTML.text(detail))</p>"
                    + "<p><a href=\"/dashboard\">Back to Today</a></p>")
            return DashboardResponse.html(page.render(person: context.caller?.person.name), status: problem.status)
        }
    }
}
