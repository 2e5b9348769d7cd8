import Foundation
import HealthCore
import HealthQuery

extension HKHealthStore {
    /// Registers for background delivery of a type: HealthKit's `enableBackgroundDelivery(for:frequency:)`.
    ///
    /// Processes do not sleep here: observer queries already fire on every commit. The registration is kept by the
    /// engine (its deliveries are paced by the configuration's clock).
    public func enableBackgroundDelivery(for type: HKObjectType, frequency: HKUpdateFrequency) async throws {
        let engineType = type.engineType
        let engineFrequency = frequency.engineValue
        try await perform { await $0.enableBackgroundDelivery(for: engineType, frequency: engineFrequency) }
    }

    /// Registers for background delivery (completion form).
    public func enableBackgroundDelivery(
        for type: HKObjectType, frequency: HKUpdateFrequency,
        withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let engineType = type.engineType
        let engineFrequency = frequency.engineValue
        complete(
            { await $0.enableBackgroundDelivery(for: engineType, frequency: engineFrequency) },
            then: {
                completion($0.isSuccess, $0.failure)
            })
    }

    /// Stops background delivery of a type.
    public func disableBackgroundDelivery(for type: HKObjectType) async throws {
        let engineType = type.engineType
        try await perform { await $0.disableBackgroundDelivery(for: engineType) }
    }

    /// Stops background delivery of a type (completion form).
    public func disableBackgroundDelivery(
        for type: HKObjectType, withCompletion completion: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        let engineType = type.engineType
        complete(
            { await $0.disableBackgroundDelivery(for: engineType) }, then: { completion($0.isSuccess, $0.failure) })
    }

    /// Stops all background delivery.
    public func disableAllBackgroundDelivery() async throws {
        try await perform { await $0.disableAllBackgroundDelivery() }
    }

    /// Stops all background delivery (completion form).
    public func disableAllBackgroundDelivery(completion: @escaping @Sendable (Bool, (any Error)?) -> Void) {
        complete({ await $0.disableAllBackgroundDelivery() }, then: { completion($0.isSuccess, $0.failure) })
    }
}
