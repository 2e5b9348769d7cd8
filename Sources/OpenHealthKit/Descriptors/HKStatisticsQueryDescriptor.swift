import Foundation
import HealthQuery

/// A statistics query for Swift concurrency: HealthKit's `HKStatisticsQueryDescriptor`.
///
/// ```swift
/// let today = HKStatisticsQueryDescriptor(
///     predicate: .quantitySample(type: HKQuantityType(.stepCount), predicate: todayPredicate),
///     options: .cumulativeSum)
/// let steps = try await today.result(for: store)?.sumQuantity()?.doubleValue(for: .count())
/// ```
public struct HKStatisticsQueryDescriptor: HKAsyncQuery, @unchecked Sendable {
    /// The type and predicate.
    public let predicate: HKSamplePredicate<HKQuantitySample>
    /// The statistics computed.
    public let options: HKStatisticsOptions

    /// Creates a descriptor.
    public init(predicate: HKSamplePredicate<HKQuantitySample>, options: HKStatisticsOptions) {
        self.predicate = predicate
        self.options = options
    }

    /// The statistics; nil when no sample matches.
    /// - Throws: `HKError(.errorInvalidArgument)` for options the type does not allow, other `HKError`s.
    public func result(for healthStore: HKHealthStore) async throws -> HKStatistics? {
        let type =
            predicate.sampleType as? HKQuantityType ?? HKQuantityType(identifier: predicate.sampleType.identifier)
        let answer: Result<HKStatistics, HKError>
        do {
            answer = .success(
                try await healthStore.statistics(type, predicate: predicate.nsPredicate, options: options))
        } catch {
            answer = .failure(error)
        }
        switch answer {
        case .success(let statistics): return statistics
        case .failure(let error) where error.code == .errorNoData: return nil
        case .failure(let error): throw error
        }
    }
}
