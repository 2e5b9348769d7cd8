import Foundation
import HealthCore
import HealthStorage
import HealthStoragePostgres
import HealthTesting
import Logging
import PostgresNIO
import Testing

/// Reads from a streaming replica with read-your-writes: after a write, a read goes to the replica only once it
/// has replayed that write (else, after a short wait, to the primary), so a store never reads older data than it
/// wrote. The replica comes from `scripts/postgres replica` (pg_basebackup of the test cluster).
@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason), .serialized)
struct ReplicaTests {
    let logger = Logger(label: "test")

    func replicaPort() throws -> Int {
        let url = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_REPLICA_URL")
        return try #require(URLComponents(string: url)?.port)
    }

    /// Pauses or resumes WAL replay on the replica (as the cluster's superuser).
    func replay(_ run: Bool) async throws {
        let admin = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_ADMIN_URL")
        var components = try #require(URLComponents(string: admin))
        components.port = try replicaPort()
        _ = try await PostgresTestDatabase.withConnection(url: try #require(components.string)) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: run ? "SELECT pg_wal_replay_resume()" : "SELECT pg_wal_replay_pause()"),
                logger: logger)
        }
    }

    // Five minutes: the thread sanitizer's run, all suites in parallel on two cores, is many times slower.
    @Test(.timeLimit(.minutes(5)))
    func readsGoToTheReplicaYetAlwaysSeeTheirOwnWrites() async throws {
        let url = try PostgresTestDatabase.ownerURL() + "&replica=127.0.0.1:\(try replicaPort())&pool=3"
        let store = try PostgresStorage(url: url)
        let build = SampleBuilder(uuids: UUIDSequence(start: 77))
        func save(_ index: Int) async throws {
            let start = Fixtures.date(2024, 2, 1).addingTimeInterval(Double(index) * 60)
            _ = try await store.commit(
                StorageCommit(inserts: [.quantity(build.steps(1, start: start, end: start.addingTimeInterval(60)))]))
        }

        // Replaying: reads after each write see it, and reads do go to the replica.
        let before = store.replicaReadCount
        for index in 1...20 {
            try await save(index)
            #expect(try await store.count(matching: .all) == index, "read after write \(index)")
        }
        #expect(store.replicaReadCount > before, "reads went to the replica")

        // Replay paused: the replica falls behind, yet every read sees the store's own writes (from the primary).
        try await replay(false)
        do {
            let paused = store.replicaReadCount
            for index in 21...26 {
                try await save(index)
                #expect(try await store.count(matching: .all) == index, "read after write \(index), replay paused")
            }
            #expect(store.replicaReadCount == paused, "no read went to the lagging replica")
        }
        try await replay(true)

        // Replay resumed: the replica catches up and serves reads again.
        let resumed = store.replicaReadCount
        for index in 27...32 {
            try await save(index)
            #expect(try await store.count(matching: .all) == index)
        }
        #expect(store.replicaReadCount > resumed, "reads went back to the replica")
    }
}
