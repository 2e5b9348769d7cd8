import Foundation
import HTTPTypes
import HealthServer
import Testing

@Suite("Server: samples, changes, statistics")
struct SampleRouteTests {
    @Test("a batch saves all or nothing; a bad sample is named by index and rule")
    func batchSave() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let token = server.token("stepsApp")
            let saved = try await client.send(
                .post, "/v1/samples", token: token,
                json: #"{"samples":[\#(stepsJSON(800, minute: 0)),\#(stepsJSON(400, minute: 10))]}"#)
            #expect(saved.status == 201)
            #expect(saved.json?["saved"]?.array.count == 2)
            #expect(saved.json?["anchor"]?.number == 2)
            let reversed =
                #"{"type":"\#(stepsType)","startDate":"2025-06-01T09:00:00Z","endDate":"2025-06-01T08:00:00Z","quantity":{"value":5,"unit":"count"}}"#
            let bad = try await client.send(
                .post, "/v1/samples", token: token, json: #"{"samples":[\#(stepsJSON(1, minute: 30)),\#(reversed)]}"#)
            #expect(bad.status == 400)
            #expect(bad.json?["code"]?.number == 3)
            #expect(bad.json?["detail"]?.string?.contains("1") == true)
            let unit = try await client.send(
                .post, "/v1/samples", token: token,
                json:
                    #"{"samples":[{"type":"\#(stepsType)","startDate":"2025-06-01T09:00:00Z","quantity":{"value":5,"unit":"parsecs"}}]}"#
            )
            #expect(unit.status == 400)
            #expect(unit.json?["detail"]?.string?.hasPrefix("samples[0].quantity.unit") == true)
            let missing = try await client.send(
                .post, "/v1/samples", token: token, json: #"{"samples":[{"type":"x"}]}"#)
            #expect(missing.status == 400)
            #expect(missing.json?["detail"]?.string == "samples[0].startDate is missing")
            let listed = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: token)
            #expect(listed.json?["samples"]?.array.count == 2, "nothing of a failed batch is stored")
        }
    }

