import Foundation
import HealthCore
import HealthQuery

extension HKHealthStore {
    /// The sources behind statistics of a type, by bundle identifier, with their names.
    func sourceDirectory(
        of type: QuantityTypeIdentifier, _ bundleIdentifiers: [String]
    ) async throws(HKError) -> [String: HKSource] {
        guard !bundleIdentifiers.isEmpty else { return [:] }
        let sources = try await performRead {
            try await $0.statisticsSources(of: type, bundleIdentifiers: bundleIdentifiers)
        }
        return sources.mapValues(HKSource.init)
    }

    /// The engine's samples for a selection of (type, predicate) pairs, sorted and limited as HealthKit's sample
    /// query does. Sort descriptors the store cannot apply sort in memory before the limit.
    func fetchSamples(
        _ selection: [(type: HKSampleType, predicate: NSPredicate?)],
        sortDescriptors: [NSSortDescriptor],
        limit: Int
    ) async throws(HKError) -> [HKSample] {
        let orders = try SortTranslation.orders(sortDescriptors)
        let limit = limit > 0 ? limit : nil
        let samples = try await fetch(selection, orders: orders ?? [], limit: orders == nil ? nil : limit)
        guard orders == nil else { return samples }
        let sorted = samples.sorted { lhs, rhs in
            for descriptor in sortDescriptors {
                let order = descriptor.compare(lhs, to: rhs)
                if order != .orderedSame { return order == .orderedAscending }
            }
            return false
        }
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }

    /// The engine's samples for a selection, in engine sort orders.
    func fetch(
        _ selection: [(type: HKSampleType, predicate: NSPredicate?)], orders: [SampleSortOrder], limit: Int?
    ) async throws(HKError) -> [HKSample] {
        let (types, predicate) = try Self.engineSelection(selection)
        let found = try await performRead {
            try await $0.samples(of: types, predicate: predicate, sort: orders, limit: limit)
        }
        return found.map(HKSample.make)
    }

    /// The engine's types and predicate for a selection: one type's predicate as is; several become
    /// `(type₁ ∧ p₁) ∨ (type₂ ∧ p₂) …`.
    static func engineSelection(
        _ selection: [(type: HKSampleType, predicate: NSPredicate?)]
    ) throws(HKError) -> (Set<SampleType>, SamplePredicate) {
        if selection.count == 1, let only = selection.first {
            return ([only.type.engineType], try PredicateTranslation.samplePredicate(only.predicate))
        }
        var parts: [SamplePredicate] = []
        for entry in selection {
            parts.append(.type(entry.type.engineType) && (try PredicateTranslation.samplePredicate(entry.predicate)))
        }
        return (Set(selection.map(\.type.engineType)), .or(parts))
    }
}
