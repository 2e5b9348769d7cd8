import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthStorageSQLite

/// The composition root: the only place that reads the system clock, calendar and random UUIDs.
enum LiveEnvironment {
    /// The `ohk` tool's identity: privileged, like the Health app (it reads and writes everything, and keeps the
    /// sources of imported or simulated data).
    static let app = AppIdentity(
        bundleIdentifier: "org.openhealthkit.ohk", name: "ohk", version: "0.1.0", isPrivileged: true)

    /// The system clock.
    static let clock = ClosureClock { Date() }  // live: composition root

    /// The user's calendar and time zone.
    static var calendar: Calendar { Calendar.current }  // live: composition root

    /// Opens (creating if needed) the store file, making its folder.
    static func openStore(at path: String) throws -> HealthStore {
        store(over: try openStorage(at: path))
    }

    /// Opens (creating if needed) the store file's storage, making its folder.
    /// - Throws: ``CLIError`` (store, 74) when the folder or the file cannot be made or opened.
    static func openStorage(at path: String) throws -> SQLiteStorage {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return try openRetryingWhileLocked(path)
        } catch let error as StorageError {
            throw CLIError(.store, "\(path): cannot open the store (\(error.code): \(error.message))")
        } catch {
            throw CLIError(.store, "\(path): cannot open the store (cannot create its folder)")
        }
    }

    /// Opening checks the schema in a write transaction, which fails at once while another `ohk` holds the
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

    /// A store over a storage, with the live clock, calendar and UUIDs.
    static func store(over storage: any SampleStorage) -> HealthStore {
        HealthStore(
            storage: storage, app: app, clock: clock, calendar: calendar, uuids: { UUID() },  // live: composition root
            policy: .grantAll)
    }
}
