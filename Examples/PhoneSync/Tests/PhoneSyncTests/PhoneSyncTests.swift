import ExampleTestSupport
import Foundation
import HealthCore
import HealthKit
import HealthQuery
import HealthRuntime
import HealthServer
import HealthSync
import Hummingbird
import HummingbirdTesting
import Logging
import Testing

@testable import PhoneSync

/// PhoneSync against a live `HealthServer` on loopback: the week the phone holds reaches the person's store, and
/// the report says so.
@Suite struct PhoneSyncTests {
    @Test("a launch mirrors the phone's week, and the report shows every type synced")
    func launchSyncs() async throws {
        let calendar = ExampleStores.calendar("Europe/Paris")
        let start = ExampleStores.date(2026, 3, 2, in: calendar)
        let clock = ManualClock(start.addingTimeInterval(8 * 86_400))
        let phone = HKHealthStore(
            configuration: ExampleStores.configuration(
                .memory, app: ExampleStores.app("PhoneSync"), calendar: calendar, now: { clock.now }))
        for offset in 0..<3 {
            try await phone.fillWithSimulation(
                .phoneAndWatchDay(on: start.addingTimeInterval(Double(offset) * 86_400)), seed: UInt64(offset + 1))
        }
        let random = SequentialBytes()
        let server = try HealthServer(
            configuration: ServerConfiguration(
                data: .memory(ExampleStores.temporaryPath("phonesync-server")),
                environment: .init(clock: FixedTime(clock.now), calendar: calendar, uuids: { random.uuid() }),
                random: random.bytes),
            logger: Logger(label: "phonesync-test"))
        try await server.registry.addPerson("ana", policy: .grantAll)
        let (token, _) = try await server.registry.issueToken(
            person: "ana", app: nil, appName: nil, label: nil, mirror: "anas-iphone", random: random.bytes)
        let app = Application(
            router: server.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            logger: Logger(label: "phonesync-test"))
        try await app.test(.live) { client in
            let url = try #require(client.port.flatMap { URL(string: "http://127.0.0.1:\($0)") })
            let folder = URL(fileURLWithPath: ExampleStores.temporaryPath("phonesync"))
            let sync = try PhoneSyncApp(
                store: phone, server: url, token: token.value, device: "anas-iphone", folder: folder,
                now: { clock.now }, random: { 0.5 })
            let diagnostics = try await sync.launch()
            await sync.sync.stop()
            #expect(diagnostics.count == 4)
            #expect(diagnostics.allSatisfy { $0.state == .synced && $0.backfillDone && $0.rejected == 0 })
            let steps = try #require(diagnostics.first { $0.type == HKQuantityType(.stepCount).identifier })
            #expect(steps.sent > 0)
            let report = PhoneSyncApp.report(diagnostics)
            #expect(report.contains("StepCount"))
            #expect(report.contains("synced: \(steps.sent) sent, 0 refused, history complete"))
        }
        // The server holds what was sent: the phone's step samples, as many as the phone has.
        let phoneSteps = try await HKSampleQueryDescriptor(
            predicates: [.quantitySample(type: HKQuantityType(.stepCount))], sortDescriptors: []
        ).result(for: phone)
        let ana = try server.people.database(of: "ana")
        let stored = try await ana.makeStore(for: .owner(bundleIdentifier: "org.example.owner", name: "owner"))
            .samples(of: [.quantity(.stepCount)])
        #expect(Set(stored.map(\.uuid)) == Set(phoneSteps.map(\.uuid)))
    }
}

/// Deterministic token bytes.
final class SequentialBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var next: UInt8 = 1

    private var issued: UInt64 = 0

    /// Sequential UUIDs (`…-000000000001`, `…-000000000002`, …).
    func uuid() -> UUID {
        let n = lock.withLock {
            issued += 1
            return issued
        }
        return UUID(uuidString: String(format: "00000000-0000-4000-8000-%012llx", n))
            ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            (0..<count).map { _ in
                next &+= 37
                return next
            }
        }
    }
}

/// A server clock that does not move.
struct FixedTime: HealthClock {
    let now: Date
    init(_ now: Date) { self.now = now }
}
