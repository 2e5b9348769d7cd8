import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    /// The after-commit step of a bulk write (``BulkWriteOptions/afterCommit``), on every backend.
    static let afterCommitChecks: [Check] = [
        Check(name: "bulkAfterCommitSeesTheCommitAndMayWrite") { subject in
            let check = "bulkAfterCommitSeesTheCommitAndMayWrite"
            let m = Material()
            let storage = try await subject.makeStorage()
            let later = m.steps(9, 9, 10)
            let seen = Locked<[AfterCommitView]>([])
            let options = BulkWriteOptions(afterCommit: { result in
                // What the step sees, and a write of its own: it runs after the commit, outside the write's lock.
                let count = try? await storage.count(matching: .all)
                let wrote = try? await storage.commit(StorageCommit(inserts: [later]))
                seen.withLock { $0.append(AfterCommitView(result: result, count: count, wrote: wrote != nil)) }
            })
            let (_, result) = try await storage.bulkWrite(options: options) { sink in
                try await sink.write(BulkBatch(samples: [m.steps(1, 0, 1), m.steps(2, 1, 2)])) { s, _ in s }
            }
            let views = seen.withLock { $0 }
            try require(views.count == 1, check, "the step ran \(views.count) times before the write returned")
            try require(views[0].result == result, check, "the step was handed another result than the write's")
            try require(views[0].count == 2, check, "the step saw \(views[0].count ?? -1) samples, not the write's 2")
            try require(views[0].wrote, check, "the step could not write to the storage")
            let stored = try await storage.count(matching: .all)
            let anchor = try await storage.currentAnchor()
            try require(stored == 3 && anchor == result.anchor + 1, check, "\(stored) samples at anchor \(anchor)")
        },
        Check(name: "bulkAfterCommitIsNotRunWhenTheWriteFails") { subject in
            let check = "bulkAfterCommitIsNotRunWhenTheWriteFails"
            let m = Material()
            let storage = try await subject.makeStorage()
            let runs = Locked(0)
            do {
                _ = try await storage.bulkWrite(
                    options: BulkWriteOptions(afterCommit: { _ in runs.withLock { $0 += 1 } })
                ) {
                    sink in
                    _ = try await sink.write(BulkBatch(samples: [m.steps(1, 0, 1)])) { s, _ in s }
                    throw ProducerStopped(marker: 3)
                }
                throw ConformanceFailure(check: check, message: "a failed producer's write returned")
            } catch let error as ProducerStopped {
                try require(error.marker == 3, check, "the producer's error came back changed")
            }
            try require(runs.withLock { $0 } == 0, check, "the step ran after a failed write")
            try await requireUnchanged(storage, count: 0, anchor: 0, check)
        },
    ]
}

/// What a bulk write's after-commit step saw.
private struct AfterCommitView: Sendable {
    let result: BulkWriteResult
    let count: Int?
    let wrote: Bool
}
