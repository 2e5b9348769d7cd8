import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// SQLite's lean read for the statistics engine gives exactly the pieces of the protocol's default
/// (whole samples decoded and converted), for every predicate kind and canonical unit.
@Suite struct QuantityPiecesTests {
    @Test func leanReadEqualsTheDefaultForEveryPredicate() async throws {
        let data = MixedDataSet()
        var (samples, workout, associations) = data.commits()
        let series = try #require(
            QuantitySample(
                uuid: data.build.uuids.next(), type: .stepCount,
                series: [
                    SeriesQuantity(
                        quantity: Quantity(unit: .count(), doubleValue: 10), start: data.at(0), end: data.at(1)),
                    SeriesQuantity(
                        quantity: Quantity(unit: .count(), doubleValue: 12.5), start: data.at(1), end: data.at(2)),
                ], sourceRevision: SourceRevision(source: Fixtures.phone)))
        samples.append(.quantity(series))
        let sqlite = try SQLiteStorage.temporary()
        let memory = InMemoryStorage()
        for storage in [sqlite, memory] as [any SampleStorage] {
            _ = try await storage.commit(StorageCommit(inserts: samples, associations: associations))
        }
        let units = try ["count", "count/s", "kg", "mmHg"].map { try HealthUnit(from: $0) }
        var nonEmpty = 0
        for (index, predicate) in data.predicates(workout: workout, someUUIDs: [samples[1].uuid]).enumerated() {
            for unit in units {
                let expected = try await memory.quantityPieces(matching: predicate, canonicalUnit: unit)
                let actual = try await sqlite.quantityPieces(matching: predicate, canonicalUnit: unit)
                #expect(actual == expected, "predicate #\(index) in \(unit.unitString)")
                if !expected.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty >= 40, "the predicates select quantities in several units")
        let all = try await sqlite.quantityPieces(matching: .type(.quantity(.stepCount)), canonicalUnit: .count())
        #expect(all.filter { $0.uuid == series.uuid }.map(\.seriesIndex) == [0, 1])
    }

    /// The statistics engine sweeps two reads on two threads: each read's pieces hold a source's bundle
    /// identifier of their own (equal, in other storage), so the threads never update one string's count.
    @Test func eachReadHasItsOwnBundleIdentifierStrings() async throws {
        let start = Fixtures.date(2024, 3, 1)
        let samples: [AnySample] = (0..<4).map { i in
            let at = start.addingTimeInterval(Double(i) * 600)
            return .quantity(
                QuantitySample(
                    uuid: UUIDSequence.uuid(UInt64(i + 1)), type: .stepCount,
                    quantity: Quantity(unit: .count(), doubleValue: Double(10 + i)), start: at,
                    end: at.addingTimeInterval(300), sourceRevision: SourceRevision(source: Fixtures.watch)))
        }
        let sqlite = try SQLiteStorage.temporary()
        _ = try await sqlite.commit(StorageCommit(inserts: samples))
        let one = try await sqlite.quantityPieces(matching: .type(.quantity(.stepCount)), canonicalUnit: .count())
        let two = try await sqlite.quantityPieces(matching: .type(.quantity(.stepCount)), canonicalUnit: .count())
        try #require(one.count == 4 && two.count == 4)
        let bundle = try #require(one.first?.sourceBundleIdentifier)
        #expect(bundle.utf8.count > 15, "long enough to be a heap string, not one stored inline")
        #expect(one.map(\.sourceBundleIdentifier) == two.map(\.sourceBundleIdentifier))
        #expect(utf8Storage(of: one[0].sourceBundleIdentifier) == utf8Storage(of: one[3].sourceBundleIdentifier))
        #expect(utf8Storage(of: one[0].sourceBundleIdentifier) != utf8Storage(of: two[0].sourceBundleIdentifier))
    }
}
