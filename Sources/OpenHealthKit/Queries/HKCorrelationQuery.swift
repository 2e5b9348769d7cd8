public import Foundation
import HealthCore
import HealthQuery

/// Correlations whose members match per-type predicates: HealthKit's `HKCorrelationQuery`.
public final class HKCorrelationQuery: HKQuery, @unchecked Sendable {
    /// The member predicates by sample type.
    public let samplePredicates: [HKSampleType: NSPredicate]?
    private let completion: @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void

    /// Creates a query.
    public init(
        type correlationType: HKCorrelationType, predicate: NSPredicate?,
        samplePredicates: [HKSampleType: NSPredicate]?,
        completion: @escaping @Sendable (HKCorrelationQuery, [HKCorrelation]?, (any Error)?) -> Void
    ) {
        self.samplePredicates = samplePredicates
        self.completion = completion
        super.init(objectType: correlationType, predicate: predicate)
    }

    /// The correlation type.
    public var correlationType: HKCorrelationType {
        HKCorrelationType(identifier: objectType?.identifier ?? "")
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let type = CorrelationTypeIdentifier(rawValue: objectType?.identifier ?? "")
        let translated = Result { () throws(HKError) -> (SamplePredicate, [SampleType: SamplePredicate]) in
            var members: [SampleType: SamplePredicate] = [:]
            for (memberType, predicate) in samplePredicates ?? [:] {
                members[memberType.engineType] = try PredicateTranslation.samplePredicate(predicate)
            }
            return (try PredicateTranslation.samplePredicate(predicate), members)
        }
        return { [self] in
            do {
                let (predicate, members) = try translated.get()
                let found = try await store.performRead {
                    try await $0.correlations(of: type, predicate: predicate, memberPredicates: members)
                }
                let correlations = found.map { HKCorrelation(value: .correlation($0)) }
                deliver { completion(self, correlations, nil) }
            } catch {
                deliver { completion(self, nil, error) }
            }
        }
    }
}
