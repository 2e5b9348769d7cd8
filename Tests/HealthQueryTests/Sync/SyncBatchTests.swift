import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// ``HealthStore/applySyncBatch(_:)``: a mirror's batch applied once, item by item, with its reply and status in
/// the same commit (decision 0031).
@Suite struct SyncBatchTests {
    let build = SampleBuilder(uuids: UUIDSequence(start: 500))
    let t0 = Fixtures.date(2025, 6, 1, 8)

    func steps(_ value: Double, minute: Double, source: Source = Fixtures.phone) -> AnySample {
        .quantity(
            build.steps(
                value, start: t0.addingTimeInterval(minute * 60), end: t0.addingTimeInterval(minute * 60 + 600),
                source: source))
    }

    static let device = "anas-iphone"

    func mirror(_ storage: any SampleStorage) -> HealthStore {
        makeStore(app: .mirror(device: Self.device), policy: .grantAll, storage: storage)
    }

    @Test("only a device mirror syncs; a mirror reads nothing and saves nothing through the query API")
    func onlyMirrorsSync() async throws {
        let storage = InMemoryStorage()
        let batch = SyncBatch(id: "b1", type: stepsType, items: [.sample(steps(5, minute: 0))])
        for app in [Apps.steps, AppIdentity.owner(bundleIdentifier: "org.example.owner", name: "owner")] {
            await #expect(throws: HealthError.self, "\(app.bundleIdentifier) synced") {
                try await makeStore(app: app, storage: storage).applySyncBatch(batch)
            }
        }
        let phone = mirror(storage)
        let reply = try await phone.applySyncBatch(batch)
        #expect(reply.inserted == 1)
        #expect(try await phone.samples(of: stepsType).isEmpty, "a mirror reads nothing")
        await #expect(throws: HealthError.self) { try await phone.save([steps(1, minute: 30)]) }
        // The sample keeps the phone's source revision: the owner sees it as the iPhone's.
        let owner = makeStore(app: .owner(bundleIdentifier: "org.example.owner", name: "owner"), storage: storage)
        let stored = try await owner.samples(of: stepsType)
        #expect(stored.map(\.sourceRevision?.source) == [Fixtures.phone])
    }

    @Test("the same batch twice, one after the other or at once: applied once, the same reply")
    func retriedBatch() async throws {
        let storage = InMemoryStorage()
        let phone = mirror(storage)
        let batch = SyncBatch(
            id: "b1", type: stepsType, items: [.sample(steps(5, minute: 0)), .sample(steps(7, minute: 10))],
            phoneAnchor: "p1")
        let first = try await phone.applySyncBatch(batch)
        let second = try await phone.applySyncBatch(batch)
        #expect(first == second)
        #expect(first.inserted == 2 && first.anchor == 2)
        #expect(try await storage.count(matching: .all) == 2)
        let status = try await phone.syncStatus()
        #expect(status.map(\.batches) == [1], "the retry is not counted as a batch")
        #expect(status.first?.phoneAnchor == "p1")

        let concurrent = SyncBatch(id: "b2", type: stepsType, items: [.sample(steps(9, minute: 20))])
        async let a = phone.applySyncBatch(concurrent)
        async let b = mirror(storage).applySyncBatch(concurrent)
        let (left, right) = try await (a, b)
        #expect(left == right)
        #expect(try await storage.count(matching: .all) == 3)
    }

    @Test("a deleted sample of another source is deleted; a deletion of a stored sample of another type is refused")
    func deletions() async throws {
        let storage = InMemoryStorage()
        let phone = mirror(storage)
        let watchSteps = steps(3, minute: 0, source: Fixtures.watch)
        let heart = AnySample.quantity(
            try build.quantity(
                .heartRate, 60, try HealthUnit(from: "count/min"), start: t0, end: t0, source: Fixtures.watch))
        _ = try await phone.applySyncBatch(SyncBatch(id: "s", type: stepsType, items: [.sample(watchSteps)]))
        _ = try await phone.applySyncBatch(SyncBatch(id: "h", type: heartType, items: [.sample(heart)]))
        let reply = try await phone.applySyncBatch(
            SyncBatch(
                id: "d", type: stepsType, items: [],
                deletions: [
                    SyncDeletion(uuid: watchSteps.uuid, type: stepsType),
                    SyncDeletion(uuid: heart.uuid, type: stepsType),
                    SyncDeletion(uuid: UUID(uuid: (9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9)), type: stepsType),
                    SyncDeletion(uuid: watchSteps.uuid, type: heartType),
                ]))
        #expect(reply.deleted == 1)
        #expect(reply.alreadyDeleted == 1)
        #expect(reply.problems.map { $0.index } == [1, 3])
        #expect(reply.problems.allSatisfy { $0.list == "deleted" })
        #expect(try await storage.count(matching: .all) == 1, "the heart-rate sample stays")
        let changes = try await storage.changes(after: 0, matching: ChangeRequest())
        let tombstones = changes.changes.compactMap { change -> UUID? in
            if case .deleted(let object) = change { return object.uuid }
            return nil
        }
        #expect(tombstones == [watchSteps.uuid], "a tombstone for anchored readers")
    }

    @Test("the kept replies are bounded: the oldest go in the commit that passes the bound")
    func keptRepliesAreBounded() async throws {
        let storage = InMemoryStorage()
        let phone = mirror(storage)
        for index in 0...HealthStore.keptSyncReplies {
            _ = try await phone.applySyncBatch(SyncBatch(id: "b\(index)", type: stepsType, items: []))
        }
        let replies = try await storage.settings(withPrefix: "sync/batch/\(Self.device)/")
        #expect(replies.count == HealthStore.keptSyncReplies)
        #expect(try await storage.setting("sync/batch/\(Self.device)/b0") == nil, "the oldest reply is gone")
        #expect(try await storage.setting("sync/batch/\(Self.device)/b1") != nil)
    }

    @Test("a commit that fails stores no reply: the batch can be sent again")
    func failedCommitStoresNoReply() async throws {
        let failing = FailingCommits(InMemoryStorage())
        let phone = mirror(failing)
        let batch = SyncBatch(id: "b1", type: stepsType, items: [.sample(steps(5, minute: 0))])
        failing.failNext.withLock { $0 = true }
        await #expect(throws: HealthError.self) { try await phone.applySyncBatch(batch) }
        #expect(try await failing.setting("sync/batch/\(Self.device)/b1") == nil)
        let reply = try await phone.applySyncBatch(batch)
        #expect(reply.inserted == 1)
    }
}

/// A storage whose next commit fails with an I/O error (nothing applied).
final class FailingCommits: ForwardingStorage {
    let base: any SampleStorage
    let failNext = Locked(false)

    init(_ base: any SampleStorage) { self.base = base }

    func commit(_ commit: StorageCommit) async throws(StorageError) -> CommitResult {
        let fail = failNext.withLock { state in
            defer { state = false }
            return state
        }
        if fail { throw StorageError(.io, "the disk is full") }
        return try await base.commit(commit)
    }
}
