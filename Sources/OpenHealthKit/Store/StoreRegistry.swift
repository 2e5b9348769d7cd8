import Foundation
import HealthCore
import HealthQuery
import HealthRuntime

/// Opens the database a configuration names through HealthRuntime (the one composition target), so every
/// ``HKHealthStore`` of the process on the same database shares one storage, one change hub and one engine per
/// app: an observer query fires for any app's save. OpenHealthKit imports no storage backend.
enum StoreRegistry {
    /// The app's engine on the configuration's database (and the database, which the store keeps open), or why
    /// the database could not be opened (every call that can throw reports it; the engine is then one over a
    /// private, empty in-memory database).
    static func engine(
        for configuration: HKHealthStore.Configuration
    ) -> (engine: HealthStore, database: OpenDatabase, error: HKError?) {
        let environment = RuntimeEnvironment(
            clock: ClosureClock(configuration.now), calendar: configuration.calendar, uuids: configuration.makeUUID)
        let validation = ValidationOptions(earliestPermittedSampleDate: configuration.earliestPermittedSampleDate)
        do {
            let database = try HealthRuntime.shared.open(try configuration.database.location())
            let engine = database.store(
                for: configuration.app.identity, policy: configuration.authorization.policy,
                environment: environment, validationOptions: validation)
            return (engine, database, nil)
        } catch {
            let unavailable = HealthRuntime().memory("unavailable")
            let fallback = unavailable.makeStore(for: configuration.app.identity, environment: environment)
            return (
                fallback, unavailable,
                HKError(
                    .errorDatabaseInaccessible,
                    "The health database \(configuration.database) could not be opened: \(error)")
            )
        }
    }
}

extension HKHealthStore.Configuration.Database {
    /// The HealthRuntime location of the database.
    func location() throws -> StoreLocation {
        switch self {
        case .file(let path): .sqlite(path)
        case .inMemory(let name): .memory(name)
        case .location(let text): try StoreLocation(parsing: text)
        }
    }
}
