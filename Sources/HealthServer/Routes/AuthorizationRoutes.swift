import Foundation
public import HealthCore
public import HealthQuery
import HealthRuntime
import Hummingbird

/// HealthKit's authorization over HTTP.
///
/// - `POST /v1/authorization` `{"share": [...], "read": [...]}`: an app asks (`requestAuthorization(toShare:read:)`).
///   With the person's policy `grant-all` or `deny-all` it is answered at once (200, `processed`); with `ask` it
///   waits for the person (202, `pending`) and the types stay not determined.
/// - `GET /v1/authorization/status?type=…`: sharing status only (`notDetermined`, `sharingDenied`,
///   `sharingAuthorized`); read access is never revealed.
/// - `GET /v1/authorization/pending` and `POST /v1/authorization/decisions` `{"app", "share", "read", "deny…"}`: the
///   person's own token lists requests and answers them (as the Health app's sheet, or Settings later).
enum AuthorizationRoutes {
    struct Request: Decodable {
        var share: [String]?
        var read: [String]?
    }

    struct Decision: Decodable {
        var app: String
        var share: [String]?
        var read: [String]?
        var denyShare: [String]?
        var denyRead: [String]?
    }

    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post("/authorization") { request, context -> Response in
            let caller = try context.requireCaller()
            let body = try await Requests.decode(Request.self, from: request, limits: services.limits)
            let share = try types(body.share, "share")
            let read = try types(body.read, "read")
            guard !caller.isOwner else { return Requests.json(.object(["status": .string("unnecessary")])) }
            if caller.person.policy == .ask {
                try await services.registry.recordPending(
                    PendingAuthorization(
                        person: caller.person.name, app: caller.identity.bundleIdentifier,
                        share: share.map(\.identifier).sorted(), read: read.map(\.identifier).sorted(),
                        requested: services.now))
                return Requests.json(.object(["status": .string("pending")]), status: .accepted)
            }
            try await caller.store.requestAuthorization(toShare: share, read: read)
            services.callers.invalidate()  // other remembered engines of this app see the new grants
            return Requests.json(.object(["status": .string("processed")]))
        }

        group.get("/authorization/status") { request, context -> Response in
            let caller = try context.requireCaller()
            guard let type = try Query(request).type("type") else { throw APIError.badRequest("type is missing") }
            let status = try await caller.store.authorizationStatus(for: type)
            let name: String =
                switch status {
                case .notDetermined: "notDetermined"
                case .sharingDenied: "sharingDenied"
                case .sharingAuthorized: "sharingAuthorized"
                }
            return Requests.json(.object(["type": .string(type.identifier), "status": .string(name)]))
        }

        group.get("/authorization/pending") { _, context -> Response in
            let caller = try context.requireCaller()
            guard caller.isOwner else { throw APIError.forbidden("only the person's own token sees pending requests") }
            let pending = try await services.registry.pending(of: caller.person.name)
            return Requests.json(
                .object([
                    "pending": .array(
                        pending.map { item in
                            .object([
                                "app": .string(item.app), "share": .array(item.share.map(JSONValue.string)),
                                "read": .array(item.read.map(JSONValue.string)),
                                "requested": .string(APIDates.format(item.requested)),
                            ])
                        })
                ]))
        }

        group.post("/authorization/decisions") { request, context -> Response in
            let caller = try context.requireCaller()
            guard caller.isOwner else { throw APIError.forbidden("only the person's own token answers requests") }
            let decision = try await Requests.decode(Decision.self, from: request, limits: services.limits)
            do { try Registry.validateBundleIdentifier(decision.app) } catch let error as RegistryError {
                throw APIError.badRequest("app: \(error.message)")
            }
            let app = caller.database.makeStore(
                for: AppIdentity(bundleIdentifier: decision.app, name: decision.app), policy: .denyAll,
                environment: services.configuration.environment)
            try await Grants.apply(
                to: app, share: try types(decision.share, "share"), read: try types(decision.read, "read"),
                denyShare: try types(decision.denyShare, "denyShare"),
                denyRead: try types(decision.denyRead, "denyRead"))
            try await services.registry.removePending(person: caller.person.name, app: decision.app)
            return Requests.json(.object(["status": .string("recorded")]))
        }
    }

    static func types(_ identifiers: [String]?, _ field: String) throws(APIError) -> Set<SampleType> {
        guard let identifiers else { return [] }
        guard identifiers.count <= 500 else { throw APIError.badRequest("\(field) lists more than 500 types") }
        var types: Set<SampleType> = []
        for (index, identifier) in identifiers.enumerated() {
            types.insert(try Query.sampleType(identifier, field: "\(field)[\(index)]"))
        }
        return types
    }
}

/// Records the person's answers for an app (the CLI's `ohk server grant` and the decisions route share it).
public enum Grants {
    /// Grants and denies types for the app whose engine is given.
    public static func apply(
        to app: HealthStore, share: Set<SampleType>, read: Set<SampleType>, denyShare: Set<SampleType> = [],
        denyRead: Set<SampleType> = []
    ) async throws {
        for type in share.union(read).union(denyShare).union(denyRead).sorted() {
            let shareDecision: Bool? = share.contains(type) ? true : (denyShare.contains(type) ? false : nil)
            let readDecision: Bool? = read.contains(type) ? true : (denyRead.contains(type) ? false : nil)
            try await app.setAuthorization(for: type, share: shareDecision, read: readDecision)
        }
    }
}
