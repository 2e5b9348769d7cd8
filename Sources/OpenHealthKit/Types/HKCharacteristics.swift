public import Foundation
import HealthCore

/// Biological sex: HealthKit's `HKBiologicalSex`.
public enum HKBiologicalSex: Int, Sendable, Hashable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Female.
    case female = 1
    /// Male.
    case male = 2
    /// Other.
    case other = 3
}

/// Blood type: HealthKit's `HKBloodType`.
public enum HKBloodType: Int, Sendable, Hashable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// A+.
    case aPositive = 1
    /// A−.
    case aNegative = 2
    /// B+.
    case bPositive = 3
    /// B−.
    case bNegative = 4
    /// AB+.
    case abPositive = 5
    /// AB−.
    case abNegative = 6
    /// O+.
    case oPositive = 7
    /// O−.
    case oNegative = 8
}

/// Fitzpatrick skin type: HealthKit's `HKFitzpatrickSkinType`.
public enum HKFitzpatrickSkinType: Int, Sendable, Hashable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// Type I.
    case I = 1
    /// Type II.
    case II = 2
    /// Type III.
    case III = 3
    /// Type IV.
    case IV = 4
    /// Type V.
    case V = 5
    /// Type VI.
    case VI = 6
}

/// Wheelchair use: HealthKit's `HKWheelchairUse`.
public enum HKWheelchairUse: Int, Sendable, Hashable, CaseIterable {
    /// Not set.
    case notSet = 0
    /// No.
    case no = 1
    /// Yes.
    case yes = 2
}

/// What the Move ring measures: HealthKit's `HKActivityMoveMode`.
public enum HKActivityMoveMode: Int, Sendable, Hashable, CaseIterable {
    /// Active energy.
    case activeEnergy = 1
    /// Apple Move Time.
    case appleMoveTime = 2
}

/// The person's biological sex: HealthKit's `HKBiologicalSexObject`.
public final class HKBiologicalSexObject: NSObject, @unchecked Sendable {
    /// The value.
    public let biologicalSex: HKBiologicalSex
    init(_ value: HKBiologicalSex) { biologicalSex = value }
}

/// The person's blood type: HealthKit's `HKBloodTypeObject`.
public final class HKBloodTypeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let bloodType: HKBloodType
    init(_ value: HKBloodType) { bloodType = value }
}

/// The person's skin type: HealthKit's `HKFitzpatrickSkinTypeObject`.
public final class HKFitzpatrickSkinTypeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let skinType: HKFitzpatrickSkinType
    init(_ value: HKFitzpatrickSkinType) { skinType = value }
}

/// The person's wheelchair use: HealthKit's `HKWheelchairUseObject`.
public final class HKWheelchairUseObject: NSObject, @unchecked Sendable {
    /// The value.
    public let wheelchairUse: HKWheelchairUse
    init(_ value: HKWheelchairUse) { wheelchairUse = value }
}

/// The person's Move-ring mode: HealthKit's `HKActivityMoveModeObject`.
public final class HKActivityMoveModeObject: NSObject, @unchecked Sendable {
    /// The value.
    public let activityMoveMode: HKActivityMoveMode
    init(_ value: HKActivityMoveMode) { activityMoveMode = value }
}
