public import Foundation
import HealthCore
import HealthQuery

// The person's characteristics: HealthKit's synchronous, throwing accessors. Values the app may not read, or
// that are not set, read as `.notSet`; date of birth then throws `errorNoData`.

extension HKHealthStore {
    private func characteristics() throws -> Characteristics {
        let engine = try readableEngine()
        do {
            return try BlockingBridge.wait { try await engine.characteristics() }
        } catch {
            throw HKError.from(error)
        }
    }

    /// The person's biological sex.
    public func biologicalSex() throws -> HKBiologicalSexObject {
        HKBiologicalSexObject(
            try characteristics().biologicalSex.flatMap { HKBiologicalSex(rawValue: $0.rawValue) } ?? .notSet)
    }

    /// The person's blood type.
    public func bloodType() throws -> HKBloodTypeObject {
        HKBloodTypeObject(try characteristics().bloodType.flatMap { HKBloodType(rawValue: $0.rawValue) } ?? .notSet)
    }

    /// The person's Fitzpatrick skin type.
    public func fitzpatrickSkinType() throws -> HKFitzpatrickSkinTypeObject {
        HKFitzpatrickSkinTypeObject(
            try characteristics().fitzpatrickSkinType.flatMap { HKFitzpatrickSkinType(rawValue: $0.rawValue) }
                ?? .notSet)
    }

    /// The person's wheelchair use.
    public func wheelchairUse() throws -> HKWheelchairUseObject {
        HKWheelchairUseObject(
            try characteristics().wheelchairUse.flatMap { HKWheelchairUse(rawValue: $0.rawValue) } ?? .notSet)
    }

    /// The person's Move-ring mode (active energy when not set).
    public func activityMoveMode() throws -> HKActivityMoveModeObject {
        HKActivityMoveModeObject(
            try characteristics().activityMoveMode.flatMap { HKActivityMoveMode(rawValue: $0.rawValue) }
                ?? .activeEnergy)
    }

    /// The person's date of birth as Gregorian year, month and day.
    /// - Throws: `HKError(.errorNoData)` when it is not set or not readable.
    public func dateOfBirthComponents() throws -> DateComponents {
        guard let day = try characteristics().dateOfBirth else {
            throw HKError(.errorNoData, "The date of birth is not set or not readable")
        }
        return DateComponents(
            calendar: Calendar(identifier: .gregorian), year: day.year, month: day.month, day: day.day)
    }
}
