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

    /// Opens the store at a location, as the owner: creating it if needed (import, quickstart) or only when it
    /// exists (the read commands: a mistyped path must fail, naming it and how to create a store, and leave
    /// nothing behind).
    /// - Throws: ``CLIError``: no input (66) when a store that must exist does not; store (74) when it cannot be
    ///   opened.
    static func openStore(
        _ location: StoreLocation, mode: HealthRuntime.OpenMode = .createIfMissing
    ) throws
        -> HealthStore
    {
        let database: OpenDatabase
        do {
            database = try HealthRuntime.shared.open(location, mode: mode)
        } catch {
            throw CLIError(error.code == .notFound ? .noInput : .store, error.description)
        }
        return database.store(for: app, policy: .grantAll, environment: .live)
    }
}
