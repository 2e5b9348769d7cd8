import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// Webhooks — HealthKit's background delivery for servers.
///
/// - `POST /v1/webhooks` `{"url", "types": [...], "frequency": "immediate|hourly|daily|weekly"}` → 201 with the
///   webhook's `id` and its signing `secret` (shown once). The URL must pass the server's address policy.
/// - `GET /v1/webhooks`: the calling app's webhooks (without secrets).
/// - `DELETE /v1/webhooks/{id}`.
///
/// A delivery is a POST of `{"type": "health.changed", "webhook", "types", "from", "to"}` (anchors: fetch
/// `/v1/changes?anchor=from`) signed as Standard Webhooks; it is retried with backoff until the receiver answers
/// 2xx, from a durable outbox that survives restarts. Nothing is announced of types the app may not read.
enum WebhookRoutes {
    struct Create: Decodable {
        var url: String
        var types: [String]
        var frequency: String?
    }

    static func add(to group: RouterGroup<ServerContext>, services: ServerServices, policy: WebhookURLPolicy) {
        group.post("/webhooks") { request, context -> Response in
            let caller = try context.requireCaller()
            let body = try await Requests.decode(Create.self, from: request, limits: services.limits)
            guard !body.types.isEmpty, body.types.count <= 100 else {
                throw APIError.badRequest("types must list 1–100 type identifiers")
            }
            let types = try body.types.enumerated().map { (index, text) throws(APIError) -> String in
                try Query.sampleType(text, field: "types[\(index)]").identifier
            }
            let frequency = try Self.frequency(body.frequency ?? "immediate")
            if let refusal = await policy.refusal(body.url) { throw APIError.badRequest(refusal) }
            let app = caller.identity.bundleIdentifier
            let existing = try await services.registry.webhooks(of: caller.person.name).filter { $0.app == app }
            guard existing.count < services.limits.maxWebhooksPerApp else {
                throw APIError.badRequest(
                    "this app has \(existing.count) webhooks; at most \(services.limits.maxWebhooksPerApp)")
            }
            let webhook = WebhookRecord(
                id: services.newIdentifier(), person: caller.person.name, app: app, url: body.url,
                types: types.sorted(),
                frequency: frequency, secret: WebhookSigner.newSecret(services.configuration.random),
                cursor: try await caller.store.latestAnchor().value, lastEnqueued: nil, created: services.now)
            try await services.registry.save(webhook)
            var document = Self.encode(webhook)
            if case .object(var object) = document {
                object["secret"] = .string(webhook.secret)
                document = .object(object)
            }
            return Requests.json(document, status: .created, headers: [.location: "/v1/webhooks/\(webhook.id)"])
        }

        group.get("/webhooks") { _, context -> Response in
            let caller = try context.requireCaller()
            let app = caller.identity.bundleIdentifier
            let webhooks = try await services.registry.webhooks(of: caller.person.name).filter { $0.app == app }
            return Requests.json(.object(["webhooks": .array(webhooks.map(Self.encode))]))
        }

        group.delete("/webhooks/:id") { _, context -> Response in
            let caller = try context.requireCaller()
            guard let id = context.parameters.get("id"), id.utf8.count <= 64,
                let webhook = try await services.registry.webhook(person: caller.person.name, id: id),
                webhook.app == caller.identity.bundleIdentifier
            else { throw APIError.notFound("no such webhook of this app") }
            try await services.registry.removeWebhook(person: caller.person.name, id: id)
            return Response(status: .noContent)
        }
    }

    static func frequency(_ text: String) throws(APIError) -> UpdateFrequency {
        switch text {
        case "immediate": .immediate
        case "hourly": .hourly
        case "daily": .daily
        case "weekly": .weekly
        default: throw APIError.badRequest("frequency must be immediate, hourly, daily or weekly")
        }
    }

    static func encode(_ webhook: WebhookRecord) -> JSONValue {
        let frequency: String =
            switch webhook.frequency {
            case .immediate: "immediate"
            case .hourly: "hourly"
            case .daily: "daily"
            case .weekly: "weekly"
            }
        return .object([
            "id": .string(webhook.id), "url": .string(webhook.url),
            "types": .array(webhook.types.map(JSONValue.string)),
            "frequency": .string(frequency), "created": .string(APIDates.format(webhook.created)),
        ])
    }
}
