import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import Synchronization

/// One database opened in this process: its storage, its change hub and one engine per app.
final class SharedDatabase: Sendable {
    let storage: any SampleStorage
    let hub = ChangeHub()
    /// Why the database could not be opened (every call that can throw reports it).
    let openError: HKError?
    private let engines = Mutex<[String: HealthStore]>([:])

    init(storage: any SampleStorage, openError: HKError?) {
        self.storage = storage
        self.openError = openError
    }

    /// The engine of an app: created on first use from this configuration, shared afterwards.
    func engine(for configuration: HKHealthStore.Configuration) -> HealthStore {
        engines.withLock { engines in
            if let engine = engines[configuration.app.bundleIdentifier] { return engine }
            let now = configuration.now
            let engine = HealthStore(
                storage: storage, app: configuration.app.identity, clock: ClosureClock(now),
                calendar: configuration.calendar, uuids: configuration.makeUUID,
                policy: configuration.authorization.policy, hub: hub,
                validationOptions: ValidationOptions(
                    earliestPermittedSampleDate: configuration.earliestPermittedSampleDate))
            engines[configuration.app.bundleIdentifier] = engine
            return engine
        }
    }
}

/// The process-wide registry: every ``HKHealthStore`` on the same database shares one ``SharedDatabase``, so
/// observers fire across stores and apps. In-memory databases live for the rest of the process (a name always
/// means the same data); file databases close when their last store goes away (their data stays on disk).
enum StoreRegistry {
    private final class WeakDatabase: Sendable {
        weak let database: SharedDatabase?
        let retained: SharedDatabase?
        init(_ database: SharedDatabase, retain: Bool) {
            self.database = database
            self.retained = retain ? database : nil
        }
    }

    /// The open databases, behind an `NSLock` (a pthread mutex the thread sanitizer understands; it reported
    /// the futex-based `Mutex` here as a race between two stores opening at once).
    private final class Databases: @unchecked Sendable {
        private let lock = NSLock()
        private var byKey: [HKHealthStore.Configuration.Database: WeakDatabase] = [:]

        func database(
            _ key: HKHealthStore.Configuration.Database,
            opening open: (HKHealthStore.Configuration.Database) -> SharedDatabase
        ) -> SharedDatabase {
            lock.lock()
            defer { lock.unlock() }
            if let held = byKey[key]?.database { return held }
            let opened = open(key)
            if case .inMemory = key {
                byKey[key] = WeakDatabase(opened, retain: true)
            } else {
                byKey[key] = WeakDatabase(opened, retain: false)
            }
            return opened
        }
    }

    private static let registry = Databases()

    /// The open database for a configuration, opening it if needed.
    static func database(for database: HKHealthStore.Configuration.Database) -> SharedDatabase {
        registry.database(normalized(database), opening: open)
    }

    private static func normalized(
        _ database: HKHealthStore.Configuration.Database
    ) -> HKHealthStore.Configuration.Database {
        switch database {
        case .file(let path): .file(path: URL(fileURLWithPath: path).standardizedFileURL.path)
        case .inMemory: database
        }
    }

    private static func open(_ database: HKHealthStore.Configuration.Database) -> SharedDatabase {
        switch database {
        case .inMemory:
            return SharedDatabase(storage: InMemoryStorage(), openError: nil)
        case .file(let path):
            do {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                return SharedDatabase(storage: try SQLiteStorage(path: path), openError: nil)
            } catch {
                return SharedDatabase(
                    storage: InMemoryStorage(),
                    openError: HKError(
                        .errorDatabaseInaccessible, "The health database at \(path) could not be opened: \(error)"))
            }
        }
    }
}
