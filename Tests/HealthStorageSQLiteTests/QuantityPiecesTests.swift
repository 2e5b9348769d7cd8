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
}
