import Foundation
import HealthCore
import HealthStorage
import HealthTesting
import Logging
import PostgresNIO
import Testing

@testable import HealthStoragePostgres

/// The database going away under a store (issue 44, part 7): a statement whose connection the server closes fails
/// instead of waiting forever, and the store answers again afterwards. (The live suite,
/// IntegrationTests/server/test_postgres_outage.py, stops, restarts, kills and fails over a real cluster.)
@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct GoingAwayTests {
    /// Fails the test if `body` takes longer than `seconds`: the body runs in a task of its own, so even one that
    /// never returns (the hang this suite is about) cannot hold the suite.
    func within<T: Sendable>(_ seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        let answer = Locked<CheckedContinuation<T, any Error>?>(nil)
        func resume(_ result: Result<T, any Error>) {
            answer.withLock { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        return try await withCheckedThrowingContinuation { continuation in
            answer.withLock { $0 = continuation }
            Task {
                do { resume(.success(try await body())) } catch { resume(.failure(error)) }
            }
            Task {
                try? await Task.sleep(for: .seconds(seconds))
                resume(.failure(PostgresTestError("no answer within \(seconds) s")))
            }
        }
    }

    @Test("a connection the server terminates fails its pending statement, and the store answers again after")
    func terminatedBackend() async throws {
        let person = PostgresTestDatabase.uniquePerson("away")
        let store = try PostgresStorage(url: try PostgresTestDatabase.ownerURL(person: person))
        let build = SampleBuilder(uuids: UUIDSequence(start: 1))
        let sample = AnySample.quantity(
            build.steps(10, start: Fixtures.date(2024, 1, 1, 8), end: Fixtures.date(2024, 1, 1, 9)))
        _ = try await store.commit(StorageCommit(inserts: [sample]))
        // A long statement on one of the store's pooled connections, and that backend terminated under it.
        let admin = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_ADMIN_URL")
        let sleeper = Task {
            try await store.sleepForTests(seconds: 30)
        }
        try await Task.sleep(for: .milliseconds(500))
        _ = try await PostgresTestDatabase.withConnection(url: admin) { connection in
            try await connection.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep%'",
                logger: Logger(label: "test"))
        }
        let outcome = try await within(300) { await sleeper.result }
        #expect(throws: StorageError.self) { try outcome.get() }
        let count = try await within(300) { try await store.count(matching: .all) }
        #expect(count == 1)
    }
}
