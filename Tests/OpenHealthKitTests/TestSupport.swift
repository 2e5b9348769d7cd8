import Foundation
import HealthTesting
import OpenHealthKit
import Synchronization

/// Stores and helpers shared by the OpenHealthKit tests: fixed clock, UTC calendar, sequential UUIDs.
enum TestSupport {
    /// 2024-01-15 00:00 UTC.
    static let midnight = Fixtures.epoch
    /// A UTC Gregorian calendar.
    static let calendar = Fixtures.calendar("UTC")

    /// A time on the fixed day: `at(9, 30)` is 09:30 UTC.
    static func at(_ hour: Int, _ minute: Int = 0, day: Int = 0) -> Date {
        midnight.addingTimeInterval(Double(day * 86_400 + hour * 3_600 + minute * 60))
    }

    /// The app most tests act as.
    static let stepsApp = HKHealthStore.Configuration.App(bundleIdentifier: "com.example.steps", name: "Steps")
    /// A second app.
    static let otherApp = HKHealthStore.Configuration.App(bundleIdentifier: "com.example.other", name: "Other")

    private static let counter = Atomic<Int>(0)

    /// A unique name for an in-memory database or a file.
    static func uniqueName(_ prefix: String) -> String {
        "\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(counter.add(1, ordering: .relaxed).newValue)"
    }

    /// A fresh path in the temporary directory (the file does not exist yet).
    static func temporaryStorePath() -> String {
        TestScratch.newPath("ohk-test", suffix: "sqlite")
    }

    /// The kinds of database a behaviour test runs against.
    enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
        case memory
        case sqlite
        var description: String { rawValue }
    }

    /// A configuration on a fresh database of a backend, with the fixed clock, calendar and UUIDs.
    static func configuration(
        _ backend: Backend,
        app: HKHealthStore.Configuration.App = stepsApp,
        authorization: HKHealthStore.Configuration.Authorization = .grantAll
    ) -> HKHealthStore.Configuration {
        let uuids = UUIDSequence()
        let database: HKHealthStore.Configuration.Database =
            switch backend {
            case .memory: .inMemory(name: uniqueName("memory"))
            case .sqlite: .file(path: temporaryStorePath())
            }
        return HKHealthStore.Configuration(
            database: database, app: app, authorization: authorization, now: { at(12) }, calendar: calendar,
            makeUUID: { uuids.next() })
    }

    /// A store for a configuration, with objects made inside `body` drawing UUIDs from it.
    static func withStore<T>(
        _ configuration: HKHealthStore.Configuration,
        _ body: (HKHealthStore) async throws -> T
    ) async throws -> T {
        try await HKHealthStore.Configuration.$current.withValue(configuration) {
            try await body(HKHealthStore())
        }
    }

    /// A step sample of `count` steps over `[start, end)`.
    static func steps(_ count: Double, _ start: Date, _ end: Date) -> HKQuantitySample {
        HKQuantitySample(
            type: HKQuantityType(.stepCount), quantity: HKQuantity(unit: .count(), doubleValue: count), start: start,
            end: end)
    }

    /// Runs a sample query through its completion handler.
    static func run(
        _ store: HKHealthStore, _ type: HKSampleType, _ predicate: NSPredicate? = nil,
        limit: Int = HKObjectQueryNoLimit,
        sort: [NSSortDescriptor]? = nil
    ) async throws -> [HKSample] {
        try await withCheckedThrowingContinuation { continuation in
            let query = HKSampleQuery(sampleType: type, predicate: predicate, limit: limit, sortDescriptors: sort) {
                _, samples, error in
                if let error {
                    continuation.resume(throwing: error)
                } else {
                    continuation.resume(returning: samples ?? [])
                }
            }
            store.execute(query)
        }
    }
}
