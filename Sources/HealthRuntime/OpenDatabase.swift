import Foundation
public import HealthCore
public import HealthQuery
import HealthStorage

/// One database opened in this process: its storage, its change hub, its statistics cache and one engine
/// (``HealthQuery/HealthStore``) per app. Every engine of a database shares the hub, so one app's save wakes
/// another app's observer; each keeps its own grants.
///
/// Open one with ``HealthRuntime/open(_:mode:)``. The storage itself is never handed out: surfaces reach the data
/// through the engines' calls, which apply each app's authorization.
///
/// ```swift
/// let database = try HealthRuntime.shared.open(.sqlite("/tmp/health.sqlite"))
/// let owner = database.store(for: .owner(bundleIdentifier: "org.example.tool", name: "Tool"))
/// let steps = try await owner.count(of: [.quantity(.stepCount)])
/// ```
public final class OpenDatabase: Sendable {
    /// Where the database lives.
    public let location: StoreLocation
    /// The backend (private to the runtime and HealthQuery).
    let storage: any SampleStorage
    /// Fans committed changes out to the observers of every engine of this database.
    public let hub = ChangeHub()
    /// Merged statistics kept between queries of every engine of this database.
    public let statisticsCache = StatisticsCache()
    private let engines = Locked<[String: HealthStore]>([:])
    private let closer: (@Sendable () throws -> Void)?
    private let watcher = Locked<Task<Void, Never>?>(nil)

    init(location: StoreLocation, storage: any SampleStorage, closer: (@Sendable () throws -> Void)? = nil) {
        self.location = location
        self.storage = storage
        self.closer = closer
    }

    /// The engine of an app on this database: made on first use with these settings, the same one afterwards
    /// (later calls for the same bundle identifier get the first engine, with its clock, calendar and policy).
    ///
    /// - Parameters:
    ///   - app: The app (``HealthQuery/AppIdentity/owner(bundleIdentifier:name:version:)`` for the person
    ///     themselves).
    ///   - policy: Who answers the app's permission requests.
    ///   - environment: The clock, calendar and UUID source.
    ///   - validationOptions: Store-dependent validation (earliest permitted date).
    /// - Returns: The app's engine.
    public func store(
        for app: AppIdentity, policy: AuthorizationPolicy = .grantAll,
        environment: RuntimeEnvironment = .live, validationOptions: ValidationOptions = .default
    ) -> HealthStore {
        engines.withLock { engines in
            if let engine = engines[app.bundleIdentifier] { return engine }
            let engine = HealthStore(
                storage: storage, app: app, clock: environment.clock, calendar: environment.calendar,
                uuids: environment.uuids, policy: policy, hub: hub, statisticsCache: statisticsCache,
                validationOptions: validationOptions)
            engines[app.bundleIdentifier] = engine
            return engine
        }
    }

    /// A new engine for an app that is not kept (a one-off query with its own calendar, a test): it shares the
    /// hub and the statistics cache with every other engine of the database.
    public func makeStore(
        for app: AppIdentity, policy: AuthorizationPolicy = .grantAll,
        environment: RuntimeEnvironment = .live, validationOptions: ValidationOptions = .default
    ) -> HealthStore {
        HealthStore(
            storage: storage, app: app, clock: environment.clock, calendar: environment.calendar,
            uuids: environment.uuids, policy: policy, hub: hub, statisticsCache: statisticsCache,
            validationOptions: validationOptions)
    }

    /// Makes commits of other processes on this database reach this process's observers, long-running queries,
    /// event streams and background delivery: the store's anchor is read every `interval` while anyone listens
    /// (one cheap read; nothing while nobody does), and what lies beyond the last reported anchor is published
    /// once, with the types it touched (``HealthQuery/ChangeHub``). In-process commits are reported at once as
    /// before. Idempotent; stops when the database is closed or released.
    ///
    /// ```swift
    /// let database = try HealthRuntime.shared.open(.sqlite(path))
    /// try await database.watchOtherProcesses()
    /// for await change in database.store(for: app).observe([.quantity(.stepCount)]) { … }  // `ohk import` wakes it
    /// ```
    ///
    /// - Parameter interval: Time between two reads of the anchor: the added latency of another process's
    ///   commit is at most this (20 ms by default: 50 reads a second, each a few microseconds).
    /// - Throws: ``RuntimeError`` `.cannotOpen` when the store cannot be read.
    public func watchOtherProcesses(every interval: Duration = .milliseconds(20)) async throws(RuntimeError) {
        do { try await hub.beginWatching(storage: storage) } catch {
            throw RuntimeError(.cannotOpen, location: location.description, "cannot read the store's anchor (\(error))")
        }
        let hub = self.hub
        let storage = self.storage
        watcher.withLock { watcher in
            guard watcher == nil else { return }
            watcher = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: interval)
                    guard hub.subscriberCount > 0 else { continue }
                    // A failed read (a busy or vanished file) is retried at the next tick.
                    _ = try? await hub.reportNewCommits(storage: storage)
                }
            }
        }
    }

    /// Whether ``watchOtherProcesses(every:)`` is running.
    public var isWatchingOtherProcesses: Bool { watcher.withLock { $0 != nil } }

    private func stopWatching() {
        let wasWatching = watcher.withLock { watcher in
            defer {
                watcher?.cancel()
                watcher = nil
            }
            return watcher != nil
        }
        // The hub forgets its watermark too, so a later watchOtherProcesses() starts afresh.
        if wasWatching { Task { [hub] in await hub.endWatching() } }
    }

    deinit {
        watcher.withLock { $0?.cancel() }
    }

    /// Closes the database's connections (SQLite); its engines must not be used afterwards. Optional: a
    /// database closes when the last reference to it goes away.
    ///
    /// - Throws: ``RuntimeError`` `.cannotOpen` when a connection cannot be closed.
    public func close() throws(RuntimeError) {
        stopWatching()
        do { try closer?() } catch {
            throw RuntimeError(.cannotOpen, location: location.description, "cannot close the store (\(error))")
        }
    }
}
