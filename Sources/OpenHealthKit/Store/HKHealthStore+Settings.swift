import Foundation
import HealthQuery

extension HKHealthStore {
    /// Turns sharing and/or reading a type on or off for this store's app, standing for the person in the Settings
    /// app — a test hook HealthKit does not have (OpenHealthKit only).
    ///
    /// In HealthKit only the person can change a grant once the permission sheet was answered (Settings › Health ›
    /// Data Access). This call does it from code, so tests can revoke or restore access in the middle of a flow.
    /// `nil` leaves that side as it was. The change is remembered in the database, like the sheet's answers, and
    /// takes effect for the next call of every store of this app. As in HealthKit, the app cannot learn the read
    /// side: reads simply stop (or start) returning other sources' samples.
    ///
    /// ```swift
    /// try await store.setAuthorization(for: HKQuantityType(.stepCount), share: nil, read: false)
    /// ```
    /// - Parameters:
    ///   - type: The type.
    ///   - share: Whether the app may write the type; `nil` keeps the current answer.
    ///   - read: Whether the app may read the type; `nil` keeps the current answer.
    /// - Throws: `HKError(.errorDatabaseInaccessible)` when the database cannot be written.
    public func setAuthorization(for type: HKObjectType, share: Bool?, read: Bool?) async throws {
        let engineType = type.engineType
        try await perform { try await $0.setAuthorization(for: engineType, share: share, read: read) }
    }
}
