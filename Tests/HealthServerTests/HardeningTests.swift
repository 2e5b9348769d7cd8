import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer
import HealthStorage
import HealthTesting
import Testing

/// Issue 44's findings, in process: what a response reveals by its shape, forged cursors, a bounded workouts page,
/// failed authentications. (The live suite, IntegrationTests/server/test_security.py, covers the same findings
/// and those that need sockets: timeouts, uploads, webhooks.)
@Suite("Server: hardening (issue 44)")
struct HardeningTests {
    /// Finding 1: another app's deletions of steps reach an app that may not read steps neither as deletions nor
    /// as a page that says more follow.
    @Test("deletions of a type an app may not read shape no page of its changes")
    func deletionsDoNotLeak() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let writer = server.token("writer")  // shares steps, may not read them
            let start = try #require(
                try await client.send(.get, "/v1/changes?type=\(stepsType)", token: writer).json?["anchor"]?.number)
            var uuids: [String] = []
            for minute in 0..<3 {
                let uuid = "5A4D1C3E-0000-4000-8000-00000000010\(minute)"
                uuids.append(uuid)
                let saved = try await client.send(
                    .post, "/v1/samples", token: server.token("stepsApp"),
                    json: #"{"samples":[\#(stepsJSON(10, minute: minute * 20, uuid: uuid))]}"#)
                #expect(saved.status == 201)
            }
            for uuid in uuids {
                #expect(
                    try await client.send(.delete, "/v1/samples/\(uuid)", token: server.token("stepsApp")).status == 204
                )
            }
            for limit in [1, 2, 100] {
                let page = try #require(
                    try await client.send(
                        .get, "/v1/changes?type=\(stepsType)&anchor=\(Int(start))&limit=\(limit)", token: writer
                    ).json)
                #expect(page["added"]?.array.isEmpty == true && page["deleted"]?.array.isEmpty == true)
                #expect(page["hasMore"] == .bool(false), "limit \(limit): hasMore reveals the deletions")
            }
            // A reader of steps sees all three.
            let reader = try #require(
                try await client.send(
                    .get, "/v1/changes?type=\(stepsType)&anchor=\(Int(start))", token: server.token("reader")
                ).json)
            #expect(reader["deleted"]?.array.count == 3)
        }
    }

    /// Finding 2: the source order names only sources the app could learn of by reading.
    @Test("the source order shows an app only the sources it may know of")
    func sourceOrderIsScoped() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let saved = try await client.send(
                .post, "/v1/samples", token: server.token("stepsApp"),
                json: #"{"samples":[\#(stepsJSON(10, minute: 0))]}"#)
            #expect(saved.status == 201)
            func order(_ caller: String) async throws -> [String] {
                let answer = try await client.send(.get, "/v1/source-order/\(stepsType)", token: server.token(caller))
                return answer.json?["order"]?.array.compactMap(\.string) ?? ["status \(answer.status)"]
            }
            #expect(try await order("owner").contains("com.example.steps"))
            #expect(try await order("reader") == ["com.example.steps"])
            #expect(try await order("writer").isEmpty, "may not read steps and saved none")
            #expect(try await order("stranger").isEmpty)
        }
    }

    /// Finding 6: a cursor is signed; one made by hand, or given to another token, is refused.
    @Test("page cursors are the server's own, for the token they were given to")
    func cursorsAreSigned() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            let samples = (0..<5).map { stepsJSON(Double($0 + 1), minute: $0 * 15) }.joined(separator: ",")
            #expect(
                try await client.send(.post, "/v1/samples", token: owner, json: #"{"samples":[\#(samples)]}"#).status
                    == 201)
            let first = try #require(
                try await client.send(.get, "/v1/samples?type=\(stepsType)&limit=2", token: owner).json)
            let cursor = try #require(first["nextCursor"]?.string)
            let second = try await client.send(
                .get, "/v1/samples?type=\(stepsType)&limit=2&cursor=\(cursor)", token: owner)
            #expect(second.status == 200 && second.json?["samples"]?.array.count == 2)
            // The old form, base64url JSON with a huge skip, made by hand.
            let forged = Data(#"{"a":0,"s":999999}"#.utf8).base64EncodedString()
                .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
            let refused = try await client.send(.get, "/v1/samples?type=\(stepsType)&cursor=\(forged)", token: owner)
            #expect(refused.status == 400)
            // The same payload with the signature of another payload.
            let parts = cursor.split(separator: ".")
            let spliced = forged + "." + (parts.last.map(String.init) ?? "")
            #expect(
                try await client.send(.get, "/v1/samples?type=\(stepsType)&cursor=\(spliced)", token: owner).status
                    == 400)
            // A cursor given to the owner, presented by the reader.
            let other = try await client.send(
                .get, "/v1/samples?type=\(stepsType)&cursor=\(cursor)", token: server.token("reader"))
            #expect(other.status == 400)
        }
    }

    /// Finding 6: `/v1/workouts` reads one page from the storage, not every workout of the window.
    @Test("a workouts page reads no more workouts than the page")
    func workoutsPageIsBounded() async throws {
        let runtime = HealthRuntime()
        let name = "server-workouts-\(UUID().uuidString)"
        let counting = CountingStorage()
        _ = runtime.memory("\(name)/people/ana", storage: counting)
        let server = try await TestServer.make(runtime: runtime, name: name)
        let ana = try server.server.people.database(of: "ana")
        let owner = ana.makeStore(for: .healthApp, policy: .grantAll)
        let start = Fixtures.date(2025, 6, 1, 6)
        try await owner.save(
            (0..<60).map { index in
                AnySample.workout(
                    Workout(
                        uuid: UUIDSequence.uuid(UInt64(9_000 + index)),
                        activityType: index.isMultiple(of: 2) ? .running : .walking,
                        start: start.addingTimeInterval(Double(index) * 3_600),
                        end: start.addingTimeInterval(Double(index) * 3_600 + 1_800)))
            })
        try await server.run { client in
            counting.reset()
            let page = try #require(
                try await client.send(.get, "/v1/workouts?limit=3&activityType=running", token: server.token("owner"))
                    .json)
            #expect(page["workouts"]?.array.count == 3 && page["hasMore"] == .bool(true))
            #expect(page["workouts"]?.array.allSatisfy { $0["activityType"]?.string == "running" } == true)
            #expect(counting.workoutsRead <= 4, "read \(counting.workoutsRead) workouts for a page of 3")
        }
    }

    /// Finding 6: failed authentications from one address are bounded; a valid token still gets its answer.
    @Test("failed authentications are rate-limited by address, valid tokens never")
    func failedAuthenticationsAreLimited() async throws {
        let server = try await TestServer.make { configuration in
            configuration.limits.failedAuthenticationBurst = 5
            configuration.limits.failedAuthenticationsPerSecond = 0.01
        }
        try await server.run { client in
            var statuses: [Int] = []
            for index in 0..<8 {
                let unknown = "ohk_" + String(repeating: "A", count: 42) + String(format: "%02d", index)
                let answer = try await client.send(.get, "/v1/samples?type=\(stepsType)", token: unknown)
                statuses.append(answer.status)
                if answer.status == 429 { #expect(answer.headers[.retryAfter] != nil) }
            }
            #expect(statuses.prefix(5).allSatisfy { $0 == 401 }, "\(statuses)")
            #expect(statuses.suffix(3).allSatisfy { $0 == 429 }, "\(statuses)")
            #expect(
                try await client.send(.get, "/v1/samples?type=\(stepsType)", token: server.token("owner")).status == 200
            )
            #expect(try await client.send(.get, "/v1/samples?type=\(stepsType)", token: "ohk_short").status == 429)
        }
    }
}

/// A storage that counts the workouts its sample reads return.
final class CountingStorage: ForwardingStorage, Sendable {
    let base: any SampleStorage = InMemoryStorage()
    private let workouts = Locked(0)

    var workoutsRead: Int { workouts.withLock { $0 } }
    func reset() { workouts.withLock { $0 = 0 } }

    func samples(matching request: SampleRequest) async throws(StorageError) -> [StoredSample] {
        let found = try await base.samples(matching: request)
        workouts.withLock { $0 += found.filter { $0.sample.workout != nil }.count }
        return found
    }
}
