import Dispatch
import HealthCore

/// Runs async engine work for HealthKit's few synchronous calls (`authorizationStatus(for:)`,
/// `biologicalSex()`, …) and waits for it.
///
/// The work runs with a task-executor preference for a dedicated serial queue, so it makes progress even when
/// every thread of the cooperative pool is blocked in such a wait: a synchronous call can never starve the engine
/// it waits for.
enum BlockingBridge {
    private final class QueueExecutor: TaskExecutor, @unchecked Sendable {
        private let queue = DispatchQueue(label: "org.openhealthkit.blocking-bridge")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    private final class Box<T: Sendable>: Sendable {
        let value = Locked<Result<T, any Error>?>(nil)
    }

    private static let executor = QueueExecutor()

    /// The result of `operation`, waiting for it on the calling thread.
    static func wait<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) throws -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do { result = .success(try await operation()) } catch { result = .failure(error) }
            box.value.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = box.value.withLock({ $0 }) else { throw HKError(.unknownError, "no result") }
        return try result.get()
    }
}
