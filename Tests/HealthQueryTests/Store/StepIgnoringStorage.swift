import Foundation
import HealthCore
import HealthStorage

/// A storage written before ``BulkWriteOptions/afterCommit`` existed: it forwards everything to an in-memory
/// storage, but its bulk write drops the after-commit step (`BulkImportTests`).
final class StepIgnoringStorage: SampleStorage {
    let base = InMemoryStorage()

    func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        try await base.bulkWrite(options: BulkWriteOptions(countUnmet: options.countUnmet), produce)
    }

    func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        try await base.commit(commit)
    }
    func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        try await base.samples(matching: request)
    }
    func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        try await base.count(matching: predicate)
    }
    func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        try await base.sourceCounts(matching: predicate)
    }
    func changes(after anchor: Int64?, matching request: ChangeRequest) async throws(StorageError) -> ChangeBatch {
        try await base.changes(after: anchor, matching: request)
    }
    func currentAnchor() async throws(StorageError) -> Int64 { try await base.currentAnchor() }
    func dataVersion() async throws(StorageError) -> Int64 { try await base.dataVersion() }
    func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType> {
        try await base.touchedTypes(after: anchor, through: last)
    }
    func sources() async throws(StorageError) -> [SourceRecord] { try await base.sources() }
    func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        try await base.sourceOrder(for: type)
    }
    func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        try await base.setSourceOrder(order, for: type)
    }
    func setting(_ key: String) async throws(StorageError) -> Data? { try await base.setting(key) }
    func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        try await base.setSetting(key, value)
    }
    func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        try await base.settings(withPrefix: prefix)
    }
    func activitySummaries(from: CalendarDay?, through: CalendarDay?) async throws(StorageError) -> [ActivitySummary] {
        try await base.activitySummaries(from: from, through: through)
    }
    func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        try await base.saveActivitySummaries(summaries)
    }
    func characteristics() async throws(StorageError) -> Characteristics { try await base.characteristics() }
    func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        try await base.setCharacteristics(characteristics)
    }
}
