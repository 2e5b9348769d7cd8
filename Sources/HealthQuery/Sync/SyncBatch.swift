public import Foundation
public import HealthCore

/// One batch a device's mirror sends (decision 0031, docs/sync.md): the additions and deletions of one sample type
/// since the device's last acknowledged anchor. The batch id is an idempotency key: a batch applied before gets its
/// stored reply again, and nothing is applied twice.
///
/// ```swift
/// let batch = SyncBatch(
///     id: "steps-000042", type: .quantity(.stepCount),
///     items: [.sample(.quantity(steps))], deletions: [SyncDeletion(uuid: gone, type: .quantity(.stepCount))],
///     phoneAnchor: "opaque-anchor-42")
/// let reply = try await phoneStore.applySyncBatch(batch)
/// ```
public struct SyncBatch: Sendable, Hashable {
    /// One sample of the batch as the device sent it: decoded, or what was wrong with it (a sample the server
    /// could not decode is still an item of the batch, reported by its index — never skipped).
    public enum Item: Sendable, Hashable {
        /// A decoded sample (with its source revision and device as the phone has them).
        case sample(AnySample)
        /// An item that could not be decoded: its UUID when it had a readable one, and why.
        case invalid(uuid: UUID?, problem: String)
    }

    /// The batch id: 1–128 of letters, digits, `.`, `_`, `-` and `:`, unique per device.
    public var id: String
    /// The sample type of every item and deletion.
    public var type: SampleType
    /// The samples to add, in the device's order.
    public var items: [Item]
    /// The samples the device deleted.
    public var deletions: [SyncDeletion]
    /// The device's own anchor after this batch (opaque to the server; at most 4,096 bytes), kept in the device's
    /// status once the batch is applied.
    public var phoneAnchor: String?

    /// Creates a batch.
    public init(id: String, type: SampleType, items: [Item], deletions: [SyncDeletion] = [], phoneAnchor: String? = nil)
    {
        self.id = id
        self.type = type
        self.items = items
        self.deletions = deletions
        self.phoneAnchor = phoneAnchor
    }

    /// Whether a text is a valid batch id.
    public static func isValidID(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D || byte == 0x3A
            }
    }

    /// Whether a text is a valid device name (a mirror's): 1–64 of letters, digits, `.`, `_` and `-`.
    public static func isValidDeviceName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count)
            && name.utf8.allSatisfy { byte in
                (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte)
                    || byte == 0x2E || byte == 0x5F || byte == 0x2D
            }
    }

    /// The longest phone anchor kept.
    public static let maximumPhoneAnchorBytes = 4096
}

/// A sample the device deleted (HealthKit's `HKDeletedObject`, with the type of the query that reported it).
public struct SyncDeletion: Sendable, Hashable, Codable {
    /// The deleted sample's UUID.
    public var uuid: UUID
    /// Its type.
    public var type: SampleType

    /// Creates a deletion.
    public init(uuid: UUID, type: SampleType) {
        self.uuid = uuid
        self.type = type
    }
}
