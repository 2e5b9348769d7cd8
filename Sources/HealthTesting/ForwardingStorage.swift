public import Foundation
public import HealthCore
public import HealthStorage

/// A storage that hands every call to another one: a test double conforms, names its ``base``, and implements
/// only what it changes (a file store that remembers its path, a storage that drops a bulk write's option).
///
/// ```swift
/// final class Counting: ForwardingStorage {
///     let base: any SampleStorage = InMemoryStorage()
/// }
/// ```
public protocol ForwardingStorage: SampleStorage {
    /// The storage every call goes to.
    var base: any SampleStorage { get }
}

/// Every requirement of ``SampleStorage``, handed to ``ForwardingStorage/base`` unchanged.
extension ForwardingStorage {
    public func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        try await base.commit(commit)
    }
    public func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        try await base.samples(matching: request)
    }
    public func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        try await base.count(matching: predicate)
    }
    public func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        try await base.sourceCounts(matching: predicate)
    }
    public func quantityPieces(
        matching predicate: SamplePredicate, canonicalUnit: HealthUnit
    ) async throws(StorageError) -> [QuantityPiece] {
        try await base.quantityPieces(matching: predicate, canonicalUnit: canonicalUnit)
    }
    public var bulkPreparer: BulkPreparer? { base.bulkPreparer }
    public func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        try await base.bulkWrite(options: options, produce)
    }
    public func changes(
        after anchor: Int64?, matching request: ChangeRequest
    ) async throws(StorageError) -> ChangeBatch {
        try await base.changes(after: anchor, matching: request)
    }
    public func currentAnchor() async throws(StorageError) -> Int64 { try await base.currentAnchor() }
    public func dataVersion() async throws(StorageError) -> Int64 { try await base.dataVersion() }
    public func touchedTypes(
        after anchor: Int64, through last: Int64
    ) async throws(StorageError) -> Set<SampleType> {
        try await base.touchedTypes(after: anchor, through: last)
    }
    public func sources() async throws(StorageError) -> [SourceRecord] { try await base.sources() }
    public func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        try await base.sourceOrder(for: type)
    }
    public func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        try await base.setSourceOrder(order, for: type)
    }
    public func setting(_ key: String) async throws(StorageError) -> Data? { try await base.setting(key) }
    public func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        try await base.setSetting(key, value)
    }
    public func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        try await base.settings(withPrefix: prefix)
    }
    public func activitySummaries(
        from: CalendarDay?, through: CalendarDay?
    ) async throws(StorageError) -> [ActivitySummary] {
        try await base.activitySummaries(from: from, through: through)
    }
    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        try await base.saveActivitySummaries(summaries)
    }
    public func characteristics() async throws(StorageError) -> Characteristics { try await base.characteristics() }
    public func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        try await base.setCharacteristics(characteristics)
    }
}
