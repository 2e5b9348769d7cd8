import Foundation
import HealthCore
import HealthKit
import HealthQuery
import HealthServer
import HealthSimulation
import HealthTesting

/// A simulated iPhone on disk for the live fault tests (IntegrationTests/server/test_phone_sync.py): an
/// OpenHealthKit store in one SQLite file that several processes open in turn — `fill` makes its history, `change`
/// changes it as the phone's devices and apps do, `sync` mirrors it with HealthSync, `holdings` and `daily-steps`
/// say what it holds. Every date, UUID and random choice comes from the arguments, so a run is repeatable.
struct Phone {
    static let types: [HKSampleType] = [
        HKQuantityType(.stepCount), HKQuantityType(.heartRate), HKQuantityType(.activeEnergyBurned),
        HKCategoryType(.sleepAnalysis),
    ]
    /// Every quantity and category type of the catalog (a phone syncing everything HealthSync carries).
    static let everyType: [HKSampleType] = TypeNames.catalog.compactMap { entry in
        switch entry.type.kind {
        case .quantity: return HKQuantityType(HKQuantityTypeIdentifier(rawValue: entry.type.identifier))
        case .category: return HKCategoryType(HKCategoryTypeIdentifier(rawValue: entry.type.identifier))
        default: return nil
        }
    }
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    /// The first day of the phone's history.
    static let start = calendar.date(from: DateComponents(year: 2026, month: 10, day: 1)) ?? Date.distantPast

    let store: HKHealthStore
    let days: Int

    /// Opens the phone in `path` (created when missing); the UUIDs its own saves get start at `uuidBase` (distinct
    /// per command; `UUIDSequence` numbers have 48 bits).
    init(path: String, days: Int, uuidBase: UInt64) {
        let uuids = UUIDSequence(start: uuidBase)
        let now = Self.start.addingTimeInterval(Double(days) * 86_400)
        store = HKHealthStore(
            configuration: HKHealthStore.Configuration(
                database: .file(path: path),
                app: HKHealthStore.Configuration.App(bundleIdentifier: "org.example.phonesync", name: "PhoneSync"),
                authorization: .grantAll, now: { now }, calendar: Self.calendar, makeUUID: { uuids.next() }))
        self.days = days
    }

    /// The phone's own writers (the iPhone, the Watch, other apps): privileged, so what they save keeps its source
    /// revision and they may delete any source's samples.
    var device: HealthStore {
        store.engine.store(
            for: AppIdentity(bundleIdentifier: "org.openhealthkit.simulator", name: "Simulator", isPrivileged: true))
    }

    /// `days` of an iPhone and a Watch (steps, heart rate, energy, sleep, workouts).
    func fill(seed: UInt64) async throws -> Int {
        try await store.fillWithSimulation(.demoMonth(days: days, startingOn: Self.start), seed: seed)
    }

