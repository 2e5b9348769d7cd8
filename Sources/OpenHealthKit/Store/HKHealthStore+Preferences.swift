public import Foundation
import HealthCore
import HealthQuery

extension NSNotification.Name {
    /// Posted by every ``HKHealthStore`` (the notification's `object`) when the person changes a preferred unit.
    ///
    /// ```swift
    /// NotificationCenter.default.addObserver(forName: .HKUserPreferencesDidChange, object: store, queue: nil) { _ in
    ///     // ask preferredUnits(for:) again
    /// }
    /// ```
    public static let HKUserPreferencesDidChange = NSNotification.Name("HKUserPreferencesDidChangeNotification")
}

extension HKHealthStore {
    /// The units to show quantities of these types in: the person's choice (``setPreferredUnit(_:for:)``, kept in
    /// the database for every app), else the configuration's ``Configuration/preferredUnits``, else the type's
    /// canonical unit (HealthKit follows the device's locale; see the Differences article).
    public func preferredUnits(for quantityTypes: Set<HKQuantityType>) async throws -> [HKQuantityType: HKUnit] {
        let chosen = try await performRead { try await $0.preferredUnits() }
        var units: [HKQuantityType: HKUnit] = [:]
        for type in quantityTypes {
            let identifier = HKQuantityTypeIdentifier(rawValue: type.identifier)
            if let unit = chosen[QuantityTypeIdentifier(rawValue: type.identifier)] {
                units[type] = HKUnit(unit)
            } else if let preferred = configuration.preferredUnits[identifier] {
                units[type] = HKUnit(from: preferred)
            } else if let canonical = type.canonicalUnit {
                units[type] = HKUnit(canonical)
            } else {
                throw HKError(.errorInvalidArgument, "No unit is known for \(type.identifier)")
            }
        }
        return units
    }

    /// The preferred units (completion form).
    public func preferredUnits(
        for quantityTypes: Set<HKQuantityType>,
        completion: @escaping @Sendable ([HKQuantityType: HKUnit], (any Error)?) -> Void
    ) {
        Task.detached { [self] in
            do { completion(try await preferredUnits(for: quantityTypes), nil) } catch { completion([:], error) }
        }
    }

    /// Sets the preferred unit of a type, or with nil goes back to the default, standing for the person in the
    /// Health app — a test hook HealthKit does not have (OpenHealthKit only).
    ///
    /// The choice is kept in the database, so every app sees it. Then every live store of this process on the
    /// same database posts ``Foundation/NSNotification/Name/HKUserPreferencesDidChange`` with itself as the
    /// object, as HealthKit's stores do (stores in other processes learn it at their next
    /// ``preferredUnits(for:)``).
    ///
    /// ```swift
    /// try await store.setPreferredUnit(.pound(), for: HKQuantityType(.bodyMass))
    /// ```
    /// - Throws: `HKError(.errorInvalidArgument)` for a unit of another dimension than the type's (grams for
    ///   steps); `HKError(.errorDatabaseInaccessible)` when the database cannot be written.
    public func setPreferredUnit(_ unit: HKUnit?, for type: HKQuantityType) async throws {
        let healthUnit: HealthUnit?
        if let unit {
            guard let resolved = unit.healthUnit else {
                throw HKError(.errorInvalidArgument, unit.problem ?? "The unit is not valid")
            }
            healthUnit = resolved
        } else {
            healthUnit = nil
        }
        let identifier = QuantityTypeIdentifier(rawValue: type.identifier)
        try await perform { try await $0.setPreferredUnit(healthUnit, for: identifier) }
        for store in LiveStores.shared.stores(on: database) {
            NotificationCenter.default.post(name: .HKUserPreferencesDidChange, object: store)
        }
    }
}

/// The stores of this process that are still alive, to post per-store notifications.
final class LiveStores: Sendable {
    static let shared = LiveStores()

    private let stores = Locked<[WeakReference]>([])

    func add(_ store: HKHealthStore) {
        stores.withLock { stores in
            stores.removeAll { $0.object == nil }
            stores.append(WeakReference(store))
        }
    }

    /// The live stores on one open database.
    func stores(on database: AnyObject) -> [HKHealthStore] {
        stores.withLock { stores in
            stores.removeAll { $0.object == nil }
            return stores.compactMap { $0.object as? HKHealthStore }.filter { $0.database === database }
        }
    }
}
