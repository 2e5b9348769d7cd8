import Foundation
import HealthCore
import HealthTesting
import NIOCore
import Testing

@testable import HealthServer

/// The pieces behind issue 44's findings 4–6 that need no socket: the connection registry's bounds, the webhook
/// address policy, delivery bounds, the upload area and the rate limiter's memory.
@Suite("Server: connection bounds, webhook policy, uploads")
struct ConnectionLimitsTests {
    final class Key {}

    /// A connection the registry can close: counts its closes.
    final class FakeConnection: Sendable {
        private let closes = Locked(0)
        var closed: Int { closes.withLock { $0 } }
        func close() { closes.withLock { $0 += 1 } }
    }

    @Test("past an address's bound its oldest unauthenticated connection is closed; authenticated ones stay")
    func perAddressEviction() {
        let registry = ConnectionRegistry(
            limits: .init(maxConnections: 100, maxUnauthenticatedPerAddress: 3), grace: 0)
        var keys: [Key] = []  // keep the identities alive
        func connect(_ address: String) -> (FakeConnection, ConnectionRegistry.Admission) {
            let connection = FakeConnection()
            let key = Key()
            keys.append(key)
            let id = ObjectIdentifier(key)
            return (connection, registry.admit(id, address: address) { connection.close() })
        }
        let first = connect("10.0.0.1")
        let authenticatedKey = Key()
        keys.append(authenticatedKey)
        let kept = FakeConnection()
        #expect(registry.admit(ObjectIdentifier(authenticatedKey), address: "10.0.0.1") { kept.close() } == .admitted)
        registry.authenticated(ObjectIdentifier(authenticatedKey))
        let second = connect("10.0.0.1")
        let third = connect("10.0.0.1")
        #expect([first.1, second.1, third.1].allSatisfy { $0 == .admitted })
        #expect(first.0.closed == 0)
        let fourth = connect("10.0.0.1")
        #expect(fourth.1 == .admitted)
        #expect(first.0.closed == 1, "the oldest unauthenticated one made room")
        #expect(kept.closed == 0 && second.0.closed == 0)
        let elsewhere = connect("10.0.0.2")
        #expect(elsewhere.1 == .admitted && second.0.closed == 0, "another address has its own bound")
        #expect(registry.counts.open == 5 && registry.counts.evicted == 1)
    }

    @Test("a connection the server is answering is closed to make room only when no idle one is left")
    func busyConnectionsGoLast() {
        let registry = ConnectionRegistry(
            limits: .init(maxConnections: 100, maxUnauthenticatedPerAddress: 2), grace: 0)
        let keys = (0..<4).map { _ in Key() }
        let connections = (0..<4).map { _ in FakeConnection() }
        func admit(_ index: Int) -> ConnectionRegistry.Admission {
            registry.admit(ObjectIdentifier(keys[index]), address: "a") { connections[index].close() }
        }
        #expect(admit(0) == .admitted)
        registry.busy(ObjectIdentifier(keys[0]), true)  // its request is in: not closed while idle ones exist
        #expect(admit(1) == .admitted)
        #expect(admit(2) == .admitted)
        #expect(connections[0].closed == 0 && connections[1].closed == 1, "the idle one went, though younger")
        registry.busy(ObjectIdentifier(keys[2]), true)
        #expect(admit(3) == .admitted)
        #expect(connections[0].closed == 1, "with only busy ones left, the oldest goes")
    }

