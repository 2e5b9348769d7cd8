import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import Hummingbird
import Logging

/// Authenticates every `/v1` request: a bearer token (`Authorization: Bearer ohk_…`) that is well formed, known
/// and not revoked, of a person who exists; then the token's rate limit. The caller gets the engine of its app on
/// the person's database, remembered for a second (``CallerCache``): changes this process makes apply at once,
/// another process's (`ohk server grant`, `revoke-token`) within the second. Missing, malformed, unknown and
/// revoked tokens get the same 401.
struct TokenMiddleware: RouterMiddleware {
    typealias Context = ServerContext

    let authenticator: Authenticator

    func handle(
        _ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        // No token is not a failed authentication (nothing was presented): always the plain 401.
        guard let header = request.headers[.authorization] else {
            throw APIError.unauthorized("a bearer token is required (Authorization: Bearer ohk_…)")
        }
        guard header.utf8.count <= 200, header.hasPrefix("Bearer "),
            let token = AccessToken(presented: String(header.dropFirst(7)))
        else {
            throw authenticator.failure(APIError.unauthorized("the token is not valid"), context)
        }
        let caller = try await authenticator.caller(presenting: token, context)
        try MirrorGate.admit(request, caller: caller)
        return try await Authenticator.answer(request, context: context, caller: caller, next: next)
    }
}

/// Turns a presented token into a ``Caller``: known, not revoked, of a person who exists, within its rate limit;
/// shared by the bearer-token middleware of the API and the dashboard's session cookie.
struct Authenticator: Sendable {
    let registry: Registry
    let people: PersonDirectory
    let limiter: RateLimiter
    let callers: CallerCache
    /// Failed authentications per address.
    let failures: RateLimiter
    let connections: ConnectionRegistry
    let environment: RuntimeEnvironment

    /// The caller of a token presented on a request, whose connection is then marked authenticated (it no longer
    /// counts against its address's unauthenticated connections).
    /// - Throws: ``APIError`` 401 for an unknown or revoked token (or a person who no longer exists) — 429 with
    ///   Retry-After instead once the address has failed too often (``failure(_:_:)``) — and 429 beyond the
    ///   token's rate.
    func caller(presenting token: AccessToken, _ context: ServerContext) async throws -> Caller {
        let entry: CallerCache.Entry
        do { entry = try await self.entry(for: token) } catch let error as APIError where error.status == .unauthorized
        {
            throw failure(error, context)
        }
        // Authenticated even when its rate limit refuses this request: the connection is a token holder's.
        if let connection = context.connection { connections.authenticated(connection) }
        return try admitted(entry)
    }

    /// A failed authentication from the request's address: the error itself while the address has failures to
    /// spend, else 429 with Retry-After. Tokens are 256 random bits, so the bound is not against guessing but bounds
    /// how fast one address is told (and logged) that its tokens fail; the token is still looked up, so a valid
    /// token is never refused by it.
    func failure(_ error: APIError, _ context: ServerContext) -> APIError {
        guard let wait = failures.take(context.remoteAddress ?? "unknown") else { return error }
        var limited = APIError(
            .tooManyRequests, "authentication-rate-limited",
            "too many failed authentications from this address; retry later")
        limited.headers[.retryAfter] = String(max(1, Int(wait.rounded(.up))))
        return limited
    }

    /// The cached or looked-up engine of a token.
    /// - Throws: ``APIError`` 401 for an unknown or revoked token, or a person who no longer exists.
    private func entry(for token: AccessToken) async throws -> CallerCache.Entry {
        let hash = token.hash
        if let cached = callers.entry(for: hash, now: environment.clock.now) { return cached }
        let generation = callers.currentGeneration
        guard let record = try await registry.validToken(token), let person = try await registry.person(record.person)
        else {
            throw APIError.unauthorized("the token is not valid")
        }
        let database = try people.database(of: person.name)
        let identity = Self.identity(of: record)
        let store = database.makeStore(for: identity, policy: Self.policy(person.policy), environment: environment)
        let entry = CallerCache.Entry(
            record: record, person: person, identity: identity, store: store, database: database,
            filled: environment.clock.now, generation: generation)
        callers.remember(entry, for: hash)
        return entry
    }

    /// The caller of a valid token, within the token's rate.
    /// - Throws: ``APIError`` 429 with Retry-After beyond it.
    private func admitted(_ entry: CallerCache.Entry) throws -> Caller {
        let record = entry.record
        if let wait = limiter.take(record.hash) {
            var error = APIError(.tooManyRequests, "rate-limited", "too many requests for this token; retry later")
            error.headers[.retryAfter] = String(Int(wait.rounded(.up)))
            throw error
        }
        return Caller(
            person: entry.person, token: record, identity: entry.identity, store: entry.store,
            database: entry.database)
    }

    /// Runs the route as the caller, with one log line per answered request: ids and status only, never a value.
    static func answer(
        _ request: Request, context: ServerContext, caller: Caller,
        next: (Request, ServerContext) async throws -> Response
    ) async throws -> Response {
        var context = context
        context.caller = caller
        context.logger[metadataKey: "person"] = "\(caller.person.name)"
        context.logger[metadataKey: "app"] =
            "\(caller.token.mirror.map { "mirror:\($0)" } ?? caller.token.app ?? "owner")"
        do {
            let response = try await next(request, context)
            context.logger.info("answered", metadata: ["status": "\(response.status.code)"])
            return response
        } catch {
            let status = APIError.from(error).status.code
            context.logger.info("refused", metadata: ["status": "\(status)"])
            throw error
        }
    }

    /// The engine identity of a token: the person's own (full access), a device's mirror, or the app's.
    static func identity(of record: TokenRecord) -> AppIdentity {
        if let device = record.mirror { return .mirror(device: device) }
        guard let app = record.app else {
            return .owner(bundleIdentifier: "org.openhealthkit.server.\(record.person)", name: record.person)
        }
        return AppIdentity(
            bundleIdentifier: app, name: record.appName ?? app, shareUsageDescription: "granted through the server",
            updateUsageDescription: "granted through the server")
    }

    /// Who answers an app's request at once (`ask` never reaches the engine: the request waits for the person).
    static func policy(_ policy: Person.Policy) -> AuthorizationPolicy {
        policy == .grantAll ? .grantAll : .denyAll
    }
}
