import Foundation

/// How query results are ordered: HealthKit's sort identifiers (`HKSampleSortIdentifierStartDate`, …).
///
/// Ties are broken by the store's insertion order, so results are deterministic.
public struct SampleSortOrder: Sendable, Hashable {
    /// What to sort by.
    public var key: Key
    /// Ascending (oldest, shortest, smallest first) or not.
    public var ascending: Bool

    /// Creates a sort order.
    public init(_ key: Key, ascending: Bool = true) {
        self.key = key
        self.ascending = ascending
    }

    /// The sort keys.
    public enum Key: String, Sendable, Hashable, Codable, CaseIterable {
        /// `HKSampleSortIdentifierStartDate` ("startDate").
        case startDate
        /// `HKSampleSortIdentifierEndDate` ("endDate").
        case endDate
        /// The object's UUID (string order).
        case uuid
        /// `HKWorkoutSortIdentifierDuration` (workouts only; other samples sort as 0).
        case workoutDuration
    }

    /// Start date, oldest first.
    public static let startDate = SampleSortOrder(.startDate)
    /// End date, newest first.
    public static let endDateDescending = SampleSortOrder(.endDate, ascending: false)

    /// Compares two samples by this order: nil when they are equal under it.
    public func areInIncreasingOrder(_ lhs: AnySample, _ rhs: AnySample) -> Bool? {
        let order: ComparisonResult
        switch key {
        case .startDate: order = Self.compare(lhs.startDate, rhs.startDate)
        case .endDate: order = Self.compare(lhs.endDate, rhs.endDate)
        case .uuid: order = Self.compare(lhs.uuid.uuidString, rhs.uuid.uuidString)
        case .workoutDuration: order = Self.compare(lhs.workout?.duration ?? 0, rhs.workout?.duration ?? 0)
        }
        if order == .orderedSame { return nil }
        return ascending ? order == .orderedAscending : order == .orderedDescending
    }

    private static func compare<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
}

extension [SampleSortOrder] {
    /// Sorts samples by these orders in turn, keeping the incoming order for ties (stable).
    public func sort(_ samples: [AnySample]) -> [AnySample] {
        samples.enumerated().sorted { lhs, rhs in
            for order in self {
                if let increasing = order.areInIncreasingOrder(lhs.element, rhs.element) { return increasing }
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
