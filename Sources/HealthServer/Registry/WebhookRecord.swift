public import Foundation
public import HealthQuery

/// An app's webhook: HealthKit's background delivery for servers. The server posts to `url` when samples of
/// `types` that the app may read change, at most as often as `frequency` allows.
public struct WebhookRecord: Sendable, Hashable, Codable {
    /// The webhook's identifier.
    public var id: String
    /// Whose data it watches.
    public var person: String
    /// The app that registered it (its read grants decide what it hears of).
    public var app: String
    /// Where deliveries go.
    public var url: String
    /// The type identifiers it watches.
    public var types: [String]
    /// HealthKit's `HKUpdateFrequency`: immediate, hourly, daily, weekly.
    public var frequency: UpdateFrequency
    /// The signing secret, `whsec_` and base64 (Standard Webhooks).
    public var secret: String
    /// The store's anchor up to which changes were announced.
    public var cursor: Int64
    /// When the last delivery was enqueued.
    public var lastEnqueued: Date?
    /// When it was registered.
    public var created: Date
}

/// One delivery of a webhook, waiting in the durable outbox until the receiver answers 2xx (at least once).
public struct Delivery: Sendable, Hashable, Codable {
    /// The delivery's identifier: the `webhook-id` header (the same on every retry).
    public var id: String
    /// The webhook.
    public var webhook: String
    /// The person whose webhook it is.
    public var person: String
    /// The JSON body.
    public var body: Data
    /// Attempts made so far.
    public var attempts: Int
    /// When to try next.
    public var nextAttempt: Date
    /// The last failure, for the operator (a status code or a transport error's kind; never the body).
    public var lastError: String?
    /// True once given up after the last retry.
    public var abandoned: Bool
}

/// An app's permission request waiting for the person (their policy is `ask`).
public struct PendingAuthorization: Sendable, Hashable, Codable {
    /// The person.
    public var person: String
    /// The app.
    public var app: String
    /// Type identifiers the app asked to write.
    public var share: [String]
    /// Type identifiers the app asked to read.
    public var read: [String]
    /// When it asked.
    public var requested: Date
}
