import Foundation
import HealthCore
import HealthStorage
import HealthStoragePostgres
import HealthTesting
import Logging
import PostgresNIO
import Testing

/// Row-level security as defense in depth: the application role, once its connection names a person, reaches
/// only that person's rows whatever SQL it sends, and without a person it reaches nothing.
@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct RowLevelSecurityTests {
    let logger = Logger(label: "test")

    /// Two people with data, written through the application role (the store works under the policies).
    func twoPeople() async throws -> (ana: String, ben: String) {
        let ana = PostgresTestDatabase.uniquePerson("ana")
        let ben = PostgresTestDatabase.uniquePerson("ben")
        // The owner migrates first; the application role cannot.
        try await PostgresStorage(url: try PostgresTestDatabase.ownerURL(person: ana)).prepare()
        for (person, start) in [(ana, 1), (ben, 100)] {
            let store = try PostgresStorage(url: try PostgresTestDatabase.appURL(person: person))
            let build = SampleBuilder(uuids: UUIDSequence(start: UInt64(start)))
            let samples = (0..<5).map { index in
                AnySample.quantity(
                    build.steps(
                        10, start: Fixtures.date(2024, 1, 1, index), end: Fixtures.date(2024, 1, 1, index + 1),
                        source: Fixtures.watch))
            }
            _ = try await store.commit(StorageCommit(inserts: samples))
            _ = try await store.commit(StorageCommit(deletions: [samples[0].uuid]))
            try await store.setSetting("grant/app", Data("secret".utf8))
            try await store.setSourceOrder([Fixtures.watch.bundleIdentifier], for: .quantity(.stepCount))
        }
        return (ana, ben)
    }

    func count(_ connection: PostgresConnection, _ sql: String) async throws -> Int64 {
        let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger)
        for try await count in rows.decode(Int64.self) { return count }
        return -1
    }

    @Test func aPersonsConnectionReachesOnlyThatPersonsRows() async throws {
        let (ana, ben) = try await twoPeople()
        let url = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_APP_URL")
        try await PostgresTestDatabase.withConnection(url: url) { connection in
            var ids: [String: Int64] = [:]
            for name in [ana, ben] {
                let rows = try await connection.query("SELECT ohk_person(\(name), false)", logger: logger)
                for try await id in rows.decode(Int64.self) { ids[name] = id }
            }
            let anaID = try #require(ids[ana])
            let benID = try #require(ids[ben])
            try await connection.query("SELECT set_config('ohk.person', \(String(anaID)), false)", logger: logger)

            // Reads: only Ana's rows, even when the statement asks for Ben's or for everyone's.
            #expect(try await count(connection, "SELECT count(*) FROM samples") == 4)
            #expect(try await count(connection, "SELECT count(*) FROM samples WHERE person_id = \(benID)") == 0)
            for table in ["tombstones", "settings", "sources", "source_orders", "people", "type_spans"] {
                #expect(try await count(connection, "SELECT count(*) FROM \(table) WHERE person_id <> \(anaID)") == 0)
                #expect(try await count(connection, "SELECT count(*) FROM \(table)") >= 1, "\(table) has Ana's rows")
            }
            #expect(try await count(connection, "SELECT count(*) FROM person_names") == 0)

            // Writes to Ben's rows change nothing or are refused.
            #expect(
                try await count(
                    connection,
                    "WITH d AS (DELETE FROM samples WHERE person_id = \(benID) RETURNING 1) SELECT count(*) FROM d")
                    == 0)
            #expect(
                try await count(
                    connection,
                    "WITH u AS (UPDATE settings SET value = 'x' WHERE person_id = \(benID) RETURNING 1) SELECT count(*) FROM u"
                )
                    == 0)
            for refused in [
                "INSERT INTO settings (person_id, key, value) VALUES (\(benID), 'grant/evil', 'x')",
                "UPDATE samples SET person_id = \(benID)",
                "ALTER TABLE samples NO FORCE ROW LEVEL SECURITY",
                "ALTER TABLE samples DISABLE ROW LEVEL SECURITY",
                "DROP POLICY person_only ON samples",
                "SET ROLE ohk_owner",
            ] {
                await #expect(throws: PSQLError.self, "refused: \(refused)") {
                    try await connection.query(PostgresQuery(unsafeSQL: refused), logger: logger)
                }
            }
        }
        // Ben's data is intact.
        let benStore = try PostgresStorage(url: try PostgresTestDatabase.appURL(person: ben))
        #expect(try await benStore.count(matching: .all) == 4)
        #expect(try await benStore.setting("grant/app") == Data("secret".utf8))
    }

    @Test func withoutAPersonNothingIsReachable() async throws {
        _ = try await twoPeople()
        let url = try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_APP_URL")
        try await PostgresTestDatabase.withConnection(url: url) { connection in
            await #expect(throws: PSQLError.self) {
                _ = try await count(connection, "SELECT count(*) FROM samples")
            }
        }
    }
}
