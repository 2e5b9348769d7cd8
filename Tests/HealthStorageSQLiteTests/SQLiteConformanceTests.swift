import HealthStorage
import HealthTesting
import Testing

@Suite struct SQLiteConformanceTests {
    @Test(arguments: StorageConformance.checks.map(\.name))
    func temporary(_ name: String) async throws {
        try await StorageConformance.run(name, on: SQLiteSubject(place: .temporary))
    }

    @Test(arguments: StorageConformance.checks.map(\.name))
    func onFile(_ name: String) async throws {
        try await StorageConformance.run(name, on: SQLiteSubject(place: .file))
    }
}
