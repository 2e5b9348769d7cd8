import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer
import HealthSimulation
import HealthTesting
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// A clock the test moves by hand.
final class TestClock: HealthClock, Sendable {
    private let current: Locked<Date>
    init(_ start: Date = Fixtures.date(2025, 6, 10, 12)) { current = Locked(start) }
    var now: Date { current.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Deterministic "random" bytes for tokens and secrets.
final class TestRandom: Sendable {
    private let generator = Locked(SplitMix64(seed: 7))
    func bytes(_ count: Int) -> [UInt8] {
        generator.withLock { rng in (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) } }
    }
}

/// A server over in-memory stores with two people and tokens of every kind.
///
/// Ana (policy `ask`): `owner`; `stepsApp` (share and read steps); `reader` (read steps and heart rate, share
/// nothing); `writer` (share steps, read nothing); `stranger` (an app with no grants); `revoked`; `phone` (a mirror
/// token of the device `anas-iphone`) and `oldPhone` (a revoked mirror). Ben: `benOwner`, `benPhone` (a mirror).
struct TestServer {
    let server: HealthServer
    let clock: TestClock
    let tokens: [String: String]

    /// - Parameters:
    ///   - runtime: The runtime the server opens its stores in (a test may open a person's store there first,
    ///     over a storage of its own: `runtime.memory("\(name)/people/ana", storage: …)`).
    ///   - name: The in-memory data location's name.
    static func make(
        policy: Person.Policy = .ask, runtime: HealthRuntime = HealthRuntime(),
        name: String = "server-\(UUID().uuidString)", configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let clock = TestClock()
        let random = TestRandom()
        let uuids = UUIDSequence(start: 1)
        var configuration = ServerConfiguration(
            data: .memory(name),
            environment: RuntimeEnvironment(clock: clock, calendar: Fixtures.calendar(), uuids: uuids.next),
            random: random.bytes)
        configure(&configuration)
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let server = try HealthServer(configuration: configuration, runtime: runtime, logger: logger)
        let registry = server.registry
        try await registry.addPerson("ana", policy: policy)
        try await registry.addPerson("ben", policy: .grantAll)
        var tokens: [String: String] = [:]
        func issue(_ name: String, person: String = "ana", app: String? = nil, mirror: String? = nil) async throws {
            tokens[name] = try await registry.issueToken(
                person: person, app: app, appName: app, label: name, mirror: mirror, random: random.bytes
            ).0.value
        }
        try await issue("owner")
        try await issue("stepsApp", app: "com.example.steps")
        try await issue("reader", app: "com.example.reader")
        try await issue("writer", app: "com.example.writer")
        try await issue("stranger", app: "com.example.stranger")
        try await issue("revoked", app: "com.example.revoked")
        try await issue("benOwner", person: "ben")
        try await issue("phone", mirror: "anas-iphone")
        try await issue("oldPhone", mirror: "anas-old-iphone")
        try await issue("benPhone", person: "ben", mirror: "bens-iphone")
        _ = try await registry.revokeToken(tokens["revoked"] ?? "")
        _ = try await registry.revokeToken(tokens["oldPhone"] ?? "")
        let ana = try server.people.database(of: "ana")
        func grant(_ app: String, share: Set<SampleType>, read: Set<SampleType>) async throws {
            let engine = ana.makeStore(for: AppIdentity(bundleIdentifier: app, name: app), policy: .denyAll)
            try await Grants.apply(to: engine, share: share, read: read)
        }
        let steps = SampleType.quantity(.stepCount)
        let heart = SampleType.quantity(.heartRate)
        try await grant("com.example.steps", share: [steps], read: [steps])
        try await grant("com.example.reader", share: [], read: [steps, heart])
        try await grant("com.example.writer", share: [steps], read: [])
        // The reader's share and the writer's read are explicitly denied (decided, not pending).
        let readerEngine = ana.makeStore(
            for: AppIdentity(bundleIdentifier: "com.example.reader", name: "reader"), policy: .denyAll)
        try await readerEngine.setAuthorization(for: steps, share: false, read: nil)
        let writerEngine = ana.makeStore(
            for: AppIdentity(bundleIdentifier: "com.example.writer", name: "writer"), policy: .denyAll)
        try await writerEngine.setAuthorization(for: steps, share: nil, read: false)
        return TestServer(server: server, clock: clock, tokens: tokens)
    }

    func token(_ name: String) -> String { tokens[name] ?? "missing-\(name)" }

    /// Runs requests against the router in process.
    func run(_ body: @escaping @Sendable (Client) async throws -> Void) async throws {
        var logger = Logger(label: "test")
        logger.logLevel = .warning
        let app = Application(router: server.router(), logger: logger)
        try await app.test(.router) { client in try await body(Client(client: client)) }
    }

    /// A test client that speaks JSON.
    struct Client: Sendable {
        let client: any TestClientProtocol

        struct Answer: Sendable {
            let status: Int
            let headers: HTTPFields
            let text: String
            var json: JSONValue? { try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }
            var contentType: String? { headers[.contentType] }
        }

        @discardableResult
        func send(
            _ method: HTTPRequest.Method, _ path: String, token: String? = nil, json: String? = nil,
            body: [UInt8]? = nil, headers extra: HTTPFields = [:]
        ) async throws -> Answer {
            var headers = extra
            if let token { headers[.authorization] = "Bearer \(token)" }
            var buffer: ByteBuffer?
            if let json {
                headers[.contentType] = "application/json"
                buffer = ByteBuffer(string: json)
            } else if let body {
                buffer = ByteBuffer(bytes: body)
            }
            return try await client.execute(uri: path, method: method, headers: headers, body: buffer) { response in
                Answer(
                    status: Int(response.status.code), headers: response.headers,
                    text: String(buffer: response.body))
            }
        }
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var array: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }
}

/// JSON for a step sample at a minute of 2025-06-01 (UTC).
func stepsJSON(_ value: Double, minute: Int, length: Int = 10, uuid: String? = nil) -> String {
    let start = Fixtures.date(2025, 6, 1, 8).addingTimeInterval(Double(minute) * 60)
    let end = start.addingTimeInterval(Double(length) * 60)
    let formatter = Date.ISO8601FormatStyle()
    let id = uuid.map { #""uuid":"\#($0)","# } ?? ""
    return #"{\#(id)"type":"HKQuantityTypeIdentifierStepCount","startDate":"\#(start.formatted(formatter))","#
        + #""endDate":"\#(end.formatted(formatter))","quantity":{"value":\#(value),"unit":"count"}}"#
}

let stepsType = "HKQuantityTypeIdentifierStepCount"
