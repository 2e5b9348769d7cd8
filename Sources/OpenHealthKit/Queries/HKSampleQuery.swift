public import Foundation

/// A sample type with a predicate, for queries over several types: HealthKit's `HKQueryDescriptor`.
public final class HKQueryDescriptor: NSObject, @unchecked Sendable {
    /// The sample type.
    public let sampleType: HKSampleType
    /// The predicate.
    public let predicate: NSPredicate?

    /// Creates a descriptor.
    public init(sampleType: HKSampleType, predicate: NSPredicate?) {
        self.sampleType = sampleType
        self.predicate = predicate
    }
}

/// A one-shot query for raw samples: HealthKit's `HKSampleQuery`.
///
/// Results are the concrete subclasses (`as? [HKQuantitySample]`, `as? [HKWorkout]` work), raw (no merge across
/// sources), limited to what the app may read. Sort with `NSSortDescriptor(keyPath: \HKSample.startDate,
/// ascending: false)` or HealthKit's `NSSortDescriptor(key: HKSampleSortIdentifierStartDate, ascending: false)`.
///
/// ```swift
/// let query = HKSampleQuery(
///     sampleType: HKQuantityType(.bodyMass), predicate: today, limit: HKObjectQueryNoLimit,
///     sortDescriptors: [NSSortDescriptor(keyPath: \HKSample.startDate, ascending: false)]
/// ) { _, results, error in
///     let weights = results as? [HKQuantitySample] ?? []
/// }
/// store.execute(query)
/// ```
public final class HKSampleQuery: HKQuery, @unchecked Sendable {
    /// The maximum number of samples (`HKObjectQueryNoLimit` for all).
    public let limit: Int
    /// The sort order.
    public let sortDescriptors: [NSSortDescriptor]?
    /// The descriptors of a multi-type query.
    public let queryDescriptors: [HKQueryDescriptor]?
    private let resultsHandler: @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void

    /// Creates a query for one sample type.
    public init(
        sampleType: HKSampleType, predicate: NSPredicate?, limit: Int, sortDescriptors: [NSSortDescriptor]?,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.queryDescriptors = nil
        self.resultsHandler = resultsHandler
        super.init(objectType: sampleType, predicate: predicate)
    }

    /// Creates a query for the union of several descriptors.
    public convenience init(
        queryDescriptors: [HKQueryDescriptor], limit: Int,
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.init(queryDescriptors: queryDescriptors, limit: limit, sortDescriptors: [], resultsHandler: resultsHandler)
    }

    /// Creates a sorted query for the union of several descriptors.
    public init(
        queryDescriptors: [HKQueryDescriptor], limit: Int, sortDescriptors: [NSSortDescriptor],
        resultsHandler: @escaping @Sendable (HKSampleQuery, [HKSample]?, (any Error)?) -> Void
    ) {
        self.limit = limit
        self.sortDescriptors = sortDescriptors
        self.queryDescriptors = queryDescriptors
        self.resultsHandler = resultsHandler
        super.init(objectType: queryDescriptors.first?.sampleType, predicate: queryDescriptors.first?.predicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        { [self] in
            let selection: [(type: HKSampleType, predicate: NSPredicate?)] =
                queryDescriptors?.map { ($0.sampleType, $0.predicate) }
                ?? [(sampleType ?? HKSampleType(identifier: objectType?.identifier ?? ""), predicate)]
            do {
                let samples = try await store.fetchSamples(
                    selection, sortDescriptors: sortDescriptors ?? [], limit: limit)
                deliver { resultsHandler(self, samples, nil) }
            } catch {
                deliver { resultsHandler(self, nil, error) }
            }
        }
    }
}
