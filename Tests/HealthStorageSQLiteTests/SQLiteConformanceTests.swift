import HealthStorage
import HealthTesting
import Testing

@Suite struct SQLiteConformanceTests {
    @Test(arguments: StorageConformance.checks.map(\.name))
    func inMemory(_ name: String) async throws {
        try await StorageConformance.run(name, on: SQLiteSubject(place: .memory))
    }

    @Test(arguments: StorageConformance.checks.map(\.name))
    func onFile(_ name: String) async throws {
        try await StorageConformance.run(name, on: SQLiteSubject(place: .file))
    }
}
