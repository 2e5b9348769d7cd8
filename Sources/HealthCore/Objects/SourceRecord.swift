/// A known source and when the store first saw it.
public struct SourceRecord: Sendable, Hashable, Codable {
    /// The source.
    public var source: Source
    /// The order in which sources were first registered (1, 2, 3, …).
    public var registrationOrder: Int64
    /// The product type of the revision it was first seen with (e.g. `"Watch6,1"`), if any.
    public var productType: String?

    /// Creates a record.
    public init(source: Source, registrationOrder: Int64, productType: String?) {
        self.source = source
        self.registrationOrder = registrationOrder
        self.productType = productType
    }
}

/// How many matching samples one source saved (a storage counts them, no sample loaded).
public struct SourceCount: Sendable, Hashable {
    /// The source, with its registration.
    public var record: SourceRecord
    /// The number of matching samples it saved.
    public var count: Int

    /// Creates a count.
    public init(record: SourceRecord, count: Int) {
        self.record = record
        self.count = count
    }
}
