import HealthStorage
import HealthTesting
import Testing

@Suite(.enabled(if: PostgresTestDatabase.enabled, PostgresTestDatabase.skipReason))
struct PostgresConformanceTests {
    @Test(arguments: StorageConformance.checks.map(\.name))
    func conformance(_ name: String) async throws {
        try await StorageConformance.run(name, on: PostgresSubject())
    }
}