    @Test("paging with a cursor returns every sample once, ties included")
    func paging() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let token = server.token("stepsApp")
            // 25 samples; five start at the same minute.
            let samples =
                (0..<20).map { stepsJSON(Double($0), minute: $0 * 5) }
                + (0..<5).map { stepsJSON(Double(100 + $0), minute: 50, length: 1) }
            #expect(
                try await client.send(
                    .post, "/v1/samples", token: token, json: #"{"samples":[\#(samples.joined(separator: ","))]}"#
                ).status == 201)
            var cursor: String?
            var values: [Double] = []
            var pages = 0
            repeat {
                let path = "/v1/samples?type=\(stepsType)&limit=4" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.send(.get, path, token: token)
                #expect(page.status == 200)
                values += page.json?["samples"]?.array.compactMap { $0["quantity"]?["value"]?.number } ?? []
                cursor = page.json?["nextCursor"]?.string
                pages += 1
            } while cursor != nil && pages < 20
            #expect(values.count == 25)
            #expect(Set(values).count == 25)
            let bad = try await client.send(.get, "/v1/samples?type=\(stepsType)&cursor=nope", token: token)
            #expect(bad.status == 400)
        }
    }

    @Test("changes follow commit order with deletions; delete by UUID and by predicate")
    func changesAndDeletes() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let token = server.token("stepsApp")
            let uuid = "5A4D1C3E-0000-4000-8000-000000000001"
            _ = try await client.send(
                .post, "/v1/samples", token: token,
                json: #"{"samples":[\#(stepsJSON(10, minute: 0, uuid: uuid)),\#(stepsJSON(20, minute: 10))]}"#)
            let first = try await client.send(.get, "/v1/changes?type=\(stepsType)&limit=1", token: token)
            #expect(first.json?["added"]?.array.count == 1)
            #expect(first.json?["hasMore"] == .bool(true))
            let anchor = Int(first.json?["anchor"]?.number ?? -1)
            #expect(try await client.send(.delete, "/v1/samples/\(uuid)", token: token).status == 204)
            let later = try await client.send(.get, "/v1/changes?type=\(stepsType)&anchor=\(anchor)", token: token)
            #expect(later.json?["added"]?.array.count == 1)
            #expect(later.json?["deleted"]?.array.first?["uuid"]?.string == uuid)
            #expect(try await client.send(.get, "/v1/samples/\(uuid)", token: token).status == 404)
            let deleted = try await client.send(
                .post, "/v1/samples/delete", token: token, json: #"{"type":"\#(stepsType)"}"#)
            #expect(deleted.json?["deleted"]?.number == 1)
            #expect(try await client.send(.get, "/v1/samples/not-a-uuid", token: token).status == 400)
        }
    }

    @Test(
        "statistics merge overlapping sources by priority; collections bucket in a time zone; too many buckets is refused"
    )
    func statistics() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            func withSource(_ json: String, _ bundle: String) -> String {
                String(json.dropLast()) + #","source":{"name":"\#(bundle)","bundleIdentifier":"\#(bundle)"}}"#
            }
            // Watch 08:00–08:10 1000 steps; phone 08:05–08:15 600 steps: merged 1000 + 300.
            let watch = withSource(stepsJSON(1000, minute: 0), "com.apple.health.watch")
            let phone = withSource(stepsJSON(600, minute: 5), "com.apple.health.phone")
            #expect(
                try await client.send(.post, "/v1/samples", token: owner, json: #"{"samples":[\#(phone),\#(watch)]}"#)
                    .status == 201)
            _ = try await client.send(
                .put, "/v1/source-order/\(stepsType)", token: owner,
                json: #"{"order":["com.apple.health.watch","com.apple.health.phone"]}"#)
            let statistics = try await client.send(
                .get, "/v1/statistics?type=\(stepsType)&separateBySource=true", token: owner)
            #expect(statistics.json?["statistics"]?["sum"]?.number == 1300)
            #expect(statistics.json?["statistics"]?["sources"]?.array.count == 2)
            let phoneFirst = try await client.send(
                .get, "/v1/statistics?type=\(stepsType)&sourceOrder=com.apple.health.phone", token: owner)
            #expect(phoneFirst.json?["statistics"]?["sum"]?.number == 1100, "a query's own source order")
            let collection = try await client.send(
                .get,
                "/v1/statistics/collection?type=\(stepsType)&start=2025-05-31T00:00:00Z&end=2025-06-03T00:00:00Z&interval=day&timeZone=Asia/Tokyo",
                token: owner)
            #expect(collection.status == 200)
            #expect(collection.json?["buckets"]?.array.count == 1)
            #expect(collection.json?["buckets"]?.array.first?["startDate"]?.string == "2025-05-31T15:00:00.000Z")
            let century = try await client.send(
                .get,
                "/v1/statistics/collection?type=\(stepsType)&start=1925-01-01T00:00:00Z&end=2025-01-01T00:00:00Z&interval=hour",
                token: owner)
            #expect(century.status == 400)
            #expect(century.json?["detail"]?.string?.contains("narrow the range") == true)
            let heart = try await client.send(
                .get, "/v1/statistics?type=HKQuantityTypeIdentifierHeartRate&options=sum", token: owner)
            #expect(heart.status == 400)
            let none = try await client.send(.get, "/v1/statistics?type=HKQuantityTypeIdentifierBodyMass", token: owner)
            #expect(none.status == 404)
            #expect(none.json?["code"]?.number == 11)
        }
    }

    @Test("limits: a body over the size limit is 413; deep or long JSON is 400; a page over the limit is 400")
    func limits() async throws {
        let server = try await TestServer.make { configuration in
            configuration.limits.maxBodyBytes = 2_000
            configuration.limits.maxBatchSamples = 3
        }
        try await server.run { client in
            let token = server.token("stepsApp")
            let big = try await client.send(
                .post, "/v1/samples", token: token,
                json: #"{"samples":[\#(String(repeating: stepsJSON(1, minute: 0) + ",", count: 20))]}"#)
            #expect(big.status == 413)
            let deep = try await client.send(
                .post, "/v1/samples", token: token,
                json: String(repeating: "[", count: 40) + String(repeating: "]", count: 40))
            #expect(deep.status == 400)
            #expect(deep.json?["detail"]?.string?.contains("nested deeper") == true)
            let long = try await client.send(
                .post, "/v1/samples", token: token,
                json: #"{"samples":[{"type":"\#(String(repeating: "x", count: 1_500))"}]}"#)
            #expect(long.status == 400)
            let many = try await client.send(
                .post, "/v1/samples", token: token,
                json: #"{"samples":[\#((0..<4).map { stepsJSON(1, minute: $0) }.joined(separator: ","))]}"#)
            #expect(many.status == 400)
            #expect(try await client.send(.get, "/v1/samples?type=\(stepsType)&limit=5000", token: token).status == 400)
            #expect(try await client.send(.get, "/v1/samples?type=notAType", token: token).status == 400)
            #expect(
                try await client.send(.get, "/v1/samples?type=\(stepsType)&start=yesterday", token: token).status == 400
            )
        }
    }
}
