public import Foundation
import HealthCore
import HealthQuery

/// What was added and deleted since an anchor, optionally long-running: HealthKit's `HKAnchoredObjectQuery`.
///
/// From no anchor it returns every matching sample and no deletions; from a saved anchor only the changes after
/// it. With a limit, at most that many changes per call; the next query from `newAnchor` continues losslessly.
/// Set ``updateHandler`` before executing to keep the query running: it then receives every later change (and,
/// with a limit, the remaining pages of the initial results).
public final class HKAnchoredObjectQuery: HKQuery, @unchecked Sendable {
    /// The handler's signature.
    public typealias Handler =
        @Sendable (
            HKAnchoredObjectQuery, [HKSample]?, [HKDeletedObject]?, HKQueryAnchor?, (any Error)?
        ) -> Void

    private let anchor: HKQueryAnchor?
    private let limit: Int
    private let selection: [(type: HKSampleType, predicate: NSPredicate?)]
    private let resultsHandler: Handler
    private let update = Locked<Handler?>(nil)

    /// Called with later changes; set before executing to make the query long-running.
    public var updateHandler: Handler? {
        get { update.withLock { $0 } }
        set { update.withLock { $0 = newValue } }
    }

    /// Creates a query for one type.
    public init(
        type: HKSampleType, predicate: NSPredicate?, anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = anchor
        self.limit = limit
        self.selection = [(type, predicate)]
        self.resultsHandler = handler
        super.init(objectType: type, predicate: predicate)
    }

    /// Creates a query for several descriptors (one change order across their types).
    public init(
        queryDescriptors: [HKQueryDescriptor], anchor: HKQueryAnchor?, limit: Int,
        resultsHandler handler: @escaping Handler
    ) {
        self.anchor = anchor
        self.limit = limit
        self.selection = queryDescriptors.map { ($0.sampleType, $0.predicate) }
        self.resultsHandler = handler
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let resultsHandler = resultsHandler
        let selection: (Set<SampleType>, SamplePredicate)
        let engine: HealthStore
        do {
            engine = try store.readableEngine()
            selection = try HKHealthStore.engineSelection(self.selection)
        } catch {
            return { [self] in deliver { resultsHandler(self, nil, nil, nil, error) } }
        }
        let (types, predicate) = selection
        let limit = limit > 0 ? limit : nil
        let start = anchor?.engineValue
        guard let updateHandler else {
            return { [self] in
                do {
                    let result = try await engine.anchoredChanges(
                        of: types, predicate: predicate, anchor: start, limit: limit)
                    deliver { Self.call(resultsHandler, self, result) }
                } catch {
                    deliver { resultsHandler(self, nil, nil, nil, HKError.from(error)) }
                }
            }
        }
        let stream = engine.anchoredUpdates(of: types, predicate: predicate, anchor: start, limit: limit)
        return { [self] in
            var first = true
            do {
                for try await result in stream {
                    deliver { Self.call(first ? resultsHandler : updateHandler, self, result) }
                    first = false
                }
            } catch {
                deliver { (first ? resultsHandler : updateHandler)(self, nil, nil, nil, HKError.from(error)) }
            }
        }
    }

    private static func call(_ handler: Handler, _ query: HKAnchoredObjectQuery, _ result: AnchoredResult) {
        handler(
            query, result.added.map(HKSample.make),
            result.deleted.map { HKDeletedObject(uuid: $0.uuid, metadata: $0.metadata) },
            HKQueryAnchor(result.newAnchor), nil)
    }
}
