import Foundation
import HealthCore
import HealthQuery

/// The sources of a type's samples for Swift concurrency: HealthKit's `HKSourceQueryDescriptor`.
public struct HKSourceQueryDescriptor<Sample: HKSample>: HKAsyncQuery, @unchecked Sendable {
    /// The type and predicate.
    public let predicate: HKSamplePredicate<Sample>

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<Sample>) { self.predicate = predicate }

    /// The sources, sorted by bundle identifier.
    public func result(for healthStore: HKHealthStore) async throws -> [HKSource] {
        let type = predicate.sampleType.engineType
        let selection = try PredicateTranslation.samplePredicate(predicate.nsPredicate)
        let sources = try await healthStore.performRead { try await $0.sources(of: type, predicate: selection) }
        return sources.sorted { $0.bundleIdentifier < $1.bundleIdentifier }.map(HKSource.init)
    }
}
