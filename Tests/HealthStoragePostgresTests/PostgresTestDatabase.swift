import Foundation
import HealthStorage
import HealthStoragePostgres
import HealthTesting
import Logging
import PostgresNIO
import Testing

/// The throwaway cluster `scripts/postgres start` makes (its URLs in the environment). Without it the suites are
/// reported as skipped with the reason, unless `OHK_REQUIRE_POSTGRES=1` (CI): then they run and fail.
enum PostgresTestDatabase {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the suites should run: a cluster is configured, or CI requires them (and they fail without one).
    static let enabled = environment["OHK_TEST_POSTGRES_URL"] != nil || environment["OHK_REQUIRE_POSTGRES"] == "1"

    /// Why the suites are skipped.
    static let skipReason: Comment =
        "no PostgreSQL: run `eval \"$(scripts/postgres start)\"` first (CI sets OHK_REQUIRE_POSTGRES=1 and fails)"

    /// A variable of the cluster, or a failure naming it.
    static func variable(_ name: String) throws -> String {
        guard let value = environment[name], !value.isEmpty else {
            throw PostgresTestError("\(name) is not set: start a cluster with `eval \"$(scripts/postgres start)\"`")
        }
        return value
    }

    /// The schema owner's URL for a new, unique person.
    static func ownerURL(person: String = uniquePerson()) throws -> String {
        try variable("OHK_TEST_POSTGRES_URL") + "?person=\(person)&sslmode=disable"
    }

    /// The application role's URL (row-level security applies) for a person.
    static func appURL(person: String) throws -> String {
        try variable("OHK_TEST_POSTGRES_APP_URL") + "?person=\(person)&sslmode=disable"
    }

    /// A person name no other test uses.
    static func uniquePerson(_ prefix: String = "t") -> String {
        "\(prefix)-\(UUID().uuidString.lowercased())"
    }

    /// A direct connection for assertions in SQL (no pool): runs `body`, then closes.
    static func withConnection<T>(
        url: String, _ body: (PostgresConnection) async throws -> T
    ) async throws -> T {
        guard let components = URLComponents(string: url), let host = components.host, let user = components.user
        else { throw PostgresTestError("bad URL") }
        let configuration = PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: nil,
            database: String(components.path.dropFirst()), tls: .disable)
        let connection = try await PostgresConnection.connect(
            configuration: configuration, id: 1, logger: Logger(label: "test"))
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}

struct PostgresTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// PostgreSQL as a conformance subject: each store is a new person in the shared test database; `reopen` makes a
/// new store object on the same location (the person's anchor and rows come back from the database).
struct PostgresSubject: StorageSubject {
    func makeStorage() async throws -> any SampleStorage {
        let storage = try PostgresStorage(url: try PostgresTestDatabase.ownerURL())
        try await storage.prepare()
        return storage
    }

    func reopen(_ storage: any SampleStorage) async throws -> any SampleStorage {
        let postgres = try #require(storage as? PostgresStorage)
        return PostgresStorage(location: postgres.location, createIfMissing: false)
    }

    func accessPaths(of storage: any SampleStorage) async throws -> [String: String] {
        try await PostgresTestDatabase.withConnection(url: try PostgresTestDatabase.variable("OHK_TEST_POSTGRES_URL")) {
            connection in
            let rows = try await connection.query(
                "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'", logger: Logger(label: "test"))
            var paths: [String: String] = [:]
            for try await (name, definition) in rows.decode((String, String).self) { paths[name] = definition }
            return paths
        }
    }
}
