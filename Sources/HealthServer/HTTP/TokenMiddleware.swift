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
        guard let header = request.headers[.authorization] else {
            throw APIError.unauthorized("a bearer token is required (Authorization: Bearer ohk_…)")
        }
        guard header.utf8.count <= 200, header.hasPrefix("Bearer "),
            let token = AccessToken(presented: String(header.dropFirst(7)))
        else {
            throw APIError.unauthorized("the token is not valid")
        }
        let caller = try await authenticator.caller(presenting: token)
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
    let environment: RuntimeEnvironment

    /// The caller of a token.
    /// - Throws: ``APIError`` 401 for an unknown or revoked token (or a person who no longer exists), 429 beyond
    ///   the token's rate.
    func caller(presenting token: AccessToken) async throws -> Caller {
        let hash = token.hash
        let entry: CallerCache.Entry
        if let cached = callers.entry(for: hash, now: environment.clock.now) {
            entry = cached
        } else {
            let generation = callers.currentGeneration
            guard let record = try await registry.validToken(token),
                let person = try await registry.person(record.person)
            else {
                throw APIError.unauthorized("the token is not valid")
            }
            let database = try people.database(of: person.name)
            let identity = Self.identity(of: record)
            let store = database.makeStore(for: identity, policy: Self.policy(person.policy), environment: environment)
            entry = CallerCache.Entry(
                record: record, person: person, identity: identity, store: store, database: database,
                filled: environment.clock.now, generation: generation)
            callers.remember(entry, for: hash)
        }
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
        context.logger[metadataKey: "app"] = "\(caller.token.app ?? "owner")"
        do {
            let response = try await next(request, context)
            context.logger.info("answered", metadata: ["status": "\(response.status.code)"])
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            context.logger.info("refused", metadata: ["status": "\(status)"])
            throw error
        }
    }

    /// The engine identity of a token: the person's own (full access) or the app's.
    static func identity(of record: TokenRecord) -> AppIdentity {
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
