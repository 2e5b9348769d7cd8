import Foundation

/// The person's characteristics: HealthKit's characteristic types (read through `HKHealthStore` accessors,
/// never written by apps). Every value is optional: nil means not set.
public struct Characteristics: Sendable, Hashable, Codable {
    /// Biological sex.
    public var biologicalSex: BiologicalSex?
    /// Blood type.
    public var bloodType: BloodType?
    /// Date of birth, as Gregorian calendar components (year, month, day).
    public var dateOfBirth: CalendarDay?
    /// Fitzpatrick skin type.
    public var fitzpatrickSkinType: FitzpatrickSkinType?
    /// Wheelchair use.
    public var wheelchairUse: WheelchairUse?
    /// The move-ring mode.
    public var activityMoveMode: ActivityMoveMode?

    /// Creates characteristics.
    public init(
        biologicalSex: BiologicalSex? = nil,
        bloodType: BloodType? = nil,
        dateOfBirth: CalendarDay? = nil,
        fitzpatrickSkinType: FitzpatrickSkinType? = nil,
        wheelchairUse: WheelchairUse? = nil,
        activityMoveMode: ActivityMoveMode? = nil
    ) {
        self.biologicalSex = biologicalSex
        self.bloodType = bloodType
        self.dateOfBirth = dateOfBirth
        self.fitzpatrickSkinType = fitzpatrickSkinType
        self.wheelchairUse = wheelchairUse
        self.activityMoveMode = activityMoveMode
    }
}
