public import Foundation
import HealthCore
import HealthQuery
import HealthRuntime

/// A locked iPhone, for tests (OpenHealthKit only; Differences.md): while a person's device is locked, HealthKit's
/// encrypted store cannot be read — queries fail with `HKError(.errorDatabaseInaccessible)` (code 6) — while saves
/// still succeed (iOS caches them and they are readable once the device is unlocked). A sync engine must treat that
/// as "later", never as data lost; this is how a test puts a store in that state.
extension HKHealthStore {
    /// Locks or unlocks the device of this store's database: every `HKHealthStore` on the same database sees it.
    ///
    /// ```swift
    /// phone.setDeviceLocked(true)      // queries now fail with code 6; saves succeed
    /// phone.setDeviceLocked(false)
    /// ```
    public func setDeviceLocked(_ locked: Bool) {
        DeviceLocks.set(locked, for: database)
    }

    /// Whether this store's device is locked (``setDeviceLocked(_:)``).
    public var isDeviceLocked: Bool { DeviceLocks.isLocked(database) }

    /// The engine for a read, or why it cannot be read now: the database's open error, or the locked device.
    func readableEngine() throws(HKError) -> HealthStore {
        let engine = try checkedEngine()
        if DeviceLocks.isLocked(database) {
            throw HKError(.errorDatabaseInaccessible, "Protected health data is inaccessible: the device is locked")
        }
        return engine
    }

    /// Runs engine reads, translating errors to ``HKError`` (code 6 while the device is locked).
    func performRead<T: Sendable>(_ work: (HealthStore) async throws -> T) async throws(HKError) -> T {
        let engine = try readableEngine()
        do { return try await work(engine) } catch { throw HKError.from(error) }
    }
}

/// The locked databases, by identity (a database stays open while a store on it lives).
enum DeviceLocks {
    private static let locked = Locked<Set<ObjectIdentifier>>([])

    static func set(_ isLocked: Bool, for database: OpenDatabase) {
        locked.withLock { set in
            if isLocked { set.insert(ObjectIdentifier(database)) } else { set.remove(ObjectIdentifier(database)) }
        }
    }

    static func isLocked(_ database: OpenDatabase) -> Bool {
        locked.withLock { $0.contains(ObjectIdentifier(database)) }
    }
}
