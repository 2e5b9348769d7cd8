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

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A phone (an OpenHealthKit store filled by HealthSimulation: iPhone, Watch, weeks) and a server (`HealthServer`
/// live on a loopback port), for HealthSync's end-to-end tests.
struct SyncHarness {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    static let start = calendar.date(from: DateComponents(year: 2026, month: 10, day: 1)) ?? Date()
    static let types: [HKSampleType] = [
        HKQuantityType(.stepCount), HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
        HKCategoryType(.sleepAnalysis),
    ]

    /// Where the server keeps its data.
    enum Backend: String, CustomStringConvertible, Sendable {
        case memory, sqlite, postgres
        var description: String { rawValue }

        /// SQLite always; PostgreSQL where a cluster is configured — and always in CI, which sets
        /// OHK_REQUIRE_POSTGRES=1 and so fails, rather than skips, without one.
        static var servers: [Backend] {
            let environment = ProcessInfo.processInfo.environment
            let postgres =
                environment["OHK_TEST_POSTGRES_URL"] != nil || environment["OHK_REQUIRE_POSTGRES"] == "1"
            return postgres ? [.sqlite, .postgres] : [.sqlite]
        }

        func location() throws -> ServerConfiguration.DataLocation {
            switch self {
            case .memory: return .memory("sync-\(UUID().uuidString)")
            case .sqlite:
                return .folder(
                    FileManager.default.temporaryDirectory.appendingPathComponent("sync-server-\(UUID().uuidString)")
                        .path)
            case .postgres:
                guard let url = ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"] else {
                    throw MissingPostgres()
                }
                return .postgres(url + "?sslmode=disable")
            }
        }
    }

    struct MissingPostgres: Error, CustomStringConvertible {
        var description: String { "OHK_TEST_POSTGRES_URL is not set: run `eval \"$(scripts/postgres start)\"` first" }
    }

    let phone: HKHealthStore
    let server: HealthServer
    /// The person on the server (unique per harness: a PostgreSQL database is shared by the tests).
    let person: String
    let phoneToken: String
    let ownerToken: String
    let folder: URL

    /// A phone with `days` of the demo month and a server with a person `ana` and her phone's mirror token.
    static func make(days: Int = 10, backend: Backend = .memory) async throws -> SyncHarness {
        let uuids = Counter()
        let phone = HKHealthStore(
            configuration: HKHealthStore.Configuration(
                database: .inMemory(name: "phone-\(UUID().uuidString)"),
                app: HKHealthStore.Configuration.App(bundleIdentifier: "org.example.phonesync", name: "PhoneSync"),
                authorization: .grantAll, now: { start.addingTimeInterval(Double(days) * 86_400) }, calendar: calendar,
                makeUUID: { uuids.nextUUID() }))
        try await phone.fillWithSimulation(.demoMonth(days: days, startingOn: start), seed: 11)
        // Tokens unique across runs: a PostgreSQL registry is shared by every run.
        let random = Counter(start: UInt64.random(in: 1...UInt64.max / 2))
        let serverUUIDs = Counter(start: 1 << 40)
        var configuration = ServerConfiguration(
            data: try backend.location(),
            environment: RuntimeEnvironment(
                clock: FixedClock(start.addingTimeInterval(Double(days) * 86_400)), calendar: calendar,
                uuids: { serverUUIDs.nextUUID() }),
            random: { count in (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } })
        configuration.limits.requestsPerSecond = 10_000
        configuration.limits.burst = 10_000
        var logger = Logger(label: "sync-test")
        logger.logLevel = .warning
        let server = try HealthServer(configuration: configuration, logger: logger)
        let person = "ana-" + UUID().uuidString.prefix(8).lowercased()
        try await server.registry.addPerson(person, policy: .grantAll)
        let (phoneToken, _) = try await server.registry.issueToken(
            person: person, app: nil, appName: nil, label: "phone", mirror: "anas-iphone", random: configuration.random)
        let (ownerToken, _) = try await server.registry.issueToken(
            person: person, app: nil, appName: nil, label: "owner", random: configuration.random)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("healthsync-\(UUID().uuidString)")
        return SyncHarness(
            phone: phone, server: server, person: person, phoneToken: phoneToken.value, ownerToken: ownerToken.value,
            folder: folder)
    }

    /// Runs `body` with the server listening on a loopback port.
    func live(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
        var logger = Logger(label: "sync-test")
        logger.logLevel = .warning
        let app = Application(
            router: server.router(), configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: logger)
        try await app.test(.live) { client in
            let port = try require_port(client.port)
            try await body(URL(string: "http://127.0.0.1:\(port)")!)
        }
    }

    /// The phone's own writers (the iPhone and the Watch themselves): privileged, so what they save keeps the
    /// source revision it carries, and they may delete any source's samples — what a test needs to change the
    /// phone's data as its devices do. Also the phone's truth in ``holdings()``, whatever the syncing app may read.
    var device: HealthStore {
        phone.engine.store(
            for: AppIdentity(bundleIdentifier: "org.openhealthkit.simulator", name: "Simulator", isPrivileged: true))
    }

    /// A HealthSync for the phone against a server URL, over a transport (URLSession by default).
    func sync(_ url: URL, transport: (any SyncTransport)? = nil, batchLimit: Int = 200) throws -> HealthSync {
        var configuration = HealthSyncConfiguration(
            server: url, token: phoneToken, device: "anas-iphone", types: Self.types, folder: folder,
            now: { Self.start.addingTimeInterval(30 * 86_400) }, random: { 0.5 })
        configuration.batchLimit = batchLimit
        configuration.sleep = { _ in }  // retries at once: the tests count attempts, not seconds
        configuration.backfillStep = 3 * 86_400
        if let transport { configuration.transport = transport }
        return try HealthSync(store: phone, configuration: configuration)
    }

    /// ``sync(_:transport:batchLimit:)`` after the app's permission request (granted: the phone's policy).
    func authorizedSync(
        _ url: URL, transport: (any SyncTransport)? = nil, batchLimit: Int = 200
    ) async throws -> HealthSync {
        let sync = try self.sync(url, transport: transport, batchLimit: batchLimit)
        try await sync.requestAuthorization()
        return sync
    }

    /// What the phone holds of the synced types, and what the server holds, each as one line per sample: UUID,
    /// type, dates (to the millisecond), value, source revision, device, metadata.
    func holdings() async throws -> (phone: [String], server: [String]) {
        let types = Set(Self.types.map { SampleType(identifier: $0.identifier) })
        let phoneSamples = try await device.samples(of: types)
        let database = try server.people.database(of: person)
        let owner = database.makeStore(for: .owner(bundleIdentifier: "org.example.owner", name: "owner"))
        let serverSamples = try await owner.samples(of: types)
        let units = Dictionary(
            phoneSamples.compactMap { sample in sample.quantitySample.map { (sample.sampleType, $0.quantity.unit) } }
        ) { first, _ in first }
        return (
            phoneSamples.map { Self.line($0, units) }.sorted(), serverSamples.map { Self.line($0, units) }.sorted()
        )
    }

    static func line(_ sample: AnySample, _ units: [SampleType: HealthUnit]) -> String {
        func ms(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        var value = ""
        if let quantity = sample.quantitySample?.quantity {
            let unit = units[sample.sampleType] ?? quantity.unit
            let number = (try? quantity.doubleValue(for: unit)) ?? .nan
            value = String(format: "%.6f %@", number, unit.unitString)
        } else if let category = sample.categorySample {
            value = "category \(category.value)"
        }
        let revision = sample.sourceRevision
        let os = revision?.operatingSystemVersion.map { "\($0)" } ?? "-"
        let source =
            "\(revision?.source.bundleIdentifier ?? "-") \(revision?.source.name ?? "-") \(revision?.version ?? "-") "
            + "\(revision?.productType ?? "-") \(os)"
        let device = sample.device.map { "\($0.name ?? "-")/\($0.manufacturer ?? "-")/\($0.model ?? "-")" } ?? "none"
        let metadata = sample.metadata.map { "\($0.key.rawValue)=\($0.value)" }.sorted().joined(separator: ",")
        return "\(sample.uuid) \(sample.sampleType.identifier) \(ms(sample.startDate))-\(ms(sample.endDate)) "
            + "\(value) [\(source)] [\(device)] [\(metadata)]"
    }

    /// Daily merged steps: the phone's `HKStatisticsCollectionQuery`, and the server's over HTTP.
    func dailySteps(_ url: URL, days: Int) async throws -> (phone: [String: Double], server: [String: Double]) {
        let end = Self.start.addingTimeInterval(Double(days + 1) * 86_400)
        var everyDay = DateComponents()
        everyDay.day = 1
        let collection = try await HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(
                type: HKQuantityType(.stepCount),
                predicate: HKQuery.predicateForSamples(withStart: Self.start, end: end, options: [])),
            options: .cumulativeSum, anchorDate: Self.start, intervalComponents: everyDay
        ).result(for: phone)
        var phoneDays: [String: Double] = [:]
        for statistics in collection.statistics() {
            if let sum = statistics.sumQuantity()?.doubleValue(for: .count()), sum > 0 {
                phoneDays[Self.day(statistics.startDate)] = sum
            }
        }
        let format = Date.ISO8601FormatStyle()
        var request = URLRequest(
            url: URL(
                string:
                    "\(url.absoluteString)/v1/statistics/collection?type=HKQuantityTypeIdentifierStepCount"
                    + "&start=\(Self.start.formatted(format))&end=\(end.formatted(format))&interval=day&timeZone=UTC")!)
        request.setValue("Bearer \(ownerToken)", forHTTPHeaderField: "Authorization")
        let (data, _) = try await URLSession.shared.data(for: request)
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        var serverDays: [String: Double] = [:]
        for bucket in document?["buckets"] as? [[String: Any]] ?? [] {
            guard let startText = bucket["startDate"] as? String, let sum = bucket["sum"] as? Double, sum > 0,
                let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(startText)
            else { continue }
            serverDays[Self.day(date)] = sum
        }
        return (phoneDays, serverDays)
    }

    static func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

struct MissingPort: Error {}

func require_port(_ port: Int?) throws -> Int {
    guard let port else { throw MissingPort() }
    return port
}

/// Sequential numbers (UUIDs, "random" bytes) behind a lock.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt64

    init(start: UInt64 = 1) { value = start }

    func next() -> UInt64 {
        lock.withLock {
            value &+= 0x9E37_79B9_7F4A_7C15
            return value
        }
    }

    func nextUUID() -> UUID {
        let n = lock.withLock {
            value += 1
            return value
        }
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 { bytes[15 - index] = UInt8(truncatingIfNeeded: n >> (8 * UInt64(index))) }
        bytes[6] = 0x40 | (bytes[6] & 0x0F)
        bytes[8] = 0x80 | (bytes[8] & 0x3F)
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// A clock that does not move.
struct FixedClock: HealthClock {
    let now: Date
    init(_ date: Date) { now = date }
}
