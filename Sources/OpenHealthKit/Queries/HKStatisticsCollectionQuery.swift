public import Foundation
import HealthCore

/// Statistics per fixed calendar interval, optionally long-running: HealthKit's `HKStatisticsCollectionQuery`.
///
/// Set ``initialResultsHandler`` and/or ``statisticsUpdateHandler`` before executing. With an update handler the
/// query keeps running and calls it with the recomputed collection after every commit that touches the type
/// (its `HKStatistics?` argument is nil: the engine recomputes whole collections). Without an initial handler,
/// the initial results go to the update handler.
///
/// ```swift
/// let query = HKStatisticsCollectionQuery(
///     quantityType: HKQuantityType(.stepCount), quantitySamplePredicate: nil, options: .cumulativeSum,
///     anchorDate: midnight, intervalComponents: DateComponents(day: 1))
/// query.initialResultsHandler = { _, collection, _ in … }
/// store.execute(query)
/// ```
public final class HKStatisticsCollectionQuery: HKQuery, @unchecked Sendable {
    /// Any date on the bucket grid.
    public let anchorDate: Date
    /// The statistics computed.
    public let options: HKStatisticsOptions
    /// The bucket length.
    public let intervalComponents: DateComponents

    private struct Handlers {
        var initial: (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
        var update:
            (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
    }

    private let handlers = Locked(Handlers())

    /// Called once with the initial collection.
    public var initialResultsHandler:
        (@Sendable (HKStatisticsCollectionQuery, HKStatisticsCollection?, (any Error)?) -> Void)?
    {
        get { handlers.withLock { $0.initial } }
        set { handlers.withLock { $0.initial = newValue } }
    }

    /// Called after every change of the type with the recomputed collection; makes the query long-running.
    public var statisticsUpdateHandler:
        (@Sendable (HKStatisticsCollectionQuery, HKStatistics?, HKStatisticsCollection?, (any Error)?) -> Void)?
    {
        get { handlers.withLock { $0.update } }
        set { handlers.withLock { $0.update = newValue } }
    }

    /// Creates a query.
    public init(
        quantityType: HKQuantityType, quantitySamplePredicate: NSPredicate?, options: HKStatisticsOptions = [],
        anchorDate: Date, intervalComponents: DateComponents
    ) {
        self.anchorDate = anchorDate
        self.options = options
        self.intervalComponents = intervalComponents
        super.init(objectType: quantityType, predicate: quantitySamplePredicate)
    }

    private var quantityType: HKQuantityType {
        objectType as? HKQuantityType ?? HKQuantityType(identifier: objectType?.identifier ?? "")
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let handlers = handlers.withLock { $0 }
        guard handlers.update != nil else {
            return { [self] in
                do {
                    let collection = try await store.statisticsCollection(
                        quantityType, predicate: predicate, options: options, anchorDate: anchorDate,
                        intervalComponents: intervalComponents)
                    deliver { handlers.initial?(self, collection, nil) }
                } catch {
                    deliver { handlers.initial?(self, nil, error) }
                }
            }
        }
        let stream: AsyncThrowingStream<StatisticsCollectionUpdate, any Error>
        do {
            stream = try store.statisticsCollectionUpdates(
                quantityType, predicate: predicate, options: options, anchorDate: anchorDate,
                intervalComponents: intervalComponents)
        } catch {
            return { [self] in
                deliver {
                    if let initial = handlers.initial {
                        initial(self, nil, error)
                    } else {
                        handlers.update?(self, nil, nil, error)
                    }
                }
            }
        }
        return { [self] in
            var first = true
            do {
                for try await update in stream {
                    let collection = update.collection
                    deliver {
                        if first, let initial = handlers.initial {
                            initial(self, collection, nil)
                        } else {
                            handlers.update?(self, nil, collection, nil)
                        }
                    }
                    first = false
                }
            } catch {
                deliver { handlers.update?(self, nil, nil, HKError.from(error)) }
            }
        }
    }
}
