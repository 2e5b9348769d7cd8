import Foundation
import HealthCore
import HealthKit
import HealthQuery
import HealthServer
import HealthSync
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HealthSync on Linux, end to end: a simulated phone (iPhone + Watch, ten days of steps, heart rate, energy,
/// sleep) mirrored into a live server on loopback, through faults. After each run the server holds exactly the
/// phone's samples, and its merged daily steps over HTTP equal the phone's `HKStatisticsCollectionQuery`.
@Suite("HealthSync: a phone mirrored into the server", .serialized)
struct HealthSyncEndToEndTests {
    @Test(
        "a first sync backfills everything; changes on the phone follow, deletions included",
        arguments: SyncHarness.Backend.servers)
    func mirrorsThePhone(backend: SyncHarness.Backend) async throws {
        let harness = try await SyncHarness.make(backend: backend)
        try await harness.live { url in
            let sync = try await harness.authorizedSync(url)
            await sync.syncNow()
            var (phone, server) = try await harness.holdings()
            #expect(phone.count > 1_000, "the phone holds \(phone.count) samples")
            #expect(server == phone, "\(Self.difference(phone, server))")
            #expect(await sync.diagnostics().allSatisfy { $0.state == .synced && $0.backfillDone })

            // The phone changes: three of its samples deleted (the Watch's and the iPhone's), one saved again
            // under a new UUID (what HealthKit's sync-version replacement does), an app's sample added.
            let device = harness.device
            let stored = try await device.samples(of: [.quantity(.stepCount)])
            try await device.delete(Array(stored.prefix(3)))
            var again = stored[3]
            try await device.delete([again])
            again.uuid = UUID(uuid: (7, 7, 7, 7, 7, 7, 0x47, 7, 0x87, 7, 7, 7, 7, 7, 7, 7))
            try await device.save([again])
            let walks = HKHealthStore(
                configuration: harness.phone.configuration.with(
                    app: HKHealthStore.Configuration.App(bundleIdentifier: "com.example.walks", name: "Walks")))
            let steps = HKQuantityType(.stepCount)
            try await walks.requestAuthorization(toShare: [steps], read: [])
            try await walks.save(
                HKQuantitySample(
                    type: steps, quantity: HKQuantity(unit: .count(), doubleValue: 321),
                    start: SyncHarness.start.addingTimeInterval(86_400 + 3_600),
                    end: SyncHarness.start.addingTimeInterval(86_400 + 4_200)))
            await sync.syncNow()
            (phone, server) = try await harness.holdings()
            #expect(server == phone, "\(Self.difference(phone, server))")
            let days = try await harness.dailySteps(url, days: 10)
            #expect(!days.phone.isEmpty)
            // Equal to the last bits a different summation order leaves (1e-15 of a day's steps).
            #expect(Set(days.server.keys) == Set(days.phone.keys))
            for (day, steps) in days.phone {
                #expect(
                    abs((days.server[day] ?? -1) - steps) < 1e-6,
                    "\(day): the server merges the iPhone and the Watch as the phone does")
            }
        }
    }

    @Test(
        "lost replies, resets and 503s: every batch is applied once, nothing is lost",
        arguments: SyncHarness.Backend.servers)
    func unreliableNetwork(backend: SyncHarness.Backend) async throws {
        let harness = try await SyncHarness.make(days: 4, backend: backend)
        try await harness.live { url in
            // Every third request reaches the server and its reply is lost; every fifth is reset before it is
            // sent; every seventh is answered 503 with Retry-After.
            let faults = FaultyTransport { index in
                index % 3 == 1 ? .loseReply : index % 5 == 2 ? .reset : index % 7 == 3 ? .busy : .pass
            }
            let sync = try await harness.authorizedSync(url, transport: faults, batchLimit: 50)
            await sync.syncNow()
            let (phone, server) = try await harness.holdings()
            #expect(server == phone, "\(Self.difference(phone, server))")
            #expect(faults.counts[.loseReply, default: 0] > 3, "the faults happened: \(faults.counts)")
            // Each retried batch was applied once: the server counted no sample twice and no batch twice.
            let status = try await Self.status(url, token: harness.phoneToken)
            #expect(status.map { $0["duplicates"] as? Int } == status.map { _ in 0 }, "\(status)")
            #expect(status.reduce(0) { $0 + ($1["inserted"] as? Int ?? 0) } == server.count)
            #expect(await sync.diagnostics().allSatisfy { $0.state == .synced })
        }
    }

    @Test("a batch that never got through (the app killed, the network gone) is sent by the next sync, from the outbox")
    func killedMidBatch() async throws {
        let harness = try await SyncHarness.make(days: 3)
        try await harness.live { url in
            // The first sync's network dies after 3 requests, mid-backfill: the fourth batch waits in the outbox.
            let dying = FaultyTransport { index in index < 3 ? .pass : .reset }
            let first = try await harness.authorizedSync(url, transport: dying, batchLimit: 40)
            await first.syncNow()
            #expect(await first.diagnostics().contains { $0.state == .waitingForServer })
            // The batch that was not acknowledged waits in the outbox, with the one built while it travelled.
            let waiting = try Self.outbox(harness)
            #expect(waiting.count == 2, "\(waiting)")
            // A new process: a new HealthSync on the same folder.
            let second = try await harness.authorizedSync(url, batchLimit: 40)
            await second.syncNow()
            var (phone, server) = try await harness.holdings()
            #expect(server == phone, "\(Self.difference(phone, server))")

            // Live changes, then the network dies before their batch gets through, and the app is killed. (Checked
            // by mutation: saving the anchor before the reply loses this batch, and the comparison below fails.)
            let device = harness.device
            let stored = try await device.samples(of: [.quantity(.heartRate)])
            try await device.delete(Array(stored.suffix(2)))
            let third = try await harness.authorizedSync(url, transport: FaultyTransport { _ in .reset })
            await third.syncNow()
            #expect(try Self.outbox(harness).count == 1)
            let fourth = try await harness.authorizedSync(url)
            await fourth.syncNow()
            (phone, server) = try await harness.holdings()
            #expect(server == phone, "\(Self.difference(phone, server))")
            let status = try await Self.status(url, token: harness.phoneToken)
            #expect(status.allSatisfy { ($0["rejected"] as? Int) == 0 && ($0["conflicts"] as? Int) == 0 })
        }
    }

    @Test("the next batch is built while one travels (one in flight, answered in order); nothing is lost")
    func buildsAheadWhileABatchTravels() async throws {
        let harness = try await SyncHarness.make(days: 3)
        try await harness.live { url in
            // Each request waits (up to 5 s) until the outbox holds the batch after it: without pipelining it never
            // does, as HealthSync builds a batch only after the one before it is answered.
            let outbox = harness.folder.appendingPathComponent("outbox")
            let watching = OutboxWatchingTransport(outbox: outbox)
            let sync = try await harness.authorizedSync(url, transport: watching, batchLimit: 40)
            await sync.syncNow()
            let (phone, server) = try await harness.holdings()
            #expect(server == phone, "\(Self.difference(phone, server))")
            #expect(await sync.diagnostics().allSatisfy { $0.state == .synced && $0.backfillDone })
            let seen = watching.seen
            #expect(seen.count > 10, "\(seen.count) requests")
            #expect(seen.filter { $0 }.count * 10 >= seen.count * 8, "the next batch was built ahead: \(seen)")
            #expect(watching.mostAtOnce == 1, "one batch in flight at a time")
            #expect(try Self.outbox(harness).isEmpty)
        }
    }

    @Test("a batch the server refuses for good stops its own type, visibly; the other types sync on")
    func refusedBatchStopsItsType() async throws {
        let harness = try await SyncHarness.make(days: 2)
        try await harness.live { url in
            let heartRate = HKQuantityType(.heartRate).identifier
            let refusing = FaultyTransport(refuse: { body in body.contains(heartRate) })
            let sync = try await harness.authorizedSync(url, transport: refusing)
            await sync.syncNow()
            let diagnostics = await sync.diagnostics()
            let heart = try #require(diagnostics.first { $0.type == heartRate })
            #expect(heart.state == .refused)
            #expect(heart.lastError?.hasPrefix("HTTP 400") == true, "\(heart)")
            #expect(diagnostics.filter { $0.type != heartRate }.allSatisfy { $0.state == .synced && $0.backfillDone })
            // The refused batch is kept, not dropped — with the one of its type built while it travelled, if any.
            let kept = try Self.outbox(harness)
            #expect((1...2).contains(kept.count), "\(kept)")
            let (phone, server) = try await harness.holdings()
            #expect(server == phone.filter { !$0.contains(heartRate) }, "\(Self.difference(phone, server))")
        }
    }

    @Test("a locked phone is 'later': the sync stops without an error and finishes once the phone is unlocked")
    func lockedPhone() async throws {
        let harness = try await SyncHarness.make(days: 3)
        try await harness.live { url in
            // The phone locks after the first four batches (mid-backfill).
            let phone = harness.phone
            let locking = FaultyTransport { index in
                if index == 3 { phone.setDeviceLocked(true) }
                return .pass
            }
            let sync = try await harness.authorizedSync(url, transport: locking, batchLimit: 40)
            await sync.syncNow()
            #expect(await sync.diagnostics().allSatisfy { $0.state == .waitingForUnlock })
            #expect(await sync.diagnostics().allSatisfy { $0.lastError == nil }, "locked is not an error")
            let (before, partial) = try await harness.holdings()
            #expect(partial.count < before.count, "the sync stopped while locked")
            phone.setDeviceLocked(false)
            await sync.syncNow()
            let (phoneNow, server) = try await harness.holdings()
            #expect(server == phoneNow, "\(Self.difference(phoneNow, server))")
        }
    }

    @Test("an observer's wake syncs the change and calls HealthKit's completion handler")
    func observerWakes() async throws {
        let harness = try await SyncHarness.make(days: 2)
        try await harness.live { url in
            let sync = try await harness.authorizedSync(url)
            await sync.syncNow()
            try await sync.start()
            var live = try await harness.device.samples(of: [.quantity(.stepCount)])[0]
            live.uuid = UUID(uuid: (8, 8, 8, 8, 8, 8, 0x48, 8, 0x88, 8, 8, 8, 8, 8, 8, 8))
            try await harness.device.save([live])
            var synced = false
            for _ in 0..<200 where !synced {
                try await Task.sleep(nanoseconds: 20_000_000)
                let (phone, server) = try await harness.holdings()
                synced = server == phone
            }
            #expect(synced, "the save reached the server through the observer")
            await sync.stop()
        }
    }

    // MARK: Helpers

    static func samples(of type: HKSampleType, in store: HKHealthStore) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            store.execute(
                HKSampleQuery(sampleType: type, predicate: nil, limit: HKObjectQueryNoLimit, sortDescriptors: nil) {
                    _, samples, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: samples ?? [])
                    }
                })
        }
    }

    static func outbox(_ harness: SyncHarness) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: harness.folder.appendingPathComponent("outbox").path)
            .filter { $0.hasSuffix(".json") }
    }

    static func status(_ url: URL, token: String) async throws -> [[String: Any]] {
        var request = URLRequest(url: url.appendingPathComponent("v1/sync/status"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["types"] as? [[String: Any]] ?? []
    }

    static func difference(_ phone: [String], _ server: [String]) -> String {
        let missing = Set(phone).subtracting(server)
        let extra = Set(server).subtracting(phone)
        return "phone \(phone.count), server \(server.count); missing \(missing.count): "
            + "\(missing.sorted().prefix(2)); extra \(extra.count): \(extra.sorted().prefix(2))"
    }
}

/// A transport that misbehaves on purpose, request by request.
final class FaultyTransport: SyncTransport, @unchecked Sendable {
    enum Fault: Hashable {
        /// Sent and answered normally.
        case pass
        /// Sent and applied by the server; the reply is lost (the connection dropped mid-reply).
        case loseReply
        /// The connection reset before the request was sent.
        case reset
        /// Answered 503 with Retry-After: 1, not sent on.
        case busy
    }

    private let lock = NSLock()
    private var index = 0
    private var tally: [Fault: Int] = [:]
    private let plan: @Sendable (Int) -> Fault
    /// Requests answered 400 without being sent on, by their body.
    private let refuse: @Sendable (String) -> Bool
    private let real = URLSessionTransport()

    init(_ plan: @escaping @Sendable (Int) -> Fault) {
        self.plan = plan
        refuse = { _ in false }
    }

    init(refuse: @escaping @Sendable (String) -> Bool) {
        plan = { _ in .pass }
        self.refuse = refuse
    }

    var counts: [Fault: Int] { lock.withLock { tally } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let fault = lock.withLock {
            defer { index += 1 }
            let fault = plan(index)
            tally[fault, default: 0] += 1
            return fault
        }
        if refuse(String(decoding: request.httpBody ?? Data(), as: UTF8.self)) {
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 400, httpVersion: "HTTP/1.1", headerFields: [:])!
            return (Data(#"{"detail":"refused by the test"}"#.utf8), response)
        }
        switch fault {
        case .pass:
            return try await real.send(request)
        case .loseReply:
            _ = try await real.send(request)
            throw URLError(.networkConnectionLost)
        case .reset:
            throw URLError(.networkConnectionLost)
        case .busy:
            let response = HTTPURLResponse(
                url: request.url!, statusCode: 503, httpVersion: "HTTP/1.1", headerFields: ["Retry-After": "1"])!
            return (Data(), response)
        }
    }
}

/// A transport that holds each request until the outbox holds a later batch than the one sent (or 5 s pass),
/// recording whether it did, and how many requests were ever in flight at once.
final class OutboxWatchingTransport: SyncTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var sightings: [Bool] = []
    private var travelling = 0
    private var most = 0
    private let outbox: URL
    private let real = URLSessionTransport()

    init(outbox: URL) { self.outbox = outbox }

    var seen: [Bool] { lock.withLock { sightings } }
    var mostAtOnce: Int { lock.withLock { most } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        lock.withLock {
            travelling += 1
            most = max(most, travelling)
        }
        defer { lock.withLock { travelling -= 1 } }
        var aheadSeen = false
        for _ in 0..<250 where !aheadSeen {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? []
            aheadSeen = names.filter { $0.hasSuffix(".json") }.count >= 2
            if !aheadSeen { try await Task.sleep(nanoseconds: 20_000_000) }
        }
        lock.withLock { sightings.append(aheadSeen) }
        return try await real.send(request)
    }
}
