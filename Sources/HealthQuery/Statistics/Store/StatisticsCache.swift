import Foundation
import HealthCore

/// Merged per-slot sums (and per-slot aggregates of discrete types) kept between statistics queries, shared by every ``HealthStore`` on one storage
/// (``HealthStore/store(for:)`` passes it on, like the change hub).
///
/// An entry belongs to one computation (type, options, source order); it records the store anchor it
/// reflects and is brought up to date from the change log before each use, so it is never stale. At most
/// ``capacity`` entries are kept, the least recently used dropped first.
public final class StatisticsCache: Sendable {
    private struct State {
        var entries: [StatisticsComputation: MergedSlots] = [:]
        var recency: [StatisticsComputation] = []
        var discrete: [DiscreteSlots.Key: DiscreteSlots] = [:]
        var discreteRecency: [DiscreteSlots.Key] = []
        var counts: [SampleType: TypeCounts] = [:]
    }

    private let state = Locked(State())
    /// The most entries kept.
    public let capacity: Int
    /// The most discrete types whose per-slot aggregates are kept.
    public let discreteCapacity: Int

    /// An empty cache.
    /// - Parameters:
    ///   - capacity: The most cumulative computations kept (each holds ~9 bytes per 15 minutes of data span).
    ///   - discreteCapacity: The most discrete types kept (each holds ~90 bytes per source and 15 minutes with
    ///     data, over the ranges queried: about 3 MB for a year of a watch's heart rate).
    public init(capacity: Int = 8, discreteCapacity: Int = 4) {
        self.capacity = max(1, capacity)
        self.discreteCapacity = max(1, discreteCapacity)
    }

    func slots(for computation: StatisticsComputation) -> MergedSlots? {
        state.withLock { state in
            guard let slots = state.entries[computation] else { return nil }
            state.recency.removeAll { $0 == computation }
            state.recency.append(computation)
            return slots
        }
    }

    func store(_ slots: MergedSlots, for computation: StatisticsComputation) {
        state.withLock { state in
            // Another query may have brought the entry further meanwhile: keep the newer one.
            if let held = state.entries[computation], held.anchor > slots.anchor { return }
            state.entries[computation] = slots
            state.recency.removeAll { $0 == computation }
            state.recency.append(computation)
            while state.recency.count > capacity {
                state.entries[state.recency.removeFirst()] = nil
            }
        }
    }

    func discreteSlots(for key: DiscreteSlots.Key) -> DiscreteSlots? {
        state.withLock { state in
            guard let slots = state.discrete[key] else { return nil }
            state.discreteRecency.removeAll { $0 == key }
            state.discreteRecency.append(key)
            return slots
        }
    }

    func store(_ slots: DiscreteSlots, for key: DiscreteSlots.Key) {
        state.withLock { state in
            // A newer entry, or as new and covering more (two queries extended the same slots at once), is kept.
            if let held = state.discrete[key],
                held.anchor > slots.anchor
                    || (held.anchor == slots.anchor && held.covered.count > slots.covered.count)
            {
                return
            }
            state.discrete[key] = slots
            state.discreteRecency.removeAll { $0 == key }
            state.discreteRecency.append(key)
            while state.discreteRecency.count > discreteCapacity {
                state.discrete[state.discreteRecency.removeFirst()] = nil
            }
        }
    }

    func removeDiscreteSlots(for key: DiscreteSlots.Key) {
        state.withLock { state in
            state.discrete[key] = nil
            state.discreteRecency.removeAll { $0 == key }
        }
    }

    func counts(for type: SampleType) -> TypeCounts? {
        state.withLock { $0.counts[type] }
    }

    func store(_ counts: TypeCounts, for type: SampleType) {
        state.withLock { state in
            if let held = state.counts[type], held.anchor > counts.anchor { return }
            state.counts[type] = counts
        }
    }

    /// The number of discrete types whose per-slot aggregates are held (a diagnostic, like ``count``).
    public var discreteCount: Int { state.withLock { $0.discrete.count } }

    /// The number of computations held (a diagnostic: 0 means every query so far swept its samples).
    public var count: Int { state.withLock { $0.entries.count } }

    /// Forgets every entry (they are rebuilt on demand).
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
