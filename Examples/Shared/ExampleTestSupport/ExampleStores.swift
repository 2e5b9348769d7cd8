public import Foundation
public import OpenHealthKit
import Synchronization

/// The two databases every example's tests run on: in memory and a temporary SQLite file.
public enum Backend: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory
    case sqlite

    public var description: String { rawValue }
}

/// Fixed clocks, calendars and identities for the examples' tests.
public enum ExampleStores {
    /// A Gregorian calendar in a named time zone.
    public static func calendar(_ timeZone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: timeZone) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        calendar.locale = Locale(identifier: "en_US_POSIX")
        return calendar
    }

    /// The instant `year-month-day hour:minute` in `calendar`'s time zone.
    public static func date(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, in calendar: Calendar
    ) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
            ?? Date(timeIntervalSince1970: 0)
    }

    /// An app identity with usage descriptions.
    public static func app(_ name: String) -> HKHealthStore.Configuration.App {
        HKHealthStore.Configuration.App(bundleIdentifier: "com.example.\(name)", name: name)
    }

    /// A configuration on a fresh database of `backend`, with a fixed clock, calendar and sequential UUIDs.
    public static func configuration(
        _ backend: Backend,
        app: HKHealthStore.Configuration.App,
        authorization: HKHealthStore.Configuration.Authorization = .grantAll,
        calendar: Calendar,
        now: @escaping @Sendable () -> Date
    ) -> HKHealthStore.Configuration {
        let database: HKHealthStore.Configuration.Database =
            switch backend {
            case .memory: .inMemory(name: uniqueName("example-memory"))
            case .sqlite: .file(path: temporaryPath("sqlite"))
            }
        let uuids = SequentialUUIDs()
        return HKHealthStore.Configuration(
            database: database, app: app, authorization: authorization, now: now, calendar: calendar,
            makeUUID: { uuids.next() })
    }

    /// Runs `body` with a store for `configuration`, as its app (`HKSource.default()`, new objects' UUIDs).
    public static func withStore<T>(
        _ configuration: HKHealthStore.Configuration,
        _ body: (HKHealthStore) async throws -> T
    ) async throws -> T {
        try await HKHealthStore.Configuration.$current.withValue(configuration) {
            try await body(HKHealthStore())
        }
    }

    /// A fresh path in the process's scratch folder (nothing there yet); the folder is removed when the process
    /// exits, so example tests leave nothing in the temporary directory.
    public static func temporaryPath(_ suffix: String) -> String {
        scratch.appendingPathComponent("\(uniqueName("example")).\(suffix)").path
    }

    private static let scratch: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ohk-examples-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: url)  // left by a killed process that had the same pid
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ExampleStores.scratchFolder) }
        return url
    }()

    /// ``scratch`` for the exit handler, which may not capture.
    private static var scratchFolder: URL { scratch }

    private static let counter = Atomic<Int>(0)

    private static func uniqueName(_ prefix: String) -> String {
        "\(prefix)-\(ProcessInfo.processInfo.processIdentifier)-\(counter.add(1, ordering: .relaxed).newValue)"
    }
}

/// A clock the test moves by hand. Behind an `NSLock`, which the thread sanitizer understands (a contended
/// `Synchronization.Mutex` is not seen as ordering its holders; see HealthCore's `Locked`).
public final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    /// A clock showing `start`.
    public init(_ start: Date) { current = start }

    /// The time shown.
    public var now: Date { lock.withLock { current } }

    /// Moves the clock to `date`.
    public func set(_ date: Date) { lock.withLock { current = date } }
}

/// UUIDs `00000000-0000-4000-8000-00000000000N` for N = 1, 2, 3, …
final class SequentialUUIDs: Sendable {
    private let counter = Atomic<UInt64>(0)

    func next() -> UUID {
        let n = counter.add(1, ordering: .relaxed).newValue
        func byte(_ shift: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: n >> shift) }
        return UUID(
            uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, byte(40), byte(32), byte(24), byte(16), byte(8), byte(0)))
    }
}
