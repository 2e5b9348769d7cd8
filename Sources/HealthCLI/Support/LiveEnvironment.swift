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
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let storage = try SQLiteStorage(path: path)
        return HealthStore(
            storage: storage, app: app, clock: clock, calendar: calendar, uuids: { UUID() },  // live: composition root
            policy: .grantAll)
    }
}
