import Foundation
import HealthCore
import HealthStorage
import HealthStoragePostgres
import HealthTesting
import Testing

/// Every predicate kind selects in PostgreSQL what `SamplePredicate.evaluate` selects in memory — the SQL parts
/// and the parts decided in memory on the candidates — with sorting, limits and anchored reads.
@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct PostgresPredicateTests {
    @Test func everyPredicateKindMatchesTheInMemoryEvaluation() async throws {
        let data = MixedDataSet()
        let (samples, workout, associations) = data.commits()
        let postgres = try PostgresStorage(url: try PostgresTestDatabase.ownerURL())
        let memory = InMemoryStorage()
        for storage in [postgres, memory] as [any SampleStorage] {
            _ = try await storage.commit(StorageCommit(inserts: samples, associations: associations))
        }
        let predicates = data.predicates(workout: workout, someUUIDs: [samples[1].uuid, samples[14].uuid])
        #expect(predicates.count >= 80)
        for (index, predicate) in predicates.enumerated() {
            let expected = try await memory.samples(matching: SampleRequest(predicate: predicate))
            #expect(try await postgres.samples(matching: SampleRequest(predicate: predicate)) == expected, "#\(index)")
            #expect(try await postgres.count(matching: predicate) == expected.count, "count #\(index)")
            #expect(
                try await postgres.sourceCounts(matching: predicate) == memory.sourceCounts(matching: predicate),
                "sources #\(index)")
            let sorted = SampleRequest(predicate: predicate, sort: [.endDateDescending, .startDate], limit: 3)
            #expect(
                try await postgres.samples(matching: sorted) == memory.samples(matching: sorted), "sorted #\(index)")
            let changes = ChangeRequest(predicate: predicate, limit: 4)
            #expect(
                try await postgres.changes(after: 3, matching: changes) == memory.changes(after: 3, matching: changes),
                "changes #\(index)")
        }
    }

    @Test func quantityPiecesEqualTheWholeSampleReading() async throws {
        let data = MixedDataSet()
        let (samples, _, associations) = data.commits()
        let postgres = try PostgresStorage(url: try PostgresTestDatabase.ownerURL())
        let memory = InMemoryStorage()
        for storage in [postgres, memory] as [any SampleStorage] {
            _ = try await storage.commit(StorageCommit(inserts: samples, associations: associations))
        }
        for identifier in [QuantityTypeIdentifier.stepCount, .heartRate, .bodyMass, data.unknownType] {
            let unit = identifier.typeDescription?.canonicalUnit ?? data.madeUpUnit
            let predicate = SamplePredicate.type(.quantity(identifier))
            let expected = try await memory.quantityPieces(matching: predicate, canonicalUnit: unit)
            #expect(try await postgres.quantityPieces(matching: predicate, canonicalUnit: unit) == expected)
        }
    }
}
