import HealthStorage
import HealthTesting
import Testing

@Suite struct InMemoryConformanceTests {
    @Test(arguments: StorageConformance.checks.map(\.name))
    func conformance(_ name: String) async throws {
        try await StorageConformance.run(name, on: InMemorySubject())
    }
}
