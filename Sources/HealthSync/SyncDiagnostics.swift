public import Foundation

/// How one type's sync stands: what a phone's settings screen shows.
public struct SyncTypeDiagnostics: Sendable, Equatable {
    /// What the type's sync is doing.
    public enum State: String, Sendable, Equatable {
        /// Never synced yet.
        case idle
        /// Up to date with the last sync.
        case synced
        /// The phone is locked: HealthKit cannot be read; the sync continues once it is unlocked.
        case waitingForUnlock
        /// The server did not answer; the batch waits in the outbox.
        case waitingForServer
        /// The server refused a batch for good (see ``lastError``); the type's sync stops until it is fixed.
        case refused
        /// Paused by the app.
        case paused
    }

    /// The type's identifier.
    public var type: String
    public var state: State = .idle
    /// Samples and deletions the server acknowledged, since this HealthSync was created.
    public var sent = 0
    /// Items the server refused (by index in their batch, with a reason) and conflicts it reported.
    public var rejected = 0
    /// The last problem (a refusal, an unreachable server, a rejected item), without any health value.
    public var lastError: String?
    /// When the type last finished a sync.
    public var lastSynced: Date?
    /// Whether the backfill reached the oldest sample.
    public var backfillDone = false
}
