public import Foundation
package import HealthQuery
import HealthRuntime

/// The access point to the health database: HealthKit's `HKHealthStore`, a thin translation onto the engine's
/// `HealthStore` actor.
///
/// `HKHealthStore()` opens the database of ``Configuration/current`` — by default the per-user SQLite file that
/// every app of the user shares (see <doc:WhichStore>). Every store on the same database shares one engine, so an
/// observer query fires for any app's save.
///
/// ```swift
/// let store = HKHealthStore()
/// let steps = HKQuantityType(.stepCount)
/// try await store.requestAuthorization(toShare: [steps], read: [steps])
/// try await store.save(HKQuantitySample(
///     type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 1200), start: nine, end: nineTen))
/// ```
///
/// Completion handlers are called on a background task, as HealthKit calls them on a background queue.
public final class HKHealthStore: NSObject, @unchecked Sendable {
    /// The configuration the store was opened with.
    public let configuration: Configuration
    /// Why the database could not be opened, if it could not (every call that can throw reports it).
    let openError: HKError?
    /// The open database, kept open (and shared with every other store on it) while this store lives.
    let database: OpenDatabase
    /// The engine acting for this store's app (a test hook: compare with the engine's own answers).
    package let engine: HealthStore

    /// Opens the database of ``Configuration/current`` (by default the per-user database, see <doc:WhichStore>).
    public override convenience init() {
        self.init(configuration: Configuration.current)
    }

    /// Opens the database a configuration names, as its app.
    public init(configuration: Configuration) {
        self.configuration = configuration
        (engine, database, openError) = StoreRegistry.engine(for: configuration)
        super.init()
        LiveStores.shared.add(self)
    }

    /// Whether health data is available on this device: always true.
    public class func isHealthDataAvailable() -> Bool { HealthStore.isHealthDataAvailable() }

    /// Whether the device supports clinical health records: true. Records come from an imported export (no
    /// provider connects to this device); apps read them through ``HKClinicalType`` and ``HKClinicalRecord``.
    public func supportsHealthRecords() -> Bool { true }

    /// The earliest start date a saved sample may have (`distantPast` unless the configuration sets one).
    public func earliestPermittedSampleDate() -> Date {
        configuration.earliestPermittedSampleDate ?? .distantPast
    }

    /// The engine, or the database's open error.
    func checkedEngine() throws(HKError) -> HealthStore {
        if let openError { throw openError }
        return engine
    }

    /// Runs engine work, translating its errors to ``HKError``.
    func perform<T: Sendable>(_ work: (HealthStore) async throws -> T) async throws(HKError) -> T {
        let engine = try checkedEngine()
        do { return try await work(engine) } catch { throw HKError.from(error) }
    }

    /// Runs engine work in the background and reports to a completion handler.
    func complete<T: Sendable>(
        _ work: @escaping @Sendable (HealthStore) async throws -> T,
        then completion: @escaping @Sendable (Result<T, HKError>) -> Void
    ) {
        Task.detached { [self] in
            do throws(HKError) { completion(.success(try await perform(work))) } catch { completion(.failure(error)) }
        }
    }
}
