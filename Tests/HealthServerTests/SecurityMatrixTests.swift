import Foundation
import HTTPTypes
import HealthServer
import Testing

/// Every route × every kind of caller: refused or hidden exactly as HealthKit would, never a 500, and never a
/// byte of another person's data.
@Suite("Server: security matrix")
struct SecurityMatrixTests {
    struct Route: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var json: String?
        var ownerOnly = false
        var writes = false
        /// Reached by a device's mirror token only (`/v1/sync/…`); every other route refuses mirror tokens.
        var mirrorOnly = false
        var headers: HTTPFields = [:]
        var description: String { "\(method) \(path.prefix(60))" }
    }

    static let anaSample = "5A4D1C3E-0000-4000-8000-0000000000AA"

    static let routes: [Route] = [
        Route(method: .get, path: "/v1/types"),
        Route(method: .post, path: "/v1/authorization", json: #"{"read":["\#(stepsType)"]}"#),
        Route(method: .get, path: "/v1/authorization/status?type=\(stepsType)"),
        Route(method: .get, path: "/v1/authorization/pending", ownerOnly: true),
        Route(
            method: .post, path: "/v1/authorization/decisions",
            json: #"{"app":"com.example.x","read":["\#(stepsType)"]}"#, ownerOnly: true),
        Route(method: .post, path: "/v1/samples", json: #"{"samples":[\#(stepsJSON(3, minute: 100))]}"#, writes: true),
        Route(method: .get, path: "/v1/samples?type=\(stepsType)"),
        Route(method: .get, path: "/v1/samples/\(anaSample)"),
        Route(method: .delete, path: "/v1/samples/\(anaSample)", writes: true),
        Route(method: .post, path: "/v1/samples/delete", json: #"{"type":"\#(stepsType)"}"#, writes: true),
        Route(method: .get, path: "/v1/changes?type=\(stepsType)"),
        Route(method: .get, path: "/v1/statistics?type=\(stepsType)"),
        Route(
            method: .get,
            path: "/v1/statistics/collection?type=\(stepsType)&start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z"),
        Route(method: .get, path: "/v1/sources?type=\(stepsType)"),
        Route(method: .get, path: "/v1/source-order/\(stepsType)"),
        Route(method: .put, path: "/v1/source-order/\(stepsType)", json: #"{"order":["a.b"]}"#, ownerOnly: true),
        Route(method: .get, path: "/v1/workouts"),
        Route(method: .get, path: "/v1/workouts/\(anaSample)"),
        Route(method: .get, path: "/v1/workouts/\(anaSample)/route"),
        Route(method: .get, path: "/v1/activity-summaries"),
        Route(method: .get, path: "/v1/characteristics"),
        Route(method: .get, path: "/v1/import/nope", ownerOnly: false),
        Route(method: .get, path: "/v1/export", ownerOnly: true),
        Route(method: .post, path: "/v1/import", json: "not an export", ownerOnly: true),
        Route(
            method: .post, path: "/mcp",
            json:
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"samples","arguments":{"type":"steps"}}}"#,
            headers: [
                .accept: "application/json, text/event-stream", HTTPField.Name("MCP-Protocol-Version")!: "2025-06-18",
            ]),
        Route(method: .get, path: "/v1/webhooks"),
        Route(
            method: .post, path: "/v1/webhooks", json: #"{"url":"http://127.0.0.1:9/hook","types":["\#(stepsType)"]}"#),
        Route(method: .delete, path: "/v1/webhooks/nope"),
        Route(
            method: .post, path: "/v1/sync/batches",
            json:
                #"{"batch":"m-1","type":"\#(stepsType)","samples":[\#(mirroredStepsJSON)],"deleted":[{"uuid":"\#(anaSample)","type":"\#(stepsType)"}]}"#,
            writes: true, mirrorOnly: true),
        Route(method: .get, path: "/v1/sync/status", mirrorOnly: true),
    ]

    /// A step sample of the phone's own source, as a mirror sends it.
    static let mirroredStepsJSON =
        #"{"uuid":"5A4D1C3E-0000-4000-8000-0000000000BB","type":"\#(stepsType)","startDate":"2025-06-01T10:00:00Z","#
        + #""endDate":"2025-06-01T10:05:00Z","quantity":{"value":17,"unit":"count"},"#
        + #""source":{"name":"Ana's iPhone","bundleIdentifier":"com.apple.health.5A4D1C3E"}}"#

    @Test("no token, a malformed one, a revoked one: 401 on every route")
    func unauthenticated() async throws {
        // 124 failed authentications from one address: past the default failure bound (HardeningTests covers it).
        let server = try await TestServer.make { $0.limits.failedAuthenticationBurst = 1_000 }
        try await server.run { client in
            for route in Self.routes {
                for token in [nil, "ohk_broken", server.token("revoked"), server.token("oldPhone")] {
                    let answer = try await client.send(
                        route.method, route.path, token: token, json: route.json, headers: route.headers)
                    #expect(answer.status == 401, "\(route) with \(token?.prefix(8) ?? "no token")")
                }
            }
        }
    }

    @Test("other people and apps: owner-only routes 403, writes refused without a grant, reads hidden, never 5xx")
    func authorizationAndIsolation() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            // Ana's data: a step sample of the steps app, her characteristics.
            let seed = try await client.send(
                .post, "/v1/samples", token: server.token("stepsApp"),
                json: #"{"samples":[\#(stepsJSON(4321, minute: 0, uuid: Self.anaSample))]}"#)
            #expect(seed.status == 201)
            for caller in ["benOwner", "stranger", "reader", "writer", "stepsApp", "owner", "phone", "benPhone"] {
                for route in Self.routes {
                    let answer = try await client.send(
                        route.method, route.path, token: server.token(caller), json: route.json, headers: route.headers)
                    let context = "\(caller): \(route) → \(answer.status)"
                    #expect(answer.status < 500, "\(context) \(answer.text.prefix(200))")
                    if answer.status >= 400 {
                        #expect(answer.contentType == "application/problem+json", "\(context)")
                    }
                    let isOwner = caller == "owner" || caller == "benOwner"
                    let isMirror = caller == "phone" || caller == "benPhone"
                    if route.ownerOnly, !isOwner { #expect(answer.status == 403, "\(context)") }
                    // A mirror token reaches /v1/sync only; every other token is refused there.
                    if route.mirrorOnly != isMirror { #expect(answer.status == 403, "\(context)") }
                    if route.mirrorOnly, isMirror {
                        #expect(answer.status == 200, "\(context) \(answer.text.prefix(200))")
                    }
                    if isMirror {
                        // A mirror reads nothing: Ana's sample's value never reaches it (ben's phone: not even the
                        // UUID, which it names only in its own batch's deletion).
                        #expect(!answer.text.contains("4321"), "\(context) leaked a value")
                        #expect(!answer.text.contains("com.example.steps"), "\(context) named another app's source")
                    }
                    if caller == "benOwner" || caller == "stranger" || caller == "writer" {
                        // Ana's sample (value 4321, its UUID) is never visible to these callers.
                        #expect(!answer.text.contains("4321"), "\(context) leaked a value")
                        if !route.path.contains(Self.anaSample) {
                            #expect(!answer.text.contains(Self.anaSample), "\(context) leaked a UUID")
                        }
                        // Nor the app that saved it: no route names a source the caller could not read of.
                        #expect(!answer.text.contains("com.example.steps"), "\(context) named another app's source")
                    }
                    if route.writes, route.method == .post, route.path == "/v1/samples" {
                        let allowed = ["benOwner", "writer", "stepsApp", "owner"].contains(caller)
                        #expect((answer.status == 201) == allowed, "\(context)")
                        if caller == "reader" { #expect(answer.json?["code"]?.number == 4, "\(context)") }
                        if caller == "stranger" { #expect(answer.json?["code"]?.number == 5, "\(context)") }
                    }
                }
            }
            // Ben's deletes touched his own (empty) store; Ana's phone's batch (it mirrors her store) deleted her
            // sample, as her phone may. Ben's phone's batch went into Ben's store only.
            let still = try await client.send(.get, "/v1/samples/\(Self.anaSample)", token: server.token("owner"))
            #expect(still.status == 404 || still.json?["quantity"]?["value"]?.number == 4321)
            let mirrored = "5A4D1C3E-0000-4000-8000-0000000000BB"
            let anas = try await client.send(.get, "/v1/samples/\(mirrored)", token: server.token("owner"))
            #expect(anas.json?["source"]?["bundleIdentifier"]?.string == "com.apple.health.5A4D1C3E")
            let bens = try await client.send(.get, "/v1/samples/\(mirrored)", token: server.token("benOwner"))
            #expect(bens.json?["source"]?["bundleIdentifier"]?.string == "com.apple.health.5A4D1C3E")
            #expect(bens.json?["quantity"]?["value"]?.number == 17)
        }
    }
}
