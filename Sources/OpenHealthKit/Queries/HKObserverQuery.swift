public import Foundation
import HealthCore
import HealthQuery

/// Tells HealthKit the app finished handling an observer update.
public typealias HKObserverQueryCompletionHandler = @Sendable () -> Void

/// Learns that samples of a type changed: HealthKit's `HKObserverQuery` (long-running until stopped).
///
/// The handler carries no data; query for what changed (for example with an anchored query). It fires once right
/// after `execute` (as HealthKit is observed to do), then once per committed batch that touches the type — by any
/// app on the same database. The predicate is not evaluated against the changes (see the Differences article).
public final class HKObserverQuery: HKQuery, @unchecked Sendable {
    private let updateHandler:
        @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) -> Void
    private let descriptorsHandler:
        (
            @Sendable (HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?) ->
                Void
        )?
    private let types: [HKSampleType]

    /// Creates a query for one type.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?,
        updateHandler:
            @escaping @Sendable (HKObserverQuery, @escaping HKObserverQueryCompletionHandler, (any Error)?) ->
            Void
    ) {
        self.updateHandler = updateHandler
        self.descriptorsHandler = nil
        self.types = [sampleType]
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// Creates a query for several types; the handler receives the types that changed.
    public init(
        queryDescriptors: [HKQueryDescriptor],
        updateHandler:
            @escaping @Sendable (
                HKObserverQuery, Set<HKSampleType>?, @escaping HKObserverQueryCompletionHandler, (any Error)?
            ) -> Void
    ) {
        self.updateHandler = { query, completion, error in updateHandler(query, nil, completion, error) }
        self.descriptorsHandler = updateHandler
        self.types = queryDescriptors.map(\.sampleType)
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let engine: HealthStore
        do { engine = try store.checkedEngine() } catch {
            return { [self] in deliver { updateHandler(self, {}, error) } }
        }
        let updates = engine.observe(Set(types.map(\.engineType)))
        return { [self] in
            fire(nil)
            for await update in updates { fire(update.types) }
        }
    }

    private func fire(_ changed: Set<SampleType>?) {
        deliver {
            if let descriptorsHandler {
                let types = changed.map { Set($0.compactMap { HKObjectType.make($0) as? HKSampleType }) }
                descriptorsHandler(self, types, {}, nil)
            } else {
                updateHandler(self, {}, nil)
            }
        }
    }
}
