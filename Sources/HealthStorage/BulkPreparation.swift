public import HealthCore

/// A storage's own encoding of a bulk batch's samples, made ahead by its ``BulkPreparer`` on the producer's
/// thread, so that the storage's writer, the critical path of an import, only binds it.
///
/// The content is the storage's own type: a sink that does not recognize it (another storage's preparation)
/// ignores it and encodes the samples itself, so a preparation never changes what is stored, only where the
/// work is done.
public struct PreparedBulkRows: Sendable {
    /// The storage's encoding, one entry per sample of the batch it was made from, in order.
    public let content: any Sendable
    /// The number of samples it was made from: a sink uses it only for a batch of this many samples.
    public let count: Int

    /// Wraps a storage's encoding of `count` samples.
    public init(_ content: any Sendable, count: Int) {
        self.content = content
        self.count = count
    }
}

/// The part of a storage's bulk write that depends only on each sample (its encoded payload, for example), run
/// ahead of ``BulkSink/write(_:prepared:reidentify:)`` on any thread: an importer runs it on its parsing thread,
/// after validation, while the storage writes the batch before.
///
/// Two preparers are equal when they have the same name: a name stands for one storage format.
public struct BulkPreparer: Sendable, Hashable {
    /// The storage format this preparer encodes for (for example `"sqlite-payload"`).
    public let name: String
    private let body: @Sendable ([AnySample]) -> any Sendable

    /// A preparer named after its format, encoding a batch's samples with `body`.
    public init(name: String, _ body: @escaping @Sendable ([AnySample]) -> any Sendable) {
        self.name = name
        self.body = body
    }

    /// Encodes the samples of a batch (after validation: exactly the samples that will be written).
    public func prepare(_ samples: [AnySample]) -> PreparedBulkRows {
        PreparedBulkRows(body(samples), count: samples.count)
    }

    public static func == (lhs: BulkPreparer, rhs: BulkPreparer) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension SampleStorage {
    /// The default: nothing is prepared ahead; the sink encodes each sample as it writes it.
    public var bulkPreparer: BulkPreparer? { nil }
}

extension BulkSink {
    /// The default: the preparation is not used; the batch is written as ``write(_:reidentify:)`` writes it.
    public func write(
        _ batch: BulkBatch, prepared: PreparedBulkRows?,
        reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
    ) async throws -> [BulkOutcome] {
        try await write(batch, reidentify: reidentify)
    }
}
