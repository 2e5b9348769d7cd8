import Foundation
import HealthCore
import HealthQuery
import HealthRuntime

/// How the command line opens the person's store: through HealthRuntime, as the person themselves (the owner
/// identity: full access through HealthStore's ordinary calls and checks), with the live clock, calendar and UUIDs
/// that only HealthRuntime creates.
enum LiveEnvironment {
    /// The `ohk` tool's identity: the person who owns the data (it reads and writes everything, and keeps the
    /// sources of imported or simulated data).
    static let app = AppIdentity.owner(bundleIdentifier: "org.openhealthkit.ohk", name: "ohk", version: "0.1.0")

    /// The system clock.
    static var clock: any HealthClock { Live.clock }

    /// The user's calendar and time zone.
    static var calendar: Calendar { Live.calendar }

    /// Opens (creating if needed) the store at a location, as the owner.
    /// - Throws: ``CLIError`` (store, 74) when it cannot be opened.
    static func openStore(_ location: StoreLocation) throws -> HealthStore {
        let database: OpenDatabase
        do {
            database = try HealthRuntime.shared.open(location)
        } catch {
            throw CLIError(.store, error.description)
        }
        return database.store(for: app, policy: .grantAll, environment: .live)
    }
}
