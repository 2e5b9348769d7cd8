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

    /// Waits (up to a minute) until the replica has replayed everything the primary has written so far.
    func waitForReplica() async throws {
        let admin = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_ADMIN_URL")
        let position = try await PostgresTestDatabase.withConnection(url: admin) { connection -> String in
            let rows = try await connection.query("SELECT pg_current_wal_lsn()::text", logger: logger)
            for try await lsn in rows.decode(String.self) { return lsn }
            throw PostgresTestError("no WAL position")
        }
        var components = try #require(URLComponents(string: admin))
        components.port = try replicaPort()
        let replica = try #require(components.string)
        for _ in 0..<3_000 {
            let caughtUp = try await PostgresTestDatabase.withConnection(url: replica) { connection -> Bool in
                let rows = try await connection.query(
                    "SELECT COALESCE(pg_last_wal_replay_lsn() >= \(position)::pg_lsn, false)", logger: logger)
                for try await done in rows.decode(Bool.self) { return done }
                return false
            }
            if caughtUp { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw PostgresTestError("the replica did not catch up within a minute")
    }

    // Five minutes: the suites run in parallel on two cores.
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
        for index in 1...10 {
            try await save(index)
            #expect(try await store.count(matching: .all) == index, "read after write \(index)")
        }
        // Once the replica has replayed the writes, a read goes there.
        try await waitForReplica()
        let before = store.replicaReadCount
        #expect(try await store.count(matching: .all) == 10)
        #expect(store.replicaReadCount == before + 1, "a read after the replica caught up went to the replica")

        // Replay paused: the replica falls behind, yet every read sees the store's own writes (from the primary).
        try await replay(false)
        do {
            let paused = store.replicaReadCount
            for index in 11...14 {
                try await save(index)
                #expect(try await store.count(matching: .all) == index, "read after write \(index), replay paused")
            }
            #expect(store.replicaReadCount == paused, "no read went to the lagging replica")
        }
        try await replay(true)

        // Replay resumed: the replica catches up and serves reads again.
        for index in 15...18 {
            try await save(index)
            #expect(try await store.count(matching: .all) == index)
        }
        try await waitForReplica()
        let resumed = store.replicaReadCount
        #expect(try await store.count(matching: .all) == 18)
        #expect(store.replicaReadCount == resumed + 1, "reads went back to the replica")
    }
}
