import Foundation
import HealthCore
import HealthStorage
import HealthStoragePostgres
import HealthTesting
import Testing

/// One person's concurrent writers take change numbers in commit order: an anchored reader that polls while they
/// write sees every change exactly once, in order, with no gap (each commit adds one sample, so the anchors it
/// reads must be 1, 2, 3, … without a hole — a hole would be a change it skipped forever).
@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct CommitOrderTests {
    static let writers = 4
    static let commitsPerWriter = 2_600

    @Test(.timeLimit(.minutes(5)))
    func concurrentWritersAndAPollingAnchoredReader() async throws {
        let person = PostgresTestDatabase.uniquePerson("order")
        // Writers share one pool of four connections; the reader has a pool of its own (another `pool` size).
        let writerStore = try PostgresStorage(url: try PostgresTestDatabase.ownerURL(person: person) + "&pool=4")
        let readerStore = try PostgresStorage(url: try PostgresTestDatabase.ownerURL(person: person) + "&pool=2")
        try await writerStore.prepare()
        let done = FinishedWriters()
        let total = Self.writers * Self.commitsPerWriter

        async let reading: [Int64: UUID] = Self.poll(readerStore, until: { done.count == Self.writers })
        var written: Set<UUID> = []
        try await withThrowingTaskGroup(of: [UUID].self) { group in
            for writer in 0..<Self.writers {
                group.addTask {
                    let build = SampleBuilder(uuids: UUIDSequence(start: UInt64(1_000_000 * (writer + 1))))
                    var uuids: [UUID] = []
                    for index in 0..<Self.commitsPerWriter {
                        let start = Fixtures.date(2024, 1, 1).addingTimeInterval(Double(index) * 60)
                        let sample = build.steps(Double(index), start: start, end: start.addingTimeInterval(60))
                        _ = try await writerStore.commit(StorageCommit(inserts: [.quantity(sample)]))
                        uuids.append(sample.uuid)
                    }
                    done.finish()
                    return uuids
                }
            }
            for try await uuids in group { written.formUnion(uuids) }
        }
        let seen = try await reading
        #expect(written.count == total)
        #expect(seen.count == total, "the reader saw \(seen.count) of \(total) changes")
        #expect(Set(seen.values) == written, "the reader saw exactly the written samples")
        #expect(seen.keys.sorted() == Array(1...Int64(total)), "anchors 1…\(total), each once")
    }

    /// Reads changes after its anchor until the writers are done and nothing more comes; fails on a repeat or a
    /// gap at once.
    static func poll(_ store: PostgresStorage, until finished: @Sendable () -> Bool) async throws -> [Int64: UUID] {
        var anchor: Int64 = 0
        var seen: [Int64: UUID] = [:]
        var polls = 0
        while true {
            let writersDone = finished()
            let batch = try await store.changes(after: anchor, matching: ChangeRequest(limit: 500))
            for change in batch.changes {
                guard case .added(let stored) = change else { continue }
                try #require(stored.anchor == anchor + 1, "after \(anchor) came \(stored.anchor): a skip or a repeat")
                seen[stored.anchor] = stored.sample.uuid
                anchor = stored.anchor
            }
            #expect(batch.newAnchor == anchor, "newAnchor \(batch.newAnchor) ran past the last change read \(anchor)")
            polls += 1
            if writersDone && batch.changes.isEmpty { break }
        }
        #expect(polls > 20, "the reader polled while the writers wrote (\(polls) polls)")
        return seen
    }
}

/// How many writers have finished.
final class FinishedWriters: Sendable {
    private let finished = Locked(0)
    var count: Int { finished.withLock { $0 } }
    func finish() { finished.withLock { $0 += 1 } }
}
