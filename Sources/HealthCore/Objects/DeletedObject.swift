public import Foundation

/// A tombstone: HealthKit's `HKDeletedObject`.
public struct DeletedObject: Sendable, Hashable, Codable {
    /// The deleted object's UUID.
    public var uuid: UUID
    /// Its type.
    public var sampleType: SampleType
    /// The bundle identifier of the source that had saved it.
    public var sourceBundleIdentifier: String?
    /// Its sync identifier and version metadata, retained.
    public var metadata: Metadata
    /// The change number of the deletion.
    public var anchor: Int64

    /// Creates a tombstone.
    public init(uuid: UUID, sampleType: SampleType, sourceBundleIdentifier: String?, metadata: Metadata, anchor: Int64)
    {
        self.uuid = uuid
        self.sampleType = sampleType
        self.sourceBundleIdentifier = sourceBundleIdentifier
        self.metadata = metadata
        self.anchor = anchor
    }
}
