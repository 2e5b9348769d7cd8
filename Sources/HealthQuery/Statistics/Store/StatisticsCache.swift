import Foundation
import Synchronization

/// Merged per-slot sums kept between statistics queries, shared by every ``HealthStore`` on one storage
/// (``HealthStore/store(for:)`` passes it on, like the change hub).
///
/// An entry belongs to one computation (type, options, source order); it records the store anchor it
/// reflects and is brought up to date from the change log before each use, so it is never stale. At most
/// ``capacity`` entries are kept, the least recently used dropped first.
public final class StatisticsCache: Sendable {
    private struct State {
        var entries: [StatisticsComputation: MergedSlots] = [:]
        var recency: [StatisticsComputation] = []
    }

    private let state = Mutex(State())
    /// The most entries kept.
    public let capacity: Int

    /// An empty cache.
    /// - Parameter capacity: The most computations kept (each holds ~9 bytes per 15 minutes of data span).
    public init(capacity: Int = 8) {
        self.capacity = max(1, capacity)
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

    /// The number of computations held (a diagnostic: 0 means every query so far swept its samples).
    public var count: Int { state.withLock { $0.entries.count } }

    /// Forgets every entry (they are rebuilt on demand).
    public func removeAll() {
        state.withLock { $0 = State() }
    }
}
