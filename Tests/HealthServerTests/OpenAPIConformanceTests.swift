import Foundation
import HealthCore
import HealthServer
import Hummingbird
import Testing

/// The served OpenAPI document describes exactly the routes the server has — but the dashboard's (HTML pages and
/// the API's own routes again under the session cookie, docs/decisions/0010-dashboard.md).
@Suite("Server: the OpenAPI document")
struct OpenAPIConformanceTests {
    @Test("every route is documented, and every documented operation is a route")
    func routesMatchTheDocument() async throws {
        let server = try await TestServer.make()
        let routes = Set(
            server.server.router().routes.filter { $0.path.description.split(separator: "/").first != "dashboard" }.map
            { route in
                let path = route.path.description.split(separator: "/").map { part in
                    part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
                }.joined(separator: "/")
                return "\(route.method.rawValue.lowercased()) /\(path)"
            })
        let collected = Collected()
        try await server.run { client in
            let answer = try await client.send(.get, "/openapi.json")
            #expect(answer.status == 200)
            guard case .object(let paths)? = answer.json?["paths"] else {
                Issue.record("no paths in /openapi.json")
                return
            }
            for (path, item) in paths {
                guard case .object(let operations) = item else { continue }
                for method in operations.keys where ["get", "post", "put", "delete", "patch"].contains(method) {
                    collected.insert("\(method) \(path)")
                }
            }
            #expect(answer.json?["openapi"]?.string == "3.1.0")
        }
        let documented = collected.values
        #expect(routes.subtracting(documented).isEmpty, "undocumented: \(routes.subtracting(documented).sorted())")
        #expect(documented.subtracting(routes).isEmpty, "not served: \(documented.subtracting(routes).sorted())")
    }

    @Test("the document's type enums are exactly the types the server knows")
    func typeEnumsMatchTheCatalog() async throws {
        let server = try await TestServer.make()
        let quantities = Set(QuantityTypeCatalog.all.map(\.identifier.rawValue))
        let known = quantities.union(CategoryTypeCatalog.all.map(\.identifier.rawValue))
            .union(CorrelationTypeIdentifier.allKnown.map(\.rawValue))
            .union(
                [SampleType.workout, .workoutRoute, .heartbeatSeries, .audiogram, .electrocardiogram].map(\.identifier))
        let collected = Collected()
        try await server.run { client in
            let schemas = try await client.send(.get, "/openapi.json").json?["components"]?["schemas"]
            for value in schemas?["SampleTypeIdentifier"]?["enum"]?.array ?? [] {
                collected.insert("sample " + (value.string ?? ""))
            }
            for value in schemas?["QuantityTypeIdentifier"]?["enum"]?.array ?? [] {
                collected.insert("quantity " + (value.string ?? ""))
            }
            // Every listed type is accepted, and a well-formed unknown one is refused with a problem.
            let token = server.tokens["owner"] ?? ""
            let unknown = try await client.send(.get, "/v1/changes?type=HKQuantityTypeIdentifierMadeUp", token: token)
            #expect(unknown.status == 400 && unknown.contentType == "application/problem+json")
        }
        let sample = Set(collected.values.filter { $0.hasPrefix("sample ") }.map { String($0.dropFirst(7)) })
        let quantity = Set(collected.values.filter { $0.hasPrefix("quantity ") }.map { String($0.dropFirst(9)) })
        #expect(sample == known, "differ: \(sample.symmetricDifference(known).sorted())")
        #expect(quantity == quantities)
    }

    @Test("a known path with a method it lacks is 405 with Allow; an empty parameter is a 400")
    func methodsAndEmptyParameters() async throws {
        let server = try await TestServer.make()
        let token = server.tokens["owner"] ?? ""
        try await server.run { client in
            let trace = try await client.send(.init("TRACE")!, "/v1/types", token: token)
            #expect(trace.status == 405)
            #expect(trace.headers[.allow] == "GET, HEAD")
            let put = try await client.send(.put, "/v1/samples/\(UUID().uuidString)", token: token)
            #expect(put.status == 405)
            #expect(put.headers[.allow] == "DELETE, GET, HEAD")
            let nowhere = try await client.send(.get, "/v1/nowhere", token: token)
            #expect(nowhere.status == 404)
            let empty = try await client.send(.get, "/v1/activity-summaries?to=", token: token)
            #expect(empty.status == 400)
            #expect(empty.json?["detail"]?.string == "to is empty (leave it out instead)")
        }
    }
}

/// Strings collected inside a test client's closure.
final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: Set<String> = []
    func insert(_ value: String) { lock.withLock { _ = storage.insert(value) } }
    var values: Set<String> { lock.withLock { storage } }
}
