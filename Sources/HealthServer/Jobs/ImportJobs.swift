import Foundation
import HealthCore
import HealthExport

/// Import jobs of this server process: an upload is imported in the background and its progress and report kept
/// here until the process ends.
final class ImportJobs: Sendable {
    /// A job's state.
    enum State: Sendable {
        /// The upload is still arriving (the person's one import is taken).
        case receiving
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

    /// Takes the person's one import for a new job before its upload is read; false when another job of the
    /// person is receiving or running (checked and taken at once, so parallel uploads cannot all pass).
    func reserve(_ id: String, person: String, at date: Date) -> Bool {
        jobs.withLock { jobs in
            guard !Self.busy(person, jobs) else { return false }
            jobs[id] = Job(person: person, state: .receiving, started: date)
            return true
        }
    }

    /// Gives back a reservation whose upload failed (the job is forgotten).
    func cancel(_ id: String) {
        jobs.withLock { jobs in
            if case .receiving = jobs[id]?.state { jobs[id] = nil }
        }
    }

    func update(_ id: String, _ state: State) {
        jobs.withLock { $0[id]?.state = state }
    }

    /// A person's job (another person's job is not found).
    func job(_ id: String, person: String) -> Job? {
        jobs.withLock { $0[id] }.flatMap { $0.person == person ? $0 : nil }
    }

    /// Whether a job of the person is receiving or running (one import at a time per person).
    func isRunning(person: String) -> Bool {
        jobs.withLock { Self.busy(person, $0) }
    }

    private static func busy(_ person: String, _ jobs: [String: Job]) -> Bool {
        jobs.values.contains { job in
            guard job.person == person else { return false }
            switch job.state {
            case .receiving, .running: return true
            case .finished, .failed: return false
            }
        }
    }
}
