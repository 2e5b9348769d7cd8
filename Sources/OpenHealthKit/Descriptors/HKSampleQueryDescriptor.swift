public import Foundation

/// A one-shot sample query for Swift concurrency: HealthKit's `HKSampleQueryDescriptor`.
///
/// ```swift
/// let descriptor = HKSampleQueryDescriptor(
///     predicates: [.quantitySample(type: HKQuantityType(.bodyMass))],
///     sortDescriptors: [SortDescriptor(\.endDate, order: .reverse)], limit: 10)
/// let weights = try await descriptor.result(for: store)   // [HKQuantitySample]
/// ```
public struct HKSampleQueryDescriptor<Sample: HKSample>: HKAsyncQuery, @unchecked Sendable {
    /// The types and predicates (their union is returned).
    public let predicates: [HKSamplePredicate<Sample>]
    /// The sort order.
    public let sortDescriptors: [SortDescriptor<Sample>]
    /// The maximum number of samples (nil: all).
    public let limit: Int?

    /// Creates a descriptor.
    public init(predicates: [HKSamplePredicate<Sample>], sortDescriptors: [SortDescriptor<Sample>], limit: Int? = nil) {
        self.predicates = predicates
        self.sortDescriptors = sortDescriptors
        self.limit = limit
    }

    /// Runs the query.
    /// - Throws: `HKError` (authorization, database, invalid predicate).
    public func result(for healthStore: HKHealthStore) async throws -> [Sample] {
        let selection = predicates.map(\.selection)
        guard !selection.isEmpty else { return [] }
        if let orders = SortTranslation.orders(sortDescriptors) {
            return try await healthStore.fetch(selection, orders: orders, limit: limit.flatMap { $0 > 0 ? $0 : nil })
                .compactMap { $0 as? Sample }
        }
        let all = try await healthStore.fetch(selection, orders: [], limit: nil).compactMap { $0 as? Sample }
        let sorted = all.sorted { lhs, rhs in
            for descriptor in sortDescriptors {
                let order = descriptor.compare(lhs, rhs)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return false
        }
        return limit.map { $0 > 0 ? Array(sorted.prefix($0)) : sorted } ?? sorted
    }
}