    @Test("a fresh connection has a moment to send its head before it is the one closed to make room")
    func freshConnectionsHaveGrace() {
        let clock = Locked<UInt64>(0)
        let registry = ConnectionRegistry(
            limits: .init(maxConnections: 100, maxUnauthenticatedPerAddress: 2), grace: 100
        ) { clock.withLock { $0 } }
        let keys = (0..<4).map { _ in Key() }
        let connections = (0..<4).map { _ in FakeConnection() }
        func admit(_ index: Int, at time: UInt64) -> ConnectionRegistry.Admission {
            clock.withLock { $0 = time }
            return registry.admit(ObjectIdentifier(keys[index]), address: "a") { connections[index].close() }
        }
        #expect(admit(0, at: 0) == .admitted)  // an idle flood connection
        #expect(admit(1, at: 150) == .admitted)  // a client's connection, its head on the way
        #expect(admit(2, at: 160) == .admitted)  // the flood goes on
        #expect(connections[0].closed == 1 && connections[1].closed == 0)
        #expect(admit(3, at: 170) == .admitted)
        #expect(connections[1].closed == 1, "with no settled idle one left, the oldest idle one goes")
    }

    @Test("past the total bound the oldest unauthenticated connection goes; with none, the new one is refused")
    func totalBound() {
        let registry = ConnectionRegistry(
            limits: .init(maxConnections: 2, maxUnauthenticatedPerAddress: 10), grace: 0)
        let keys = (0..<4).map { _ in Key() }
        let connections = (0..<4).map { _ in FakeConnection() }
        #expect(registry.admit(ObjectIdentifier(keys[0]), address: "a") { connections[0].close() } == .admitted)
        #expect(registry.admit(ObjectIdentifier(keys[1]), address: "b") { connections[1].close() } == .admitted)
        registry.authenticated(ObjectIdentifier(keys[1]))
        #expect(registry.admit(ObjectIdentifier(keys[2]), address: "c") { connections[2].close() } == .admitted)
        #expect(connections[0].closed == 1 && connections[1].closed == 0)
        registry.authenticated(ObjectIdentifier(keys[2]))
        #expect(registry.admit(ObjectIdentifier(keys[3]), address: "d") { connections[3].close() } == .refused)
        registry.closed(ObjectIdentifier(keys[1]))
        #expect(registry.admit(ObjectIdentifier(keys[3]), address: "d") { connections[3].close() } == .admitted)
    }

    @Test(
        "webhooks may not reach special-purpose addresses, IPv4 ones inside IPv6 forms included",
        arguments: [
            "127.0.0.1", "10.1.2.3", "172.20.0.1", "192.168.1.1", "100.64.0.1", "169.254.169.254", "0.0.0.0",
            "198.18.0.1", "198.19.255.255", "192.0.2.1", "203.0.113.9", "224.0.0.1", "255.255.255.255", "::1", "::",
            "::7f00:1", "::ffff:127.0.0.1", "::ffff:0:a00:1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "64:ff9b::a00:1",
            "64:ff9b:1::1", "fec0::1",
            "fe80::1", "fd00::1", "ff02::1", "2001:db8::1", "3fff::1", "3fff:fff::1", "2001:2::1", "2002:7f00:1::",
            "2001:0:4136:e378:8000:63bf:80ff:fffe",
            "100::1",
        ])
    func privateAddresses(_ text: String) throws {
        let address = try SocketAddress(ipAddress: text, port: 80)
        #expect(WebhookURLPolicy.isPrivate(address), "\(text)")
    }

    @Test(
        "public addresses stay allowed",
        arguments: [
            "93.184.216.34", "8.8.8.8", "198.20.0.1", "2606:4700::1111", "64:ff9b::5db8:d822", "2002:5db8:d822::",
        ])
    func publicAddresses(_ text: String) throws {
        let address = try SocketAddress(ipAddress: text, port: 80)
        #expect(!WebhookURLPolicy.isPrivate(address), "\(text)")
    }

    @Test("a checked name is connected to at the address that was checked")
    func pinnedAddress() async throws {
        let policy = WebhookURLPolicy(allowPrivateAddresses: true, allowedHosts: [])
        let named = try await policy.check("http://localhost:8123/hook").get()
        #expect(named.pinnedAddress == "127.0.0.1" || named.pinnedAddress == "::1")
        #expect(named.receiver == "localhost:8123")
        let literal = try await policy.check("http://127.0.0.1:9/hook").get()
        #expect(literal.pinnedAddress == nil)
        let strict = WebhookURLPolicy(allowPrivateAddresses: false, allowedHosts: [])
        #expect(await strict.refusal("http://[64:ff9b::7f00:1]:9/") != nil)
        #expect(await strict.refusal("http://198.18.0.1:9/") != nil)
    }

