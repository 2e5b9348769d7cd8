public import Foundation
public import HealthCore

/// The reference ``SampleStorage``: everything in memory, guarded by a mutex. Fast, exact, and the
/// behaviour every other backend is tested against (it passes the same conformance suite).
public final class InMemoryStorage: SampleStorage {
    let state = Locked(State())
    /// The writers of this store that must not interleave with a bulk write: commits and bulk writes, one at a
    /// time (a bulk write stages against a snapshot and applies at its end).
    let bulkGate = AsyncGate()

    /// Creates an empty store.
    public init() {}

    public func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        do {
            return try await bulkGate.withLock {
                try state.withLock { state throws(StorageError) in
                    var copy = state
                    let result = try copy.apply(commit)
                    copy.version += 1
                    state = copy
                    return result
                }
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(.io, "commit: \(type(of: error))")
        }
    }

    public func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        state.withLock { $0.fetch(request) }
    }

    public func count(matching predicate: SamplePredicate) async throws(StorageError) -> Int {
        state.withLock { $0.fetch(SampleRequest(predicate: predicate)).count }
    }

    public func sourceCounts(matching predicate: SamplePredicate) async throws(StorageError) -> [SourceCount] {
        state.withLock { state in
            var counts: [String: Int] = [:]
            for row in state.fetch(SampleRequest(predicate: predicate)) {
                counts[row.sample.source?.bundleIdentifier ?? "", default: 0] += 1
            }
            return state.sources.values.sorted { $0.registrationOrder < $1.registrationOrder }.compactMap { record in
                counts[record.source.bundleIdentifier].map { SourceCount(record: record, count: $0) }
            }
        }
    }

    public func changes(
        after anchor: Int64?, matching request: ChangeRequest
    ) async throws(StorageError)
        -> ChangeBatch
    {
        state.withLock { $0.changes(after: anchor ?? 0, request) }
    }

    public func currentAnchor() async throws(StorageError) -> Int64 { state.withLock { $0.anchor } }

    public func dataVersion() async throws(StorageError) -> Int64 { state.withLock { $0.version } }

    public func sources() async throws(StorageError) -> [SourceRecord] {
        state.withLock { $0.sources.values.sorted { $0.registrationOrder < $1.registrationOrder } }
    }

    public func sourceOrder(for type: SampleType) async throws(StorageError) -> [String]? {
        state.withLock { $0.sourceOrders[type] }
    }

    public func setSourceOrder(_ order: [String]?, for type: SampleType) async throws(StorageError) {
        state.withLock {
            $0.sourceOrders[type] = order
            $0.version += 1
        }
    }

    public func setting(_ key: String) async throws(StorageError) -> Data? { state.withLock { $0.settings[key] } }

    public func setSetting(_ key: String, _ value: Data?) async throws(StorageError) {
        state.withLock {
            $0.settings[key] = value
            $0.version += 1
        }
    }

    public func settings(withPrefix prefix: String) async throws(StorageError) -> [(key: String, value: Data)] {
        state.withLock { state in
            state.settings.filter { $0.key.utf8.starts(with: prefix.utf8) }
                .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { ($0.key, $0.value) }
        }
    }

    public func activitySummaries(
        from: CalendarDay?, through: CalendarDay?
    ) async throws(StorageError)
        -> [ActivitySummary]
    {
        state.withLock { state in
            state.summaries.values
                .filter { summary in
                    (from.map { summary.day >= $0 } ?? true) && (through.map { summary.day <= $0 } ?? true)
                }
                .sorted { $0.day < $1.day }
        }
    }

    public func saveActivitySummaries(_ summaries: [ActivitySummary]) async throws(StorageError) {
        state.withLock { state in
            for summary in summaries { state.summaries[summary.day] = summary }
            state.version += 1
        }
    }

    public func characteristics() async throws(StorageError) -> Characteristics {
        state.withLock { $0.characteristics }
    }

    public func setCharacteristics(_ characteristics: Characteristics) async throws(StorageError) {
        state.withLock {
            $0.characteristics = characteristics
            $0.version += 1
        }
    }
}
