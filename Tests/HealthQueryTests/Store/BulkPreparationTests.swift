import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

@testable import HealthQuery

/// The storage's encoding of a bulk batch, made by the store's validator after validation (decision 0019) and
/// handed to the storage's sink with the batch.
@Suite("Bulk write: prepared ahead")
struct BulkPreparationTests {
    /// A sink that records what it was given.
    final class RecordingSink: BulkSink, @unchecked Sendable {
        private let lock = NSLock()
        private var given: [(count: Int, prepared: PreparedBulkRows?)] = []

        var writes: [(count: Int, prepared: PreparedBulkRows?)] { lock.withLock { given } }

        func write(
            _ batch: BulkBatch, reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
        ) async throws -> [BulkOutcome] {
            try await write(batch, prepared: nil, reidentify: reidentify)
        }

        func write(
            _ batch: BulkBatch, prepared: PreparedBulkRows?,
            reidentify: @escaping @Sendable (AnySample, Int) -> AnySample
        ) async throws -> [BulkOutcome] {
            lock.withLock { given.append((batch.samples.count, prepared)) }
            return batch.samples.map { .inserted($0.uuid) }
        }
    }

    /// Three samples; the last ends before it starts.
    static func batch() -> BulkBatch {
        var backwards = BulkImportTests.steps(3)
        if case .quantity(var sample) = backwards {
            sample.endDate = sample.startDate.addingTimeInterval(-60)
            backwards = .quantity(sample)
        }
        return BulkBatch(samples: [BulkImportTests.steps(1), BulkImportTests.steps(2), backwards])
    }

    @Test func aStoresValidatorPreparesTheValidSamplesForItsStorage() throws {
        let sqlite = BulkImportTests.store(try SQLiteStorage.temporary())
        #expect(sqlite.bulkValidator.preparer?.name == "sqlite-payload")
        let validated = sqlite.bulkValidator.validate(Self.batch())
        #expect(validated.valid.samples.count == 2)
        #expect(validated.prepared?.count == 2, "made from the valid samples, after validation")
        let memory = BulkImportTests.store(InMemoryStorage())
        #expect(memory.bulkValidator.preparer == nil)
        #expect(memory.bulkValidator.validate(Self.batch()).prepared == nil)
    }

    @Test func theSinkHandsThePreparationToTheStorage() async throws {
        let revision = BulkImportTests.source
        // The preparation of this test's "storage": the number of samples it was made from.
        let counting = BulkPreparer(name: "count") { samples in samples.count }
        let validator = BulkValidator(options: .default, revision: revision, preparer: counting)
        let recorder = RecordingSink()
        let sink = HealthBulkSink(base: recorder, validator: validator)
        let outcomes = try await sink.write(validator.validate(Self.batch()), reidentify: BulkImportTests.rename)
        #expect(outcomes.count == 3)
        // A batch validated by a validator without the preparer is validated, and prepared, again.
        let other = BulkValidator(options: .default, revision: revision)
        _ = try await sink.write(other.validate(Self.batch()), reidentify: BulkImportTests.rename)
        // A plain batch is validated and prepared by the sink.
        _ = try await sink.write(Self.batch(), reidentify: BulkImportTests.rename)
        let writes = recorder.writes
        #expect(writes.map(\.count) == [2, 2, 2])
        #expect(writes.map { $0.prepared?.content as? Int } == [2, 2, 2])
    }
}