    @Test("deliveries: one per webhook, a bound per receiver and in all")
    func deliveryBounds() {
        let bounds = DeliveryBounds(overall: 3, perReceiver: 2)
        #expect(bounds.start(delivery: "d1", webhook: "w1", receiver: "slow:80"))
        #expect(!bounds.start(delivery: "d2", webhook: "w1", receiver: "slow:80"), "one per webhook")
        #expect(bounds.start(delivery: "d3", webhook: "w2", receiver: "slow:80"))
        #expect(!bounds.start(delivery: "d4", webhook: "w3", receiver: "slow:80"), "the slow receiver is full")
        #expect(bounds.start(delivery: "d5", webhook: "w4", receiver: "fast:80"), "others go on")
        #expect(!bounds.start(delivery: "d6", webhook: "w5", receiver: "other:80"), "the overall bound")
        bounds.finish(delivery: "d1", webhook: "w1", receiver: "slow:80")
        #expect(bounds.start(delivery: "d2", webhook: "w1", receiver: "slow:80"))
        #expect(bounds.inFlight == 3)
    }

    @Test("uploads: private folders, a bound on disk, leftovers of dead processes removed")
    func uploadArea() throws {
        let folder = try TestScratch.newFolder("uploads").appendingPathComponent("area")
        let area = try UploadArea(folder: folder, capacity: 1_000, processID: 4_000_000)
        let job = try area.makeJobFolder("job1")
        let permissions = try FileManager.default.attributesOfItem(atPath: job.path)[.posixPermissions] as? Int
        #expect(permissions == 0o700)
        let own = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(own == 0o700)
        try area.take(600)
        #expect(throws: APIError.self) { try area.take(500) }
        #expect(throws: APIError.self) { try area.ensureRoom(for: 401) }
        area.release(job, bytes: 600)
        try area.take(1_000)
        #expect(!FileManager.default.fileExists(atPath: job.path))
        // A folder of a process that does not run (pid 4,000,001 is above Linux's pid limit) and one of this one.
        let dead = folder.appendingPathComponent("4000001-old")
        let alive = folder.appendingPathComponent("\(getpid())-current")
        for path in [dead, alive] {
            try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
        }
        #expect(area.removeLeftovers() == 1)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: alive.path))
    }

    @Test("import jobs: the person's one import is taken before the upload is read")
    func importReservation() {
        let jobs = ImportJobs()
        let now = Fixtures.date(2025, 1, 1)
        #expect(jobs.reserve("a", person: "ana", at: now))
        #expect(!jobs.reserve("b", person: "ana", at: now), "a second upload of ana is refused while the first arrives")
        #expect(jobs.reserve("c", person: "ben", at: now))
        jobs.cancel("a")
        #expect(jobs.reserve("b", person: "ana", at: now))
        #expect(jobs.job("a", person: "ana") == nil)
    }

    @Test("the rate limiter forgets full buckets past its key bound")
    func limiterMemoryIsBounded() {
        let clock = Locked(Fixtures.date(2025, 1, 1))
        let limiter = RateLimiter(rate: 10, burst: 2, maxKeys: 50) { clock.withLock { $0 } }
        for index in 0..<40 { #expect(limiter.take("address-\(index)") == nil) }
        clock.withLock { $0 = $0.addingTimeInterval(60) }  // every bucket refilled
        for index in 40..<200 { _ = limiter.take("address-\(index)") }
        #expect(limiter.keyCount <= 51)
        clock.withLock { $0 = $0.addingTimeInterval(0.001) }  // the newest bucket is never among the oldest half
        #expect(limiter.take("busy") == nil && limiter.take("busy") == nil)
        #expect(limiter.take("busy") != nil, "a bucket in use keeps its state")
    }
}
