import Foundation
import HealthCore
import HealthQuery
import HealthSimulation
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// Whole-type counts kept from the change log equal what the storage counts, through saves, deletions,
/// correlations, workouts and commits of other processes; an app that may not read a type still counts only
/// its own samples.
@Suite struct TypeCountsTests {
    static func expectSameAsStorage(
        _ store: HealthStore, _ storage: any SampleStorage, _ types: Set<SampleType>, _ label: String
    ) async throws {
        let counted = try await store.count(of: types)
        let direct = try await storage.count(matching: .types(types))
        #expect(counted == direct, "\(label): count \(counted) vs \(direct)")
        let bySource = try await store.sourceCounts(of: types)
        let directBySource = try await storage.sourceCounts(matching: .types(types))
        #expect(bySource == directBySource, "\(label): per source")
    }

    @Test(arguments: ["memory", "sqlite"])
    func countsFollowEveryChange(backend: String) async throws {
        let data = MixedDataSet()
        let (samples, _, associations) = data.commits()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-counts-\(getpid())-\(backend)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let storage: any SampleStorage =
            backend == "memory"
            ? InMemoryStorage() : try SQLiteStorage(path: folder.appendingPathComponent("s.sqlite").path)
        _ = try await storage.commit(StorageCommit(inserts: samples, associations: associations))
        let uuids = UUIDSequence(start: 70_000)
        let store = HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: Fixtures.calendar(),
            uuids: { uuids.next() })
        let types = Set(samples.map(\.sampleType))
        #expect(types.count >= 5, "the data set has several types, a correlation and a workout among them")
        for type in types { try await Self.expectSameAsStorage(store, storage, [type], "\(type) at first") }
        try await Self.expectSameAsStorage(store, storage, types, "all types at first")
        // Saves through the store, and commits of another process behind its back.
        let build = SampleBuilder(uuids: UUIDSequence(start: 80_000))
        let more = (0..<30).map { i in
            AnySample.quantity(
                build.steps(
                    Double(i), start: data.at(Double(600 + i)), end: data.at(Double(601 + i)),
                    source: [Fixtures.phone, Fixtures.watch, Fixtures.app][i % 3]))
        }
        _ = try await store.save(Array(more.prefix(10)))
        _ = try await storage.commit(StorageCommit(inserts: Array(more.dropFirst(10))))
        try await Self.expectSameAsStorage(store, storage, types, "after adding")
        // Deletions, a correlation's among them.
        let deleted = samples.filter { $0.correlation != nil }.prefix(1) + samples.prefix(5) + more.suffix(7)
        _ = try await storage.commit(StorageCommit(deletions: deleted.map(\.uuid)))
        for type in types { try await Self.expectSameAsStorage(store, storage, [type], "\(type) after deleting") }
        try await Self.expectSameAsStorage(store, storage, types, "all types after deleting")
        #expect(
            try await store.count(of: [.quantity(.stepCount)], predicate: .date(start: data.at(610), end: nil)) < 30)
        // A sample added and deleted between two counts: the change log shows only its tombstone.
        let brief = AnySample.quantity(build.steps(5, start: data.at(900), end: data.at(901), source: Fixtures.watch))
        _ = try await storage.commit(StorageCommit(inserts: [brief]))
        _ = try await storage.commit(StorageCommit(deletions: [brief.uuid]))
        for type in types { try await Self.expectSameAsStorage(store, storage, [type], "\(type) after add + delete") }
        // And one added, deleted and saved again under the same identity.
        _ = try await storage.commit(StorageCommit(inserts: [brief]))
        _ = try await storage.commit(StorageCommit(deletions: [brief.uuid]))
        _ = try await storage.commit(StorageCommit(inserts: [brief]))
        try await Self.expectSameAsStorage(store, storage, types, "after add, delete, add")
    }

    @Test func anAppThatMayNotReadCountsOnlyItsOwnSamples() async throws {
        let storage = InMemoryStorage()
        let build = SampleBuilder(uuids: UUIDSequence(start: 1))
        let start = Fixtures.date(2024, 1, 1)
        let theirs = (0..<8).map { i in
            AnySample.quantity(
                build.steps(
                    10, start: start.addingTimeInterval(Double(i) * 60),
                    end: start.addingTimeInterval(Double(i) * 60 + 30), source: Fixtures.watch))
        }
        _ = try await storage.commit(StorageCommit(inserts: theirs))
        let health = HealthStore(
            storage: storage, app: .healthApp, clock: ManualClock(), calendar: Fixtures.calendar(),
            uuids: { UUIDSequence(start: 50).next() })
        #expect(try await health.count(of: [.quantity(.stepCount)]) == 8)
        let app = health.store(for: Apps.steps, policy: .denyAll)
        try await app.requestAuthorization(toShare: [.quantity(.stepCount)], read: [.quantity(.stepCount)])
        #expect(try await app.count(of: [.quantity(.stepCount)]) == 0, "the watch's samples stay unseen")
        #expect(try await app.sourceCounts(of: [.quantity(.stepCount)]).isEmpty)
    }
}
