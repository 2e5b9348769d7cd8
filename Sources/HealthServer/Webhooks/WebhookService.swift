import AsyncHTTPClient
import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle

/// Runs webhooks: every poll interval it (1) enqueues a delivery for each webhook whose types changed since its
/// cursor — in changes the app may read — when its frequency allows, and (2) posts the due deliveries of the
/// outbox, signed, retrying failures with backoff. The outbox and the cursors are in the registry, so a restart
/// delivers what was pending (at least once: a delivery can repeat, never be lost).
final class WebhookService: Service {
    private let services: ServerServices
    private let policy: WebhookURLPolicy
    private let client: HTTPClient

    init(services: ServerServices, policy: WebhookURLPolicy) {
        self.services = services
        self.policy = policy
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(
            connect: .seconds(Int64(services.configuration.webhooks.timeout)),
            read: .seconds(Int64(services.configuration.webhooks.timeout)))
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func run() async throws {
        let interval = services.configuration.webhooks.pollInterval
        await withGracefulShutdownHandler {
            while !Task.isCancelled && !Task.isShuttingDownGracefully {
                await tick()
                try? await Task.sleep(for: .milliseconds(Int(interval * 1_000)))
            }
        } onGracefulShutdown: {
        }
        try? await client.shutdown()
    }

    /// One round: enqueue, then deliver.
    func tick() async {
        do {
            try await enqueueChanges()
            try await deliverDue()
        } catch {
            services.logger.warning("webhook round failed", metadata: ["error": "\(type(of: error))"])
        }
    }

    private func enqueueChanges() async throws {
        let now = services.now
        for var webhook in try await services.registry.allWebhooks() {
            if let last = webhook.lastEnqueued, now.timeIntervalSince(last) < webhook.frequency.period { continue }
            guard let person = try await services.registry.person(webhook.person) else { continue }
            let database = try services.people.database(of: person.name)
            let app = database.makeStore(
                for: AppIdentity(bundleIdentifier: webhook.app, name: webhook.app), policy: .denyAll,
                environment: services.configuration.environment)
            var readable: Set<SampleType> = []
            for identifier in webhook.types {
                let type = SampleType(identifier: identifier)
                if try await app.canRead(type) { readable.insert(type) }
            }
            let latest = try await app.latestAnchor().value
            guard latest > webhook.cursor else { continue }
            var changed = false
            if !readable.isEmpty {
                let changes = try await app.anchoredChanges(of: readable, anchor: QueryAnchor(webhook.cursor), limit: 1)
                changed = !changes.added.isEmpty || !changes.deleted.isEmpty
            }
            let from = webhook.cursor
            webhook.cursor = latest
            if changed {
                let body = JSONValue.object([
                    "type": .string("health.changed"), "webhook": .string(webhook.id),
                    "types": .array(readable.map(\.identifier).sorted().map(JSONValue.string)),
                    "from": .number(Double(from)), "to": .number(Double(latest)),
                ])
                let delivery = Delivery(
                    id: "msg_" + services.newIdentifier(), webhook: webhook.id, person: webhook.person,
                    body: Data(body.encoded()), attempts: 0, nextAttempt: now, lastError: nil, abandoned: false)
                try await services.registry.enqueue(delivery)
                webhook.lastEnqueued = now
            }
            try await services.registry.save(webhook)
        }
    }

    private func deliverDue() async throws {
        let now = services.now
        let due = try await services.registry.outbox().filter { !$0.abandoned && $0.nextAttempt <= now }
        for delivery in due {
            try await attempt(delivery, now: now)
        }
    }

    /// One attempt at a due delivery: removed from the outbox when the receiver takes it, else rescheduled with
    /// the next retry delay, or marked abandoned after the last.
    private func attempt(_ delivery: Delivery, now: Date) async throws {
        guard let webhook = try await services.registry.webhook(person: delivery.person, id: delivery.webhook) else {
            try await services.registry.removeDelivery(delivery.id)
            return
        }
        let failure = await post(delivery, to: webhook)
        guard let failure else {
            try await services.registry.removeDelivery(delivery.id)
            services.logger.info(
                "webhook delivered", metadata: ["webhook": "\(webhook.id)", "delivery": "\(delivery.id)"])
            return
        }
        try await services.registry.enqueue(rescheduled(delivery, failure: failure, now: now))
    }

    /// A failed delivery with its next attempt (or abandoned after the last retry).
    private func rescheduled(_ delivery: Delivery, failure: String, now: Date) -> Delivery {
        var failed = delivery
        failed.attempts += 1
        failed.lastError = failure
        let delays = services.configuration.webhooks.retryDelays
        if failed.attempts > delays.count {
            failed.abandoned = true
            services.logger.warning(
                "webhook abandoned", metadata: ["webhook": "\(delivery.webhook)", "delivery": "\(delivery.id)"])
        } else {
            failed.nextAttempt = now.addingTimeInterval(delays[failed.attempts - 1])
        }
        return failed
    }

    /// Posts one delivery; nil on a 2xx answer, else why it failed (a status or a transport error's kind).
    private func post(_ delivery: Delivery, to webhook: WebhookRecord) async -> String? {
        if let refusal = await policy.refusal(webhook.url) { return "refused: \(refusal)" }
        let timestamp = Int(services.now.timeIntervalSince1970)
        guard
            let signature = WebhookSigner.signature(
                secret: webhook.secret, id: delivery.id, timestamp: timestamp, body: delivery.body)
        else { return "the webhook's secret is damaged" }
        var request = HTTPClientRequest(url: webhook.url)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/json")
        request.headers.add(name: "user-agent", value: "OpenHealthKit-Webhooks/1")
        request.headers.add(name: "webhook-id", value: delivery.id)
        request.headers.add(name: "webhook-timestamp", value: String(timestamp))
        request.headers.add(name: "webhook-signature", value: signature)
        request.body = .bytes(ByteBuffer(bytes: delivery.body))
        do {
            let response = try await client.execute(
                request, timeout: .seconds(Int64(services.configuration.webhooks.timeout)))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            return (200..<300).contains(Int(response.status.code)) ? nil : "status \(response.status.code)"
        } catch {
            return "transport: \(type(of: error))"
        }
    }
}
