public import Foundation
public import HealthCore
public import HealthStorage

/// A person's health database as one app sees it: HealthKit's `HKHealthStore`, over any ``SampleStorage``.
///
/// Every write goes through HealthCore's one validation path and this store's authorization; every read is
/// filtered by what the app may read (a read-denied app sees only what it saved itself, with no error).
/// Time, calendar and UUIDs are injected: only the composition root passes live ones.
///
/// ```swift
/// let store = HealthStore(storage: InMemoryStorage(), app: app, clock: clock, policy: .grantAll)
/// try await store.requestAuthorization(toShare: [.quantity(.stepCount)], read: [.quantity(.stepCount)])
/// try await store.save([.quantity(steps)])
/// let today = try await store.samples(of: .quantity(.stepCount), predicate: .date(start: midnight, end: nil))
/// ```
///
/// Several apps share one database through ``store(for:)``: same storage, same change hub, their own grants.
public actor HealthStore {
    /// The storage backend: private to HealthQuery. Every surface reaches the data through this store's calls,
    /// which apply the app's authorization (docs/architecture.md, "the door").
    nonisolated let storage: any SampleStorage
    /// The app this store acts for.
    public nonisolated let app: AppIdentity
    /// The store's clock.
    public nonisolated let clock: any HealthClock
    /// The calendar (and time zone) for calendar-based queries.
    public nonisolated let calendar: Calendar
    /// Who answers permission requests.
    public nonisolated let policy: AuthorizationPolicy
    /// Fans committed changes out to observers of every app on this storage.
    public nonisolated let hub: ChangeHub
    /// Merged per-slot sums kept between statistics queries (shared like the hub).
    public nonisolated let statisticsCache: StatisticsCache
    /// Store-dependent validation settings.
    public nonisolated let validationOptions: ValidationOptions
    /// Where new identities come from (workout builders, generated samples).
    public nonisolated let uuids: @Sendable () -> UUID

    /// The app's grants as last read, with the data version they were read at.
    var authorizationCache: (record: AuthorizationRecord, version: Int64)?
    var backgroundDelivery = BackgroundDeliveryState()

    /// Creates a store for one app.
    /// - Parameters:
    ///   - storage: The backend.
    ///   - app: The app's identity.
    ///   - clock: The clock (background delivery, "now").
    ///   - calendar: The calendar and time zone of calendar queries.
    ///   - uuids: The UUID generator.
    ///   - policy: Who answers the permission sheet.
    ///   - hub: The change hub; pass another store's hub to share observers across apps.
    ///   - statisticsCache: The statistics cache; share it between stores on one storage.
    ///   - validationOptions: Store-dependent validation (earliest permitted date).
    public init(
        storage: any SampleStorage,
        app: AppIdentity,
        clock: any HealthClock,
        calendar: Calendar,
        uuids: @escaping @Sendable () -> UUID,
        policy: AuthorizationPolicy = .grantAll,
        hub: ChangeHub = ChangeHub(),
        statisticsCache: StatisticsCache = StatisticsCache(),
        validationOptions: ValidationOptions = .default
    ) {
        self.storage = storage
        self.app = app
        self.clock = clock
        self.calendar = calendar
        self.uuids = uuids
        self.policy = policy
        self.hub = hub
        self.statisticsCache = statisticsCache
        self.validationOptions = validationOptions
    }

    deinit {
        backgroundDelivery.listener?.cancel()
    }

    /// A store for another app over the same storage, clock, calendar, policy and change hub.
    public nonisolated func store(for other: AppIdentity, policy: AuthorizationPolicy? = nil) -> HealthStore {
        HealthStore(
            storage: storage, app: other, clock: clock, calendar: calendar, uuids: uuids, policy: policy ?? self.policy,
            hub: hub, statisticsCache: statisticsCache, validationOptions: validationOptions)
    }

    /// Whether health data is available: always true here (HealthKit is false on macOS and old iPads).
    public static func isHealthDataAvailable() -> Bool { true }

    /// A new UUID from the injected generator.
    public nonisolated func nextObjectID() -> UUID { uuids() }

    /// Commits and tells the hub.
    func commitAndPublish(_ commit: StorageCommit) async throws -> CommitResult {
        let result = try await storage.commit(commit)
        await hub.publishCommit(
            CommitNotification(
                anchor: result.anchor, touchedTypes: result.touchedTypes, committer: app.bundleIdentifier),
            storage: storage)
        noteBackgroundChanges(result.touchedTypes)
        return result
    }
}

extension StorageError {
    /// The storage failure as a HealthKit error (database inaccessible), keeping the message.
    var healthError: HealthError { HealthError(.databaseInaccessible, description) }
}
