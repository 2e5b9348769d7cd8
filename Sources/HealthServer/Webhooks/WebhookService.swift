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
/// cursor — in changes the app may read — when its frequency allows, and (2) starts the due deliveries of the
/// outbox, signed, retrying failures with backoff. Deliveries run concurrently, within ``DeliveryBounds`` (one per
/// webhook, a few per receiver, a bound in all), and the round never waits for them: a receiver that hangs until
/// the timeout delays only its own deliveries. Each connects to the address its URL was checked at (DNS
/// rebinding). The outbox and the cursors are in the registry, so a restart delivers what was pending (at least
/// once: a delivery can repeat, never be lost).
final class WebhookService: Service {
    private let services: ServerServices
    private let policy: WebhookURLPolicy
    private let bounds: DeliveryBounds
    private let timeout: TimeInterval

    init(services: ServerServices, policy: WebhookURLPolicy) {
        self.services = services
        self.policy = policy
        let webhooks = services.configuration.webhooks
        bounds = DeliveryBounds(overall: webhooks.concurrency, perReceiver: webhooks.concurrencyPerReceiver)
        timeout = webhooks.timeout
    }

    func run() async throws {
        let interval = services.configuration.webhooks.pollInterval
        await withDiscardingTaskGroup { group in
            await withGracefulShutdownHandler {
                while !Task.isCancelled && !Task.isShuttingDownGracefully {
                    await tick { delivery, webhook, receiver in
                        group.addTask { await self.attempt(delivery, webhook, receiver: receiver) }
                    }
                    try? await Task.sleep(for: .milliseconds(Int(interval * 1_000)))
                }
            } onGracefulShutdown: {
            }
        }
    }

    /// One round: enqueue, then start the due deliveries that the bounds allow (without waiting for them).
    func tick(start: (Delivery, WebhookRecord, _ receiver: String) -> Void) async {
        do {
            try await enqueueChanges()
            try await startDue(start)
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

    /// Starts the due deliveries, oldest due first, that are not in flight and fit the bounds.
    private func startDue(_ start: (Delivery, WebhookRecord, _ receiver: String) -> Void) async throws {
        let now = services.now
        let due = try await services.registry.outbox().filter { !$0.abandoned && $0.nextAttempt <= now }
            .sorted { $0.nextAttempt < $1.nextAttempt }
        for delivery in due where bounds.inFlight < bounds.overall {
            guard let webhook = try await services.registry.webhook(person: delivery.person, id: delivery.webhook)
            else {
                try await services.registry.removeDelivery(delivery.id)
                continue
            }
            // The receiver's key comes from the URL alone; the address check happens in the attempt.
            let receiver = Self.receiver(of: webhook.url)
            guard bounds.start(delivery: delivery.id, webhook: webhook.id, receiver: receiver) else { continue }
            start(delivery, webhook, receiver)
        }
    }

    /// One attempt at a due delivery: removed from the outbox when the receiver takes it, else rescheduled with
    /// the next retry delay, or marked abandoned after the last. Its slot is given back after the outcome is kept.
    private func attempt(_ delivery: Delivery, _ webhook: WebhookRecord, receiver: String) async {
        defer { bounds.finish(delivery: delivery.id, webhook: webhook.id, receiver: receiver) }
        let failure = await post(delivery, to: webhook)
        do {
            guard let failure else {
                try await services.registry.removeDelivery(delivery.id)
                services.logger.info(
                    "webhook delivered", metadata: ["webhook": "\(webhook.id)", "delivery": "\(delivery.id)"])
                return
            }
            try await services.registry.enqueue(rescheduled(delivery, failure: failure, now: services.now))
        } catch {
            services.logger.warning(
                "webhook outcome not kept", metadata: ["delivery": "\(delivery.id)", "error": "\(type(of: error))"])
        }
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

    /// Posts one delivery to the address its URL is checked at now; nil on a 2xx answer, else why it failed (a
    /// status or a transport error's kind).
    private func post(_ delivery: Delivery, to webhook: WebhookRecord) async -> String? {
        let target: WebhookURLPolicy.Target
        switch await policy.check(webhook.url) {
        case .success(let checked): target = checked
        case .failure(let refusal): return "refused: \(refusal.reason)"
        }
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
        let client = makeClient(pinning: target)
        let outcome: String?
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1_000)))
            _ = try? await response.body.collect(upTo: 64 * 1024)
            outcome = (200..<300).contains(Int(response.status.code)) ? nil : "status \(response.status.code)"
        } catch {
            outcome = "transport: \(type(of: error))"
        }
        try? await client.shutdown()
        return outcome
    }

    /// A client for one delivery: no redirects, the delivery's timeout, and the checked address in place of a new
    /// resolution of the host (TLS still verifies the certificate for the host's name).
    private func makeClient(pinning target: WebhookURLPolicy.Target) -> HTTPClient {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let limit = TimeAmount.milliseconds(Int64(timeout * 1_000))
        configuration.timeout = .init(connect: limit, read: limit)
        if let address = target.pinnedAddress {
            configuration.dnsOverride = [target.host: address, target.host.lowercased(): address]
        }
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// A webhook URL's receiver key: host and port, lowercased.
    static func receiver(of text: String) -> String {
        guard let url = URL(string: text), let host = url.host?.lowercased() else { return text }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return "\(host):\(port)"
    }
}
