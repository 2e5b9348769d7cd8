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
final class FileStorage: ForwardingStorage {
    let path: String
    let storage: SQLiteStorage
    var base: any SampleStorage { storage }

    init(path: String) throws {
        self.path = path
        self.storage = try SQLiteStorage(path: path)
    }
}

/// Fresh temporary directories under the system's temporary directory.
enum TemporaryDirectory {
    /// A path to a file in a new, empty directory.
    static func file(_ name: String) throws -> String {
        try TestScratch.newFolder("sqlite").appendingPathComponent(name).path
    }
}
