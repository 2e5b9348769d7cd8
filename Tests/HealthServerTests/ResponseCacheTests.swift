import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer
import HealthTesting
import Testing

@Suite("Server: statistics answers are reused only while the person's data is unchanged")
struct ResponseCacheTests {
    static let path =
        "/v1/statistics/collection?type=\(stepsType)&start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&interval=day"

    @Test(
        "a repeated question is answered alike; a save, another app's save, another process's commit, a source order change and another token each get a fresh answer"
    )
    func neverStale() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("ohk-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try await TestServer.make { $0.data = .folder(folder) }
        try await server.run { client in
            let owner = server.token("owner")
            func day(_ token: String) async throws -> JSONValue? {
                let answer = try await client.send(.get, Self.path, token: token)
                #expect(answer.status == 200, "\(answer.text)")
                return answer.json?["buckets"]?.array.first
            }
            func save(_ token: String, _ json: String) async throws {
                let saved = try await client.send(.post, "/v1/samples", token: token, json: #"{"samples":[\#(json)]}"#)
                #expect(saved.status == 201, "\(saved.text)")
            }
            try await save(owner, stepsJSON(800, minute: 0))
            try await save(server.token("writer"), stepsJSON(100, minute: 60))
            // The first answer builds the merge's slots and keeps them in the store (a write), so the second is
            // computed again; from then on the data is unchanged and the answer is reused.
            for _ in 0..<4 { #expect(try await day(owner)?["sum"]?.number == 900) }
            let (hits, _) = server.server.responseCacheCounts
            #expect(hits >= 2, "repeated questions are answered from the cache")
            // The writer may not read steps: it sees its own samples only, never the owner's kept answer.
            #expect(try await day(server.token("writer"))?["sum"]?.number == 100)
            try await save(owner, stepsJSON(5, minute: 200))
            #expect(try await day(owner)?["sum"]?.number == 905, "after a save")

            // Another process (its own runtime, its own connections) commits to Ana's store file.
            let other = try HealthRuntime().open(.sqlite(folder + "/people/ana.sqlite"))
            let importer = other.store(for: .owner(bundleIdentifier: "org.example.importer", name: "Importer"))
            let start = Fixtures.date(2025, 6, 1, 12)
            try await importer.save(
                QuantitySample(
                    uuid: UUID(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 50), start: start,
                    end: start.addingTimeInterval(600)))
            #expect(try await day(owner)?["sum"]?.number == 955, "after another process's commit")

            // Overlapping samples: which one counts follows the source order, so changing it changes the answer.
            try await save(server.token("stepsApp"), stepsJSON(300, minute: 0))
            let before = try await day(owner)?["sum"]?.number
            let sources = try await client.send(.get, "/v1/source-order/\(stepsType)", token: owner)
            let order = sources.json?["order"]?.array.compactMap(\.string) ?? []
            #expect(order.count >= 2, "\(sources.text)")
            let reversed = #"{"order":[\#(order.reversed().map { "\"\($0)\"" }.joined(separator: ","))]}"#
            let set = try await client.send(.put, "/v1/source-order/\(stepsType)", token: owner, json: reversed)
            #expect(set.status == 200, "\(set.text)")
            let after = try await day(owner)?["sum"]?.number
            #expect(
                before != after,
                "the merge follows the new order: \(String(describing: before)) → \(String(describing: after))")
        }
    }

    @Test("with the cache off every answer is computed, and equal")
    func off() async throws {
        let server = try await TestServer.make { $0.limits.responseCacheEntries = 0 }
        try await server.run { client in
            let owner = server.token("owner")
            _ = try await client.send(
                .post, "/v1/samples", token: owner, json: #"{"samples":[\#(stepsJSON(800, minute: 0))]}"#)
            let first = try await client.send(.get, Self.path, token: owner)
            let second = try await client.send(.get, Self.path, token: owner)
            #expect(first.status == 200 && first.text == second.text)
        }
    }
}
