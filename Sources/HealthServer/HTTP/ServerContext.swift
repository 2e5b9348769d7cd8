import Foundation
public import HealthQuery
public import HealthRuntime
public import Hummingbird

/// Who is calling: the person the token belongs to, as which app, with the engine that applies that app's grants.
public struct Caller: Sendable {
    /// The person.
    public var person: Person
    /// The token's record.
    public var token: TokenRecord
    /// The app identity the engine acts for (the person's own identity for an owner token).
    public var identity: AppIdentity
    /// The person's engine for this app: every read and write goes through its authorization.
    public var store: HealthStore
    /// The person's open database (for its change hub).
    public var database: OpenDatabase

    /// True for the person's own token (full access).
    public var isOwner: Bool { token.app == nil && token.mirror == nil }
    /// True for a device's mirror token (it reaches `/v1/sync` only).
    public var isMirror: Bool { token.mirror != nil }
}

/// The request context of the server's routes: Hummingbird's core context and the authenticated caller.
public struct ServerContext: RequestContext {
    /// Hummingbird's core context.
    public var coreContext: CoreRequestContextStorage
    /// The caller, once the token middleware has run (nil on public routes).
    public var caller: Caller?
    /// The connection the request came on (the connection registry's key).
    let connection: ObjectIdentifier?
    /// The client's IP address (without the port), for per-address limits; nil when unknown.
    let remoteAddress: String?

    /// Creates a context.
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        caller = nil
        connection = ObjectIdentifier(source.channel)
        remoteAddress = source.channel.remoteAddress?.ipAddress
    }

    /// The caller of an authenticated route.
    /// - Throws: ``APIError`` 401 when there is none (a route mounted outside the token middleware).
    public func requireCaller() throws -> Caller {
        guard let caller else { throw APIError.unauthorized("a bearer token is required") }
        return caller
    }
}
