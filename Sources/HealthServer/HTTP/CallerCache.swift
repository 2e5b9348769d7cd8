import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import Synchronization

/// Who a token is, remembered for a moment: the token's record, its person and the app's engine, so a burst of
/// requests does not read the registry and the grants again for each one (every read is a hop to a database
/// queue; BENCHMARKS.md, "HealthServer").
///
/// An entry lives `ttl` seconds of the injected clock and is dropped at once when this process changes the
/// registry (a revoked token, a new policy) or a person's grants (authorization requests and decisions). Changes
/// made by another process — `ohk server revoke-token`, `ohk server grant` — apply within `ttl` (one second).
final class CallerCache: Sendable {
    struct Entry: Sendable {
        var record: TokenRecord
        var person: Person
        var identity: AppIdentity
        var store: HealthStore
        var database: OpenDatabase
        var filled: Date
        var generation: Int
    }

    private let ttl: TimeInterval
    private let capacity: Int
    private let entries = Locked<[String: Entry]>([:])
    /// Bumped by every change this process makes to the registry or to grants; older entries are stale.
    private let generation = Atomic<Int>(0)

    init(ttl: TimeInterval = 1, capacity: Int = 10_000) {
        self.ttl = ttl
        self.capacity = capacity
    }

    /// The current generation (read before filling an entry).
    var currentGeneration: Int { generation.load(ordering: .acquiring) }

    /// A fresh entry for a token hash, if any.
    func entry(for hash: String, now: Date) -> Entry? {
        let current = currentGeneration
        return entries.withLock { entries in
            guard let entry = entries[hash] else { return nil }
            guard entry.generation == current, now.timeIntervalSince(entry.filled) < ttl, now >= entry.filled else {
                entries[hash] = nil
                return nil
            }
            return entry
        }
    }

    /// Remembers an entry (the whole cache is dropped when it is full: tokens are few, this is a bound).
    func remember(_ entry: Entry, for hash: String) {
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[hash] = entry
        }
    }

    /// Forgets everything: the registry or someone's grants changed in this process.
    func invalidate() {
        generation.add(1, ordering: .releasing)
        entries.withLock { $0.removeAll(keepingCapacity: true) }
    }
}
