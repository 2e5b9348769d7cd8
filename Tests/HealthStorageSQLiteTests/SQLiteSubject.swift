import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// SQLite as a conformance subject: a private temporary store, or a file that `reopen` closes and opens again.
struct SQLiteSubject: StorageSubject {
    /// Where the store lives.
    enum Place: String, Sendable, CaseIterable {
        case temporary
        case file
    }

    let place: Place

    func makeStorage() async throws -> any SampleStorage {
        switch place {
        case .temporary: return try SQLiteStorage.temporary()
        case .file: return try FileStorage(path: TemporaryDirectory.file("store.sqlite"))
        }
    }

    func reopen(_ storage: any SampleStorage) async throws -> any SampleStorage {
        guard let file = storage as? FileStorage else { return storage }
        try file.storage.close()
        return try FileStorage(path: file.path)
    }

    func accessPaths(of storage: any SampleStorage) async throws -> [String: String] {
        let sqlite = try #require((storage as? FileStorage)?.storage ?? (storage as? SQLiteStorage))
        return try sqlite.indexes().definitions
    }
}

/// A file-backed store that remembers its path.
final class FileStorage: SampleStorage {
    let path: String
    let storage: SQLiteStorage

    init(path: String) throws {
        self.path = path
        self.storage = try SQLiteStorage(path: path)
    }

    func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        try await storage.commit(commit)
    }
    func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        try await storage.samples(matching: request)
    }
    func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        try await storage.count(matching: predicate)
    }
    func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        try await storage.sourceCounts(matching: predicate)
    }
    func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        try await storage.bulkWrite(options: options, produce)
    }
    func changes(after anchor: Int64?, matching request: ChangeRequest) async throws(StorageError) -> ChangeBatch {
        try await storage.changes(after: anchor, matching: request)
    }
    func currentAnchor() async throws(StorageError) -> Int64 { try await storage.currentAnchor() }
    func dataVersion() async throws(StorageError) -> Int64 { try await storage.dataVersion() }
    func touchedTypes(after anchor: Int64, through last: Int64) async throws(StorageError) -> Set<SampleType> {
        try await storage.touchedTypes(after: anchor, through: last)
    }
    func sources() async throws(StorageError) -> [SourceRecord] { try await storage.sources() }
    func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        try await storage.sourceOrder(for: type)
    }
    func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        try await storage.setSourceOrder(order, for: type)
    }
    func setting(_ key: String) async throws(StorageError) -> Data? { try await storage.setting(key) }
    func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        try await storage.setSetting(key, value)
    }
    func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        try await storage.settings(withPrefix: prefix)
    }
    func activitySummaries(from: CalendarDay?, through: CalendarDay?) async throws(StorageError) -> [ActivitySummary] {
        try await storage.activitySummaries(from: from, through: through)
    }
    func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        try await storage.saveActivitySummaries(summaries)
    }
    func characteristics() async throws(StorageError) -> Characteristics { try await storage.characteristics() }
    func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        try await storage.setCharacteristics(characteristics)
    }
}

/// Fresh temporary directories under the system's temporary directory.
enum TemporaryDirectory {
    /// A path to a file in a new, empty directory.
    static func file(_ name: String) throws -> String {
        try TestScratch.newFolder("sqlite").appendingPathComponent(name).path
    }
}
