import Foundation
import HealthRuntime

extension Registry {
    /// Stores (adds or replaces) a webhook.
    public func save(_ webhook: WebhookRecord) async throws {
        try await write(webhook, "webhook/\(webhook.person)/\(webhook.id)")
    }

    /// A person's webhooks.
    public func webhooks(of person: String) async throws -> [WebhookRecord] {
        try await list(WebhookRecord.self, prefix: "webhook/\(person)/")
    }

    /// Every webhook of every person.
    public func allWebhooks() async throws -> [WebhookRecord] {
        try await list(WebhookRecord.self, prefix: "webhook/")
    }

    /// One webhook.
    public func webhook(person: String, id: String) async throws -> WebhookRecord? {
        try await read(WebhookRecord.self, "webhook/\(person)/\(id)")
    }

    /// Removes a webhook (its pending deliveries are dropped when they come due).
    public func removeWebhook(person: String, id: String) async throws {
        try await store.setValue(nil, for: "webhook/\(person)/\(id)")
    }

    /// Puts a delivery in the outbox (or updates it).
    public func enqueue(_ delivery: Delivery) async throws {
        try await write(delivery, "outbox/\(delivery.id)")
    }

    /// Every delivery in the outbox, abandoned ones included.
    public func outbox() async throws -> [Delivery] {
        try await list(Delivery.self, prefix: "outbox/")
    }

    /// Removes a delivery (delivered, or its webhook is gone).
    public func removeDelivery(_ id: String) async throws {
        try await store.setValue(nil, for: "outbox/\(id)")
    }
}
