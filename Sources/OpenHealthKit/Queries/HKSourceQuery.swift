public import Foundation
import HealthCore
import HealthQuery

/// The sources that saved samples of a type: HealthKit's `HKSourceQuery`.
public final class HKSourceQuery: HKQuery, @unchecked Sendable {
    private let completionHandler: @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void

    /// Creates a query.
    public init(
        sampleType: HKSampleType, samplePredicate objectPredicate: NSPredicate?,
        completionHandler: @escaping @Sendable (HKSourceQuery, Set<HKSource>?, (any Error)?) -> Void
    ) {
        self.completionHandler = completionHandler
        super.init(objectType: sampleType, predicate: objectPredicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let type = objectType?.engineType ?? SampleType(identifier: "")
        let translated = Result { () throws(HKError) in try PredicateTranslation.samplePredicate(predicate) }
        return { [self] in
            do {
                let predicate = try translated.get()
                let sources = try await store.performRead { try await $0.sources(of: type, predicate: predicate) }
                deliver { completionHandler(self, Set(sources.map(HKSource.init)), nil) }
            } catch {
                deliver { completionHandler(self, nil, error) }
            }
        }
    }
}
