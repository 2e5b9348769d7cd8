import Foundation
import HTTPTypes
import HealthRuntime
import HealthServer
import Testing

@Suite("Server: tokens")
struct AuthenticationTests {
    @Test("missing, malformed, unknown and revoked tokens get the same 401 problem")
    func refusedTokens() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let path = "/v1/samples?type=\(stepsType)"
            let missing = try await client.send(.get, path)
            #expect(missing.status == 401)
            #expect(missing.contentType == "application/problem+json")
            #expect(missing.headers[.wwwAuthenticate] == "Bearer")
            for token in ["nonsense", "ohk_short", "ohk_" + String(repeating: "A", count: 43), server.token("revoked")]
            {
                let answer = try await client.send(.get, path, token: token)
                #expect(answer.status == 401, "token \(token.prefix(8))…")
                #expect(answer.json?["detail"]?.string == "the token is not valid")
                #expect(answer.json?["type"]?.string == "https://openhealthkit.org/problems/unauthorized")
            }
            let bearerless = try await client.send(.get, path, headers: [.authorization: server.token("owner")])
            #expect(bearerless.status == 401)
            #expect(try await client.send(.get, path, token: server.token("owner")).status == 200)
            #expect(try await client.send(.get, "/healthz").status == 200, "health needs no token")
        }
    }

    @Test("another process's revocation applies within a second of the server's clock")
    func revocationByAnotherProcess() async throws {
        let server = try await TestServer.make()
        let token = server.token("stepsApp")
        // `ohk server revoke-token` is another process: its registry shares the database, not the server's memory.
        let other = Registry(store: try server.server.people.serverDatabase().keyValues, clock: { server.clock.now })
        try await server.run { client in
            #expect(try await client.send(.get, "/v1/types", token: token).status == 200)
            _ = try await other.revokeToken(token)
            server.clock.advance(1)
            #expect(try await client.send(.get, "/v1/types", token: token).status == 401)
        }
    }

    @Test("a revoked token stops working at once; the registry keeps only hashes")
    func revocationAndHashes() async throws {
        let server = try await TestServer.make()
        let token = server.token("stepsApp")
        try await server.run { client in
            #expect(try await client.send(.get, "/v1/types", token: token).status == 200)
            _ = try await server.server.registry.revokeToken(token)
            #expect(try await client.send(.get, "/v1/types", token: token).status == 401)
        }
        let records = try await server.server.registry.tokens(of: "ana")
        #expect(records.count == 8, "owner, five apps, two mirrors")
        #expect(records.allSatisfy { record in !server.tokens.values.contains { $0.contains(record.hash) } })
        #expect(records.allSatisfy { $0.hash.utf8.count == 64 })
        #expect(server.tokens.values.allSatisfy { $0.hasPrefix("ohk_") && $0.utf8.count == 47 })
    }

    @Test("each token has a rate limit: 429 with Retry-After, then requests pass again")
    func rateLimit() async throws {
        let server = try await TestServer.make { configuration in
            configuration.limits.requestsPerSecond = 1
            configuration.limits.burst = 3
        }
        try await server.run { client in
            for _ in 0..<3 {
                #expect(try await client.send(.get, "/v1/types", token: server.token("owner")).status == 200)
            }
            let limited = try await client.send(.get, "/v1/types", token: server.token("owner"))
            #expect(limited.status == 429)
            #expect(limited.headers[.retryAfter] == "1")
            #expect(
                try await client.send(.get, "/v1/types", token: server.token("benOwner")).status == 200, "per token")
            server.clock.advance(1)
            #expect(try await client.send(.get, "/v1/types", token: server.token("owner")).status == 200)
        }
    }
}