    /// What a phone's day brings, at random (from `seed`): new samples from several sources (the Watch, the iPhone,
    /// a third-party app), deletions of any source's samples, and one sample edited the way apps edit (deleted,
    /// and saved again as a new sample with another value). Returns what it did: the count of additions, every UUID
    /// it deleted (the edited sample's old one too), and whether it edited one.
    func change(seed: UInt64) async throws -> (added: Int, deleted: [UUID], resaved: Int) {
        var random = SplitMix64(seed: seed)
        let types = Set(Self.types.map { SampleType(identifier: $0.identifier) })
        let held = try await device.samples(of: types)
        let uuids = UUIDSequence(start: seed << 32)
        let sources = [
            SourceRevision(
                source: Source(name: "Ana's Apple Watch", bundleIdentifier: "com.apple.health.watch-ana"),
                version: "11.1", productType: "Watch7,3", operatingSystemVersion: OSVersion(major: 11, minor: 1)),
            SourceRevision(
                source: Source(name: "Ana's iPhone", bundleIdentifier: "com.apple.health.iphone-ana"), version: "26.1",
                productType: "iPhone17,1", operatingSystemVersion: OSVersion(major: 26, minor: 1)),
            SourceRevision(
                source: Source(name: "Pedometer++", bundleIdentifier: "com.example.pedometer"), version: "5.2"),
        ]
        var added: [AnySample] = []
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            let day = Double(Int.random(in: 0..<days, using: &random))
            let start = Self.start.addingTimeInterval(
                day * 86_400 + Double(Int.random(in: 0..<1_430, using: &random)) * 60)
            let revision = sources[Int.random(in: 0..<sources.count, using: &random)]
            let steps = Bool.random(using: &random)
            let quantity =
                steps
                ? Quantity(unit: .count(), doubleValue: Double(Int.random(in: 1...400, using: &random)))
                : Quantity(
                    unit: try HealthUnit(from: "count/min"),
                    doubleValue: Double(Int.random(in: 50...160, using: &random)))
            added.append(
                .quantity(
                    QuantitySample(
                        uuid: uuids.next(), type: steps ? .stepCount : .heartRate, quantity: quantity, start: start,
                        end: start.addingTimeInterval(steps ? 300 : 0),
                        device: Device(name: revision.source.name, manufacturer: "Apple Inc."),
                        metadata: [MetadataKey("HKTimeZone"): .string("Europe/Paris")], sourceRevision: revision)))
        }
        _ = try await device.save(added)
        var deleted: [AnySample] = []
        var removed: [UUID] = []  // the edited sample's first UUID
        var resaved = 0
        if !held.isEmpty {
            for _ in 0..<min(held.count, Int.random(in: 1...25, using: &random)) {
                deleted.append(held[Int.random(in: 0..<held.count, using: &random)])
            }
            var seen = Set<UUID>()
            deleted = deleted.filter { seen.insert($0.uuid).inserted }
            if let edited = held.first(where: {
                $0.quantitySample?.quantityType == .stepCount && !seen.contains($0.uuid)
            }),
                var copy = edited.quantitySample
            {
                copy.uuid = uuids.next()
                copy.quantity = Quantity(
                    unit: .count(), doubleValue: (try copy.quantity.doubleValue(for: .count())) + 1)
                try await device.delete([edited])
                _ = try await device.save([.quantity(copy)])
                resaved = 1
                removed.append(edited.uuid)
            }
            try await device.delete(deleted)
        }
        return (added.count, removed + deleted.map(\.uuid), resaved)
    }

    /// A step sample of the Watch's, on the phone's last day (minute `index`): a live change for HealthSync to send.
    /// Its UUID is distinct per `seed` and `index`.
    func saveWatchSteps(_ index: Int, seed: UInt64) async throws -> UUID {
        let day = Self.start.addingTimeInterval(Double(days - 1) * 86_400)
        let start = day.addingTimeInterval(Double(index % 1_440) * 60)
        let sample = QuantitySample(
            uuid: UUIDSequence.uuid((1 << 43) + (seed << 24) + UInt64(index)), type: .stepCount,
            quantity: Quantity(unit: .count(), doubleValue: 12), start: start, end: start.addingTimeInterval(60),
            device: Device(name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch"),
            sourceRevision: SourceRevision(
                source: Source(name: "Ana's Apple Watch", bundleIdentifier: "com.apple.health.watch-ana"),
                version: "11.1", productType: "Watch7,3", operatingSystemVersion: OSVersion(major: 11, minor: 1)))
        _ = try await device.save([.quantity(sample)])
        return sample.uuid
    }

    /// Every sample of the synced types, one JSON object a line, sorted: the server's own encoding of a sample
    /// (`GET /v1/changes` answers the same objects), so the test compares the two holdings field by field.
    func holdings() async throws -> [String] {
        let types = Set(Self.types.map { SampleType(identifier: $0.identifier) })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try await device.samples(of: types).map { sample in
            String(decoding: try encoder.encode(APISampleCodec.encode(sample)), as: UTF8.self)
        }.sorted()
    }

    /// The merged steps of each day (UTC), as the Health app shows them: HealthKit's statistics collection.
    func dailySteps() async throws -> [String: Double] {
        try await store.requestAuthorization(toShare: [], read: Set(Self.types))
        let end = Self.start.addingTimeInterval(Double(days + 1) * 86_400)
        var everyDay = DateComponents()
        everyDay.day = 1
        let collection = try await HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(
                type: HKQuantityType(.stepCount),
                predicate: HKQuery.predicateForSamples(withStart: Self.start, end: end, options: [])),
            options: .cumulativeSum, anchorDate: Self.start, intervalComponents: everyDay
        ).result(for: store)
        var days: [String: Double] = [:]
        for statistics in collection.statistics() {
            guard let sum = statistics.sumQuantity()?.doubleValue(for: .count()), sum > 0 else { continue }
            let parts = Self.calendar.dateComponents([.year, .month, .day], from: statistics.startDate)
            days[String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)] = sum
        }
        return days
    }
}
