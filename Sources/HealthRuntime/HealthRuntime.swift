import Foundation
package import HealthStorage
import HealthStoragePostgres
import HealthStorageSQLite

/// The one composition point of OpenHealthKit: opens databases from their ``StoreLocation`` and keeps the
/// process-wide registry of open ones, so every store of a process on the same database shares one storage, one
/// change hub and one engine per app.
///
/// The command line, OpenHealthKit, the server and the agent tools all open stores here; none of them imports a
/// storage backend (docs/architecture.md). In-memory databases live until the process ends (a name always means
/// the same data); file databases close when the last reference to them goes away.
///
/// ```swift
/// let location = try StoreLocation.resolve(explicit: store, environment: ProcessInfo.processInfo.environment)
/// let database = try HealthRuntime.shared.open(location, mode: .mustExist)
/// let engine = database.store(for: app, policy: .grantAll, environment: .live)
/// ```
public final class HealthRuntime: Sendable {
    /// Whether opening may create the database.
    public enum OpenMode: Sendable, Hashable {
        /// Create the store (and its folder) when it does not exist.
        case createIfMissing
        /// Fail with ``RuntimeError/Code/notFound`` when it does not exist (a read on a mistyped path must not
        /// leave an empty store behind).
        case mustExist
    }

    /// The process's runtime.
    public static let shared = HealthRuntime()

    private let registry = Registry()

    /// A runtime with a registry of its own (tests; programs use ``shared``).
    public init() {}

    /// The open database at a location, opening it if this process has not yet.
    ///
    /// - Parameters:
    ///   - location: Where the database lives.
    ///   - mode: Whether a missing store is created.
    /// - Throws: ``RuntimeError``: `.notFound` (with `.mustExist`), `.cannotOpen` (permissions, a damaged file,
    ///   a locked file for more than ten seconds), `.unsupported` (a backend this build lacks).
    public func open(_ location: StoreLocation, mode: OpenMode = .createIfMissing) throws(RuntimeError) -> OpenDatabase
    {
        try registry.database(location) { () throws(RuntimeError) -> OpenDatabase in
            try Self.openStorage(location, mode: mode)
        }
    }

    /// The in-memory database of a name, opening it if this process has not yet (never fails).
    public func memory(_ name: String) -> OpenDatabase {
        let location = StoreLocation.memory(name)
        return registry.database(location) { OpenDatabase(location: location, storage: InMemoryStorage()) }
    }

    /// Test hook: the in-memory database of a name over a storage of the test's (a wrapper that counts or fails
    /// reads), when this process has not opened that name yet.
    package func memory(_ name: String, storage: @autoclosure () -> any SampleStorage) -> OpenDatabase {
        let location = StoreLocation.memory(name)
        return registry.database(location) { OpenDatabase(location: location, storage: storage()) }
    }

    private static func openStorage(_ location: StoreLocation, mode: OpenMode) throws(RuntimeError) -> OpenDatabase {
        switch location.kind {
        case .memory(let name):
            guard mode == .createIfMissing else {
                throw RuntimeError(
                    .notFound, location: location.description, "no in-memory store named '\(name)' in this process")
            }
            return OpenDatabase(location: location, storage: InMemoryStorage())
        case .sqlite(let path):
            let storage = try SQLiteOpener.open(path: path, mode: mode, location: location)
            return OpenDatabase(location: location, storage: storage) { try storage.close() }
        case .postgres(let url):
            // No I/O here: the first call connects, migrates and finds the person (a server that does not answer
            // fails that call as a store error, exit status 74 in the command line).
            let parsed: PostgresLocation
            do {
                parsed = try PostgresLocation(parsing: url)
            } catch {
                throw RuntimeError(.cannotOpen, location: location.description, error.message)
            }
            return OpenDatabase(
                location: location,
                storage: PostgresStorage(location: parsed, createIfMissing: mode == .createIfMissing))
        }
    }
}

/// The registry of open databases, behind an `NSLock` (a pthread mutex the thread sanitizer understands).
private final class Registry: @unchecked Sendable {
    private final class Entry {
        weak var database: OpenDatabase?
        let retained: OpenDatabase?
        init(_ database: OpenDatabase, retain: Bool) {
            self.database = database
            self.retained = retain ? database : nil
        }
    }

    private let lock = NSLock()
    private var byLocation: [StoreLocation: Entry] = [:]

    func database<Failure: Error>(
        _ location: StoreLocation, opening open: () throws(Failure) -> OpenDatabase
    ) throws(Failure) -> OpenDatabase {
        lock.lock()
        defer { lock.unlock() }
        if let held = byLocation[location]?.database { return held }
        let opened = try open()
        if case .memory = location.kind {
            byLocation[location] = Entry(opened, retain: true)
        } else {
            byLocation[location] = Entry(opened, retain: false)
        }
        return opened
    }
}

/// Opens SQLite files: makes the folder, refuses a missing file in `.mustExist` mode, and waits out another
/// process's migration.
enum SQLiteOpener {
    static func open(
        path: String, mode: HealthRuntime.OpenMode, location: StoreLocation
    ) throws(RuntimeError) -> SQLiteStorage {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue {
            throw RuntimeError(.cannotOpen, location: path, "is a folder, not a store file")
        }
        if !exists {
            guard mode == .createIfMissing else {
                throw RuntimeError(
                    .notFound, location: path,
                    "no store here; create one with 'ohk quickstart --store \(path)' or 'ohk import FILE --store \(path)'"
                )
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            do {
                try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw RuntimeError(.cannotOpen, location: path, "cannot create the store's folder \(folder)")
            }
        }
        do {
            return try openRetryingWhileLocked(path)
        } catch {
            throw RuntimeError(.cannotOpen, location: path, "cannot open the store (\(error.code): \(error.message))")
        }
    }

    /// Opening checks the schema in a write transaction, which fails at once while another process holds the
    /// file's write lock (SQLite's busy error); retried for up to ten seconds.
    private static func openRetryingWhileLocked(_ path: String) throws(StorageError) -> SQLiteStorage {
        var attempt = 0
        while true {
            do {
                return try SQLiteStorage(path: path)
            } catch  where error.message.contains("database is locked") && attempt < 200 {
                attempt += 1
                usleep(50_000)
            }
        }
    }
}
