import Foundation
import HTTPTypes
import HealthServer
import Testing

@Suite("Server: HealthKit's authorization over HTTP")
struct AuthorizationRouteTests {
    @Test("ask: a request waits for the person; the person's decision takes effect at once")
    func askPolicy() async throws {
        let server = try await TestServer.make(policy: .ask)
        try await server.run { client in
            let app = server.token("stranger")
            let asked = try await client.send(
                .post, "/v1/authorization", token: app, json: #"{"share":["\#(stepsType)"],"read":["\#(stepsType)"]}"#)
            #expect(asked.status == 202)
            #expect(asked.json?["status"]?.string == "pending")
            let status = try await client.send(.get, "/v1/authorization/status?type=\(stepsType)", token: app)
            #expect(status.json?["status"]?.string == "notDetermined")
            let refused = try await client.send(
                .post, "/v1/samples", token: app, json: #"{"samples":[\#(stepsJSON(5, minute: 0))]}"#)
            #expect(refused.status == 403)
            #expect(refused.json?["code"]?.number == 5, "not determined")
            #expect(try await client.send(.get, "/v1/authorization/pending", token: app).status == 403)
            let pending = try await client.send(.get, "/v1/authorization/pending", token: server.token("owner"))
            #expect(pending.json?["pending"]?.array.first?["app"]?.string == "com.example.stranger")
            let decided = try await client.send(
                .post, "/v1/authorization/decisions", token: server.token("owner"),
                json: #"{"app":"com.example.stranger","share":["\#(stepsType)"],"denyRead":["\#(stepsType)"]}"#)
            #expect(decided.status == 200)
            #expect(
                try await client.send(
                    .post, "/v1/samples", token: app, json: #"{"samples":[\#(stepsJSON(5, minute: 0))]}"#
                ).status == 201)
            let after = try await client.send(.get, "/v1/authorization/status?type=\(stepsType)", token: app)
            #expect(after.json?["status"]?.string == "sharingAuthorized")
            #expect(
                try await client.send(.get, "/v1/authorization/pending", token: server.token("owner")).json?["pending"]?
                    .array.isEmpty == true)
        }
    }

    @Test("grant-all and deny-all answer at once; a refused save is code 4; apps may never share computed types")
    func immediatePolicies() async throws {
        for policy: Person.Policy in [.grantAll, .denyAll] {
            let server = try await TestServer.make(policy: policy)
            try await server.run { client in
                let app = server.token("stranger")
                let asked = try await client.send(
                    .post, "/v1/authorization", token: app, json: #"{"share":["\#(stepsType)"],"read":[]}"#)
                #expect(asked.json?["status"]?.string == "processed")
                let save = try await client.send(
                    .post, "/v1/samples", token: app, json: #"{"samples":[\#(stepsJSON(5, minute: 0))]}"#)
                #expect(save.status == (policy == .grantAll ? 201 : 403))
                if policy == .denyAll { #expect(save.json?["code"]?.number == 4) }
                let computed = try await client.send(
                    .post, "/v1/authorization", token: app,
                    json: #"{"share":["HKQuantityTypeIdentifierAppleExerciseTime"]}"#)
                #expect(computed.status == 400)
                #expect(computed.json?["code"]?.number == 3)
            }
        }
    }

    @Test("a read-denied app sees only its own samples, with no error; the read grant reveals the rest")
    func readDenied() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            _ = try await client.send(
                .post, "/v1/samples", token: server.token("stepsApp"),
                json: #"{"samples":[\#(stepsJSON(100, minute: 0))]}"#)
            _ = try await client.send(
                .post, "/v1/samples", token: server.token("writer"),
                json: #"{"samples":[\#(stepsJSON(7, minute: 30))]}"#)
            let own = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: server.token("writer"))
            #expect(own.status == 200)
            #expect(own.json?["samples"]?.array.compactMap { $0["quantity"]?["value"]?.number } == [7])
            let all = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: server.token("reader"))
            #expect(all.json?["samples"]?.array.count == 2)
            let sharing = try await client.send(
                .get, "/v1/authorization/status?type=\(stepsType)", token: server.token("reader"))
            #expect(sharing.json?["status"]?.string == "sharingDenied")
        }
    }
}
