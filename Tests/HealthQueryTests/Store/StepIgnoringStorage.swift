import HealthStorage
import HealthTesting

/// A storage written before ``BulkWriteOptions/afterCommit`` existed: it forwards everything to an in-memory
/// storage, but its bulk write drops the after-commit step (`BulkImportTests`).
final class StepIgnoringStorage: ForwardingStorage {
    let base: any SampleStorage = InMemoryStorage()

    func bulkWrite<T: Sendable>(
        options: BulkWriteOptions, _ produce: (any BulkSink) async throws -> T
    ) async throws -> (value: T, result: BulkWriteResult) {
        try await base.bulkWrite(options: BulkWriteOptions(countUnmet: options.countUnmet), produce)
    }
}
