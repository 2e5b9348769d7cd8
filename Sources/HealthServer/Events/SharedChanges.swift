import HealthCore
import HealthQuery

/// One read of the change log for many event streams: streams of the same person and app, on the same types,
/// at the same anchor, woken by the same commit, ask the same question — a commit would otherwise cost one
/// anchored query per subscriber (BENCHMARKS.md, "HealthServer": save → event with 100 subscribers).
///
/// The key holds `target`, the newest commit anchor the stream has been told of: a shared read is started only
/// after that commit, so whoever joins it gets every change up to at least its target — nothing a wake-up
/// announced is left for a later wake-up. Finished reads stay for the next askers until evicted (oldest first).
final class SharedChanges: Sendable {
    struct Key: Hashable, Sendable {
        var person: String
        var app: String
        var types: [String]
        var anchor: Int64
        var limit: Int
        var target: Int64
    }

    private struct State {
        var reads: [Key: Task<AnchoredResult, any Error>] = [:]
        var order: [Key] = []
    }

    private let capacity: Int
    private let state = Locked(State())

    init(capacity: Int = 512) { self.capacity = max(1, capacity) }

    /// The changes for a key: joins a read in flight or done, else starts one with `read`.
    func changes(
        _ key: Key, read: @escaping @Sendable () async throws -> AnchoredResult
    ) async throws -> AnchoredResult {
        let task = state.withLock { state -> Task<AnchoredResult, any Error> in
            if let existing = state.reads[key] { return existing }
            let task = Task { try await read() }
            state.reads[key] = task
            state.order.append(key)
            if state.order.count > capacity {
                let evicted = state.order.removeFirst()
                state.reads[evicted] = nil
            }
            return task
        }
        do {
            return try await task.value
        } catch {
            state.withLock { state in
                state.reads[key] = nil
                state.order.removeAll { $0 == key }
            }
            throw error
        }
    }
}
