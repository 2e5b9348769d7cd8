import Foundation
import HealthCore
import HealthQuery

/// One element of a long-running statistics collection query.
struct StatisticsCollectionUpdate: Sendable {
    let collection: HKStatisticsCollection
}

extension HKHealthStore {
    /// The engine's long-running collection, wrapped. Subscribes before returning, so a commit made after the
    /// call is never missed.
    func statisticsCollectionUpdates(
        _ type: HKQuantityType, predicate: NSPredicate?, options: HKStatisticsOptions, anchorDate: Date,
        intervalComponents: DateComponents
    ) throws(HKError) -> AsyncThrowingStream<StatisticsCollectionUpdate, any Error> {
        let engine = try checkedEngine()
        let selection = try PredicateTranslation.samplePredicate(predicate)
        let upstream = engine.statisticsCollectionUpdates(
            of: type.quantityIdentifier, predicate: selection, options: options.engineValue, anchorDate: anchorDate,
            intervalComponents: intervalComponents)
        return relay(upstream) { [self] collection in
            StatisticsCollectionUpdate(collection: try await wrap(collection, type: type, options: options))
        }
    }

    /// A stream that maps an engine stream's elements (asynchronously), ending with it, failing with its error
    /// as an `HKError`, and cancelling it when the consumer stops.
    func relay<Input: Sendable, Output: Sendable>(
        _ upstream: AsyncThrowingStream<Input, any Error>,
        _ transform: @escaping @Sendable (Input) async throws -> Output
    ) -> AsyncThrowingStream<Output, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    for try await element in upstream { continuation.yield(try await transform(element)) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: HKError.from(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
