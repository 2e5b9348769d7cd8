import Foundation
import HealthCore
import HealthQuery

/// An anchored query for Swift concurrency: HealthKit's `HKAnchoredObjectQueryDescriptor`.
///
/// `result(for:)` returns the changes after the anchor once; `results(for:)` is an `AsyncSequence` whose first
/// element is that snapshot and whose later elements are the changes of each later commit (long-running until
/// iteration stops).
public struct HKAnchoredObjectQueryDescriptor<Sample: HKSample>: HKAsyncQuery, HKAsyncSequenceQuery, @unchecked Sendable
{
    /// What was added and deleted, and where to continue from.
    public struct Result: @unchecked Sendable {
        /// Samples added since the anchor.
        public let addedSamples: [Sample]
        /// Objects deleted since the anchor.
        public let deletedObjects: [HKDeletedObject]
        /// The anchor to continue from.
        public let newAnchor: HKQueryAnchor
    }

    /// The long-running results.
    public typealias Results = HKQueryResults<Result>

    /// The types and predicates.
    public let predicates: [HKSamplePredicate<Sample>]
    /// Where to start (nil: from the beginning).
    public let anchor: HKQueryAnchor?
    /// The maximum number of changes per result (nil: all).
    public let limit: Int?

    /// Creates a descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], anchor: HKQueryAnchor?, limit: Int? = nil) {
        self.predicates = predicates
        self.anchor = anchor
        self.limit = limit
    }

    /// The changes after the anchor, once.
    public func result(for healthStore: HKHealthStore) async throws -> Result {
        let (types, predicate) = try HKHealthStore.engineSelection(predicates.map(\.selection))
        let start = anchor?.engineValue
        let limit = limit
        let result = try await healthStore.performRead {
            try await $0.anchoredChanges(of: types, predicate: predicate, anchor: start, limit: limit)
        }
        return Self.wrap(result)
    }

    /// The snapshot, then the changes of each later commit.
    public func results(for healthStore: HKHealthStore) -> Results {
        do {
            let engine = try healthStore.readableEngine()
            let (types, predicate) = try HKHealthStore.engineSelection(predicates.map(\.selection))
            let upstream = engine.anchoredUpdates(
                of: types, predicate: predicate, anchor: anchor?.engineValue, limit: limit)
            return Results(stream: healthStore.relay(upstream) { Self.wrap($0) })
        } catch {
            return Results(stream: AsyncThrowingStream { $0.finish(throwing: error) })
        }
    }

    static func wrap(_ result: AnchoredResult) -> Result {
        Result(
            addedSamples: result.added.map(HKSample.make).compactMap { $0 as? Sample },
            deletedObjects: result.deleted.map { HKDeletedObject(uuid: $0.uuid, metadata: $0.metadata) },
            newAnchor: HKQueryAnchor(result.newAnchor))
    }
}
