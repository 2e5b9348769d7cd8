public import Foundation
public import HealthRuntime
import Synchronization

extension HKHealthStore.Configuration {
    /// The configuration ``HKHealthStore/init()`` uses: task-local, ``environment`` unless a caller sets it with
    /// `HKHealthStore.Configuration.$current.withValue(_:operation:)`. New objects (`HKQuantitySample(…)`,
    /// `HKSource.default()`) also take their UUID source and app identity from it.
    @TaskLocal public static var current: HKHealthStore.Configuration = .environment

    /// The composition root: the per-user database, the app from `$OHK_BUNDLE_ID`, the live clock, calendar and
    /// UUIDs (see <doc:WhichStore>).
    public static let environment = HKHealthStore.Configuration.fromEnvironment(ProcessInfo.processInfo.environment)

    /// The configuration the process environment describes, with live clock, calendar and UUIDs.
    ///
    /// - `OHK_STORE`: the store (a file path, `memory:NAME` or `postgres://…`); else
    ///   `$XDG_DATA_HOME/openhealthkit/health.sqlite`, else `$HOME/.local/share/openhealthkit/health.sqlite` (the
    ///   rule of the `ohk` command-line tool, which HealthRuntime owns).
    /// - `OHK_BUNDLE_ID`: the app's bundle identifier; else `org.openhealthkit.<process name>`.
    /// - `OHK_APP_NAME`: the app's name; else the process name.
    /// - `OHK_AUTHORIZATION`: `deny` denies every request; anything else (or nothing) grants what is asked.
    public static func fromEnvironment(_ environment: [String: String]) -> HKHealthStore.Configuration {
        let processName = ProcessInfo.processInfo.processName
        let bundle =
            environment["OHK_BUNDLE_ID"].flatMap { $0.isEmpty ? nil : $0 } ?? "org.openhealthkit.\(processName)"
        let name = environment["OHK_APP_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? processName
        let database: Database =
            environment["OHK_STORE"].flatMap { $0.isEmpty ? nil : Database.location($0) }
            ?? .file(path: StoreLocation.defaultPath(environment: environment))
        return HKHealthStore.Configuration(
            database: database,
            app: App(bundleIdentifier: bundle, name: name),
            authorization: environment["OHK_AUTHORIZATION"]?.lowercased() == "deny" ? .denyAll : .grantAll,
            now: Live.now, calendar: Live.calendar, makeUUID: Live.uuid)
    }

    /// `$OHK_STORE`, else `$XDG_DATA_HOME/openhealthkit/health.sqlite`, else
    /// `$HOME/.local/share/openhealthkit/health.sqlite` — the same rule as the `ohk` tool's `--store` default.
    public static func defaultStorePath(_ environment: [String: String]) -> String {
        if let store = environment["OHK_STORE"], !store.isEmpty { return store }
        return StoreLocation.defaultPath(environment: environment)
    }

    /// An in-memory database for tests. Stores opened with the same name share it (two apps, or two stores of
    /// one app); without a name every call makes a new database.
    /// - Parameters:
    ///   - name: The database's name in this process; nil for a fresh one.
    ///   - app: The app.
    ///   - authorization: Who answers the permission sheet.
    ///   - now: The clock (live by default).
    ///   - calendar: The calendar (the current one by default).
    ///   - makeUUID: The UUID source (random by default).
    public static func inMemory(
        _ name: String? = nil,
        app: App = App(bundleIdentifier: "org.openhealthkit.tests", name: "Tests"),
        authorization: Authorization = .grantAll,
        now: @escaping @Sendable () -> Date = Live.now,
        calendar: Calendar = Live.calendar,
        makeUUID: @escaping @Sendable () -> UUID = Live.uuid
    ) -> HKHealthStore.Configuration {
        HKHealthStore.Configuration(
            database: .inMemory(name: name ?? nextAnonymousName()), app: app, authorization: authorization,
            now: now, calendar: calendar, makeUUID: makeUUID)
    }

    /// A SQLite database file (created with its folder if needed), e.g. a temporary file in tests.
    public static func file(
        _ path: String,
        app: App = App(bundleIdentifier: "org.openhealthkit.tests", name: "Tests"),
        authorization: Authorization = .grantAll,
        now: @escaping @Sendable () -> Date = Live.now,
        calendar: Calendar = Live.calendar,
        makeUUID: @escaping @Sendable () -> UUID = Live.uuid
    ) -> HKHealthStore.Configuration {
        HKHealthStore.Configuration(
            database: .file(path: path), app: app, authorization: authorization, now: now, calendar: calendar,
            makeUUID: makeUUID)
    }

    /// The same configuration for another app (sharing the database).
    public func with(app: App, authorization: Authorization? = nil) -> HKHealthStore.Configuration {
        var copy = self
        copy.app = app
        if let authorization { copy.authorization = authorization }
        return copy
    }

    private static let anonymousCounter = Atomic<Int>(0)

    private static func nextAnonymousName() -> String {
        "anonymous-\(anonymousCounter.add(1, ordering: .relaxed).newValue)"
    }
}
