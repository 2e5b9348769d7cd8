import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// Every predicate kind selects the same samples in SQL as `SamplePredicate.evaluate` does in memory.
@Suite struct PredicateEquivalenceTests {
    @Test func everyPredicateKindMatchesTheInMemoryEvaluation() async throws {
        let data = MixedDataSet()
        let (samples, workout, associations) = data.commits()
        let sqlite = try SQLiteStorage.temporary()
        let memory = InMemoryStorage()
        for storage in [sqlite, memory] as [any SampleStorage] {
            _ = try await storage.commit(StorageCommit(inserts: samples, associations: associations))
        }
        let predicates = data.predicates(workout: workout, someUUIDs: [samples[1].uuid, samples[14].uuid])
        #expect(predicates.count >= 80)
        var sizes: Set<Int> = []
        for (index, predicate) in predicates.enumerated() {
            let expected = try await memory.samples(matching: SampleRequest(predicate: predicate))
            let actual = try await sqlite.samples(matching: SampleRequest(predicate: predicate))
            #expect(actual == expected, "predicate #\(index)")
            sizes.insert(expected.count)
            let count = try await sqlite.count(matching: predicate)
            #expect(count == expected.count, "count of predicate #\(index)")
            let sorted = SampleRequest(predicate: predicate, sort: [.endDateDescending, .startDate], limit: 3)
            let expectedSorted = try await memory.samples(matching: sorted)
            let actualSorted = try await sqlite.samples(matching: sorted)
            #expect(actualSorted == expectedSorted, "sorted predicate #\(index)")
            let changes = ChangeRequest(predicate: predicate, limit: 4)
            let expectedChanges = try await memory.changes(after: 3, matching: changes)
            let actualChanges = try await sqlite.changes(after: 3, matching: changes)
            #expect(actualChanges == expectedChanges, "changes of predicate #\(index)")
        }
        #expect(sizes.count >= 10, "the data set separates the predicates")
    }

    @Test func everySampleKindRoundTripsExactly() async throws {
        let data = MixedDataSet()
        let (samples, _, associations) = data.commits()
        var extra = data.build.quantity(
            .heartRate, 0, .count(), start: data.at(0), source: Fixtures.watch, device: Fixtures.watchDevice,
            metadata: [
                .syncIdentifier: .string("sync-1"), .syncVersion: .number(3), MetadataKey("flag"): .bool(false),
                MetadataKey("at"): .date(data.at(1.5)),
                MetadataKey("temp"): .quantity(
                    Quantity(unit: data.unit("degF"), doubleValue: 98.6)),
                MetadataKey("empty"): .string(""), MetadataKey("big"): .number(1e300),
            ])
        extra.sourceRevision = SourceRevision(
            source: Source(name: "Renamed Watch", bundleIdentifier: Fixtures.watch.bundleIdentifier))
        let series = QuantitySample(
            uuid: data.build.uuids.next(), type: .stepCount,
            series: [
                SeriesQuantity(quantity: Quantity(unit: .count(), doubleValue: 10), start: data.at(0), end: data.at(1)),
                SeriesQuantity(
                    quantity: Quantity(unit: .count(), doubleValue: 12.5), start: data.at(1), end: data.at(2)),
            ], sourceRevision: SourceRevision(source: Fixtures.phone))
        let all = samples + [.quantity(extra)] + [series].compactMap { $0.map(AnySample.quantity) }
        for storage in [
            try SQLiteStorage.temporary(), try SQLiteStorage(path: try TemporaryDirectory.file("rt.sqlite")),
        ] {
            _ = try await storage.commit(StorageCommit(inserts: all, associations: associations))
            let memory = InMemoryStorage()
            _ = try await memory.commit(StorageCommit(inserts: all, associations: associations))
            let back = try await storage.samples(matching: SampleRequest())
            let expected = try await memory.samples(matching: SampleRequest())
            #expect(back == expected)
            let byUUID = Dictionary(uniqueKeysWithValues: back.map { ($0.sample.uuid, $0.sample) })
            for sample in all { #expect(byUUID[sample.uuid] == sample, "\(sample.sampleType.identifier)") }
            let deleted = try await storage.commit(StorageCommit(deletions: [extra.uuid]))
            let expectedDeleted = try await memory.commit(StorageCommit(deletions: [extra.uuid]))
            #expect(deleted == expectedDeleted)
            let tombstones = try await storage.changes(after: nil, matching: ChangeRequest())
            let expectedTombstones = try await memory.changes(after: nil, matching: ChangeRequest())
            #expect(tombstones == expectedTombstones)
        }
    }

    @Test func anchorsNeverGoBackAfterDeletingEverything() async throws {
        let storage = try SQLiteStorage(path: try TemporaryDirectory.file("anchor.sqlite"))
        let build = SampleBuilder()
        let sample = AnySample.quantity(build.steps(1, start: Fixtures.epoch, end: Fixtures.epoch))
        _ = try await storage.commit(StorageCommit(inserts: [sample]))
        _ = try await storage.commit(StorageCommit(deletions: [sample.uuid]))
        let again = AnySample.quantity(build.steps(2, start: Fixtures.epoch, end: Fixtures.epoch))
        let result = try await storage.commit(StorageCommit(inserts: [again]))
        #expect(result.anchor == 3)
        let empty = try await storage.commit(StorageCommit())
        #expect(empty.anchor == 3)
        #expect(try storage.integrityCheck() == ["ok"])
    }
}
