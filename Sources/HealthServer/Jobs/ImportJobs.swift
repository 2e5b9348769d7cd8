import Foundation
import HealthCore
import HealthExport

/// Import jobs of this server process: an upload is imported in the background and its progress and report kept
/// here until the process ends.
final class ImportJobs: Sendable {
    /// A job's state.
    enum State: Sendable {
        case running(ImportProgress?)
        case finished(ImportReport)
        case failed(APIError)
    }

    struct Job: Sendable {
        let person: String
        var state: State
        let started: Date
    }

    private let jobs = Locked<[String: Job]>([:])

    func start(_ id: String, person: String, at date: Date) {
        jobs.withLock { $0[id] = Job(person: person, state: .running(nil), started: date) }
    }

    func update(_ id: String, _ state: State) {
        jobs.withLock { $0[id]?.state = state }
    }

    /// A person's job (another person's job is not found).
    func job(_ id: String, person: String) -> Job? {
        jobs.withLock { $0[id] }.flatMap { $0.person == person ? $0 : nil }
    }

    /// Whether a job of the person is running (one import at a time per person).
    func isRunning(person: String) -> Bool {
        jobs.withLock { jobs in
            jobs.values.contains { job in
                if job.person == person, case .running = job.state { return true }
                return false
            }
        }
    }
}
