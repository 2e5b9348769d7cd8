import HealthCore

/// An asynchronous mutual-exclusion lock: tasks wait their turn by suspending, never by blocking a thread.
/// Backends use it to run a long bulk write and the ordinary commits of the same store one at a time.
///
/// Waiters are served first come, first served. Waiting cannot be cancelled; the body can check for
/// cancellation once it runs. The gate is not reentrant: a body that waits for the same gate never returns.
///
/// ```swift
/// let gate = AsyncGate()
/// let result = try await gate.withLock { try await writeEverything() }
/// ```
package final class AsyncGate: Sendable {
    private struct State {
        var isLocked = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var head = 0
    }

    private let state = Locked(State())

    /// Creates an unlocked gate.
    package init() {}

    /// Runs `body` once every earlier holder has finished; later callers wait until it returns or throws.
    package func withLock<T>(_ body: () async throws -> T) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let acquired = state.withLock { state -> Bool in
                if !state.isLocked {
                    state.isLocked = true
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if acquired { continuation.resume() }
        }
    }

    private func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.head < state.waiters.count else {
                state.isLocked = false
                state.waiters.removeAll(keepingCapacity: true)
                state.head = 0
                return nil
            }
            let next = state.waiters[state.head]
            state.head += 1
            return next  // the gate stays locked: ownership passes to the next waiter
        }
        next?.resume()
    }
}
