import Foundation
public import HealthCore
import HealthStorage

/// A position in the store's change history: HealthKit's `HKQueryAnchor`. Opaque; persist it with `Codable`.
public struct QueryAnchor: Sendable, Hashable, Codable, Comparable {
    /// The change number.
    package let value: Int64
    package init(_ value: Int64) { self.value = value }
    /// Orders anchors by position in the history.
    public static func < (lhs: QueryAnchor, rhs: QueryAnchor) -> Bool { lhs.value < rhs.value }
}

/// The answer of an anchored query: what was added and deleted since the anchor.
public struct AnchoredResult: Sendable, Hashable {
    /// Samples added (and still present), in commit order.
    public var added: [AnySample]
    /// Objects deleted, in commit order (none when the query started from no anchor).
    public var deleted: [DeletedObject]
    /// The anchor to continue from.
    public var newAnchor: QueryAnchor
    /// True when the limit cut the answer short: query again from ``newAnchor``.
    public var hasMore: Bool
}

extension HealthStore {
    /// Changes of a type after an anchor: HealthKit's `HKAnchoredObjectQuery` (reference §5.4).
    ///
    /// From no anchor it returns every matching sample and no deletions; from a saved anchor only what was added
    /// or deleted since. With a limit, at most that many changes (additions and deletions together, in commit
    /// order) and `hasMore` when more remain; paging from each `newAnchor` loses nothing.
    public func anchoredChanges(
        of type: SampleType,
        predicate: SamplePredicate = .all,
        anchor: QueryAnchor?,
        limit: Int? = nil
    ) async throws -> AnchoredResult {
        try await anchoredChanges(of: [type], predicate: predicate, anchor: anchor, limit: limit)
    }

    /// Changes of several types after one anchor (HealthKit's `HKAnchoredObjectQuery(queryDescriptors:…)`): the
    /// same rules as for one type, with one change order and one anchor across the types.
    public func anchoredChanges(
        of types: Set<SampleType>,
        predicate: SamplePredicate = .all,
        anchor: QueryAnchor?,
        limit: Int? = nil
    ) async throws -> AnchoredResult {
        let record = try await authorizationRecord()
        // When every type is readable, the request's own type list is the whole scope. A second type condition in
        // the predicate would let SQLite walk the type's index instead of the anchor order: 37 ms per read of a
        // few changes on a 480k-sample store, against well under 1 ms (BENCHMARKS.md, "HealthServer").
        let readsAll = types.allSatisfy(record.canRead)
        let scoped = readsAll ? predicate : try await readablePredicate(predicate, types: types)
        // Deletions as additions: of a type the app may not read, only its own (filtered by the storage, before the
        // page limit, so a denied type's deletions shape no page and no `hasMore`).
        let tombstoneScope =
            readsAll
            ? nil
            : TombstoneScope(readableTypes: types.filter(record.canRead), ownBundleIdentifier: app.bundleIdentifier)
        let request = ChangeRequest(
            types: types, predicate: scoped, limit: limit.flatMap { $0 > 0 ? $0 : nil },
            includeDeletions: anchor != nil, tombstoneScope: tombstoneScope)
        let batch: ChangeBatch
        do { batch = try await storage.changes(after: anchor?.value, matching: request) } catch {
            throw error.healthError
        }
        var added: [AnySample] = []
        var deleted: [DeletedObject] = []
        for change in batch.changes {
            switch change {
            case .added(let stored): added.append(stored.sample)
            case .deleted(let tombstone): deleted.append(tombstone)
            }
        }
        return AnchoredResult(
            added: added, deleted: deleted, newAnchor: QueryAnchor(batch.newAnchor), hasMore: batch.hasMore)
    }

    /// The long-running anchored query: the initial result, then one element per commit that touches the type
    /// (reference §5.4 `updateHandler`, §5.9 `results(for:)`). Ends when the consumer stops iterating.
    public nonisolated func anchoredUpdates(
        of type: SampleType,
        predicate: SamplePredicate = .all,
        anchor: QueryAnchor?,
        limit: Int? = nil
    ) -> AsyncThrowingStream<AnchoredResult, any Error> {
        anchoredUpdates(of: [type], predicate: predicate, anchor: anchor, limit: limit)
    }

    /// The long-running anchored query over several types (one element per commit that touches any of them).
    public nonisolated func anchoredUpdates(
        of types: Set<SampleType>,
        predicate: SamplePredicate = .all,
        anchor: QueryAnchor?,
        limit: Int? = nil
    ) -> AsyncThrowingStream<AnchoredResult, any Error> {
        let notifications = hub.notifications(for: types)
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var current = anchor
                    repeat {
                        let first = try await self.anchoredChanges(
                            of: types, predicate: predicate, anchor: current, limit: limit)
                        continuation.yield(first)
                        current = first.newAnchor
                        if !first.hasMore { break }
                    } while true
                    for await _ in notifications {
                        var more = true
                        while more {
                            let next = try await self.anchoredChanges(
                                of: types, predicate: predicate, anchor: current, limit: limit)
                            current = next.newAnchor
                            more = next.hasMore
                            if !next.added.isEmpty || !next.deleted.isEmpty { continuation.yield(next) }
                        }
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension HealthStore {
    /// The store's anchor now: where an anchored query or an observer that wants only what comes next starts.
    /// Reveals only how far the change log has come, never what changed.
    public func latestAnchor() async throws -> QueryAnchor {
        QueryAnchor(try await currentAnchor())
    }

    /// A number that differs whenever anything in the database was committed since it was last read — samples,
    /// deletions, grants, source orders — by any app, in this process or another; equal values mean nothing
    /// changed in between. It reveals no data, only that something changed: a surface checks it on every use of a
    /// cache of query answers (read it before computing the answer it validates). A few microseconds, no actor hop.
    public nonisolated func dataVersion() async throws -> Int64 {
        do { return try await storage.dataVersion() } catch { throw error.healthError }
    }

    /// Whether the app may read a type (HealthKit never tells an app; the server uses it to keep webhooks and
    /// events from announcing changes of types an app may not read).
    package func canRead(_ type: SampleType) async throws -> Bool {
        try await authorizationRecord().canRead(type)
    }
}
