import HealthCore

/// The kind of activity a workout records: HealthKit's `HKWorkoutActivityType`, every case with its raw value.
///
/// Raw values the enumeration does not know (raw 81, future types) read as ``other`` (see the Differences
/// article); the engine keeps the stored raw value.
public enum HKWorkoutActivityType: UInt, Sendable, Hashable, CaseIterable {
    /// American football (raw 1, `HKWorkoutActivityTypeAmericanFootball`).
    case americanFootball = 1
    /// Archery (raw 2, `HKWorkoutActivityTypeArchery`).
    case archery = 2
    /// Australian football (raw 3, `HKWorkoutActivityTypeAustralianFootball`).
    case australianFootball = 3
    /// Badminton (raw 4, `HKWorkoutActivityTypeBadminton`).
    case badminton = 4
    /// Baseball (raw 5, `HKWorkoutActivityTypeBaseball`).
    case baseball = 5
    /// Basketball (raw 6, `HKWorkoutActivityTypeBasketball`).
    case basketball = 6
    /// Bowling (raw 7, `HKWorkoutActivityTypeBowling`).
    case bowling = 7
    /// Boxing (raw 8, `HKWorkoutActivityTypeBoxing`).
    case boxing = 8
    /// Climbing (raw 9, `HKWorkoutActivityTypeClimbing`).
    case climbing = 9
    /// Cricket (raw 10, `HKWorkoutActivityTypeCricket`).
    case cricket = 10
    /// Cross training (raw 11, `HKWorkoutActivityTypeCrossTraining`).
    case crossTraining = 11
    /// Curling (raw 12, `HKWorkoutActivityTypeCurling`).
    case curling = 12
    /// Cycling (raw 13, `HKWorkoutActivityTypeCycling`).
    case cycling = 13
    /// Dance (raw 14, `HKWorkoutActivityTypeDance`). Deprecated in iOS 14 (use cardioDance or socialDance).
    case dance = 14
    /// Dance inspired training (raw 15, `HKWorkoutActivityTypeDanceInspiredTraining`). Deprecated.
    case danceInspiredTraining = 15
    /// Elliptical (raw 16, `HKWorkoutActivityTypeElliptical`).
    case elliptical = 16
    /// Equestrian sports (raw 17, `HKWorkoutActivityTypeEquestrianSports`).
    case equestrianSports = 17
    /// Fencing (raw 18, `HKWorkoutActivityTypeFencing`).
    case fencing = 18
    /// Fishing (raw 19, `HKWorkoutActivityTypeFishing`).
    case fishing = 19
    /// Functional strength training (raw 20, `HKWorkoutActivityTypeFunctionalStrengthTraining`).
    case functionalStrengthTraining = 20
    /// Golf (raw 21, `HKWorkoutActivityTypeGolf`).
    case golf = 21
    /// Gymnastics (raw 22, `HKWorkoutActivityTypeGymnastics`).
    case gymnastics = 22
    /// Handball (raw 23, `HKWorkoutActivityTypeHandball`).
    case handball = 23
    /// Hiking (raw 24, `HKWorkoutActivityTypeHiking`).
    case hiking = 24
    /// Hockey (raw 25, `HKWorkoutActivityTypeHockey`).
    case hockey = 25
    /// Hunting (raw 26, `HKWorkoutActivityTypeHunting`).
    case hunting = 26
    /// Lacrosse (raw 27, `HKWorkoutActivityTypeLacrosse`).
    case lacrosse = 27
    /// Martial arts (raw 28, `HKWorkoutActivityTypeMartialArts`).
    case martialArts = 28
    /// Mind and body (raw 29, `HKWorkoutActivityTypeMindAndBody`).
    case mindAndBody = 29
    /// Mixed metabolic cardio training (raw 30, `HKWorkoutActivityTypeMixedMetabolicCardioTraining`). Deprecated.
    case mixedMetabolicCardioTraining = 30
    /// Paddle sports (raw 31, `HKWorkoutActivityTypePaddleSports`).
    case paddleSports = 31
    /// Play (raw 32, `HKWorkoutActivityTypePlay`).
    case play = 32
    /// Preparation and recovery (raw 33, `HKWorkoutActivityTypePreparationAndRecovery`).
    case preparationAndRecovery = 33
    /// Racquetball (raw 34, `HKWorkoutActivityTypeRacquetball`).
    case racquetball = 34
    /// Rowing (raw 35, `HKWorkoutActivityTypeRowing`).
    case rowing = 35
    /// Rugby (raw 36, `HKWorkoutActivityTypeRugby`).
    case rugby = 36
    /// Running (raw 37, `HKWorkoutActivityTypeRunning`).
    case running = 37
    /// Sailing (raw 38, `HKWorkoutActivityTypeSailing`).
    case sailing = 38
    /// Skating sports (raw 39, `HKWorkoutActivityTypeSkatingSports`).
    case skatingSports = 39
    /// Snow sports (raw 40, `HKWorkoutActivityTypeSnowSports`).
    case snowSports = 40
    /// Soccer (raw 41, `HKWorkoutActivityTypeSoccer`).
    case soccer = 41
    /// Softball (raw 42, `HKWorkoutActivityTypeSoftball`).
    case softball = 42
    /// Squash (raw 43, `HKWorkoutActivityTypeSquash`).
    case squash = 43
    /// Stair climbing (raw 44, `HKWorkoutActivityTypeStairClimbing`).
    case stairClimbing = 44
    /// Surfing sports (raw 45, `HKWorkoutActivityTypeSurfingSports`).
    case surfingSports = 45
    /// Swimming (raw 46, `HKWorkoutActivityTypeSwimming`).
    case swimming = 46
    /// Table tennis (raw 47, `HKWorkoutActivityTypeTableTennis`).
    case tableTennis = 47
    /// Tennis (raw 48, `HKWorkoutActivityTypeTennis`).
    case tennis = 48
    /// Track and field (raw 49, `HKWorkoutActivityTypeTrackAndField`).
    case trackAndField = 49
    /// Traditional strength training (raw 50, `HKWorkoutActivityTypeTraditionalStrengthTraining`).
    case traditionalStrengthTraining = 50
    /// Volleyball (raw 51, `HKWorkoutActivityTypeVolleyball`).
    case volleyball = 51
    /// Walking (raw 52, `HKWorkoutActivityTypeWalking`).
    case walking = 52
    /// Water fitness (raw 53, `HKWorkoutActivityTypeWaterFitness`).
    case waterFitness = 53
    /// Water polo (raw 54, `HKWorkoutActivityTypeWaterPolo`).
    case waterPolo = 54
    /// Water sports (raw 55, `HKWorkoutActivityTypeWaterSports`).
    case waterSports = 55
    /// Wrestling (raw 56, `HKWorkoutActivityTypeWrestling`).
    case wrestling = 56
    /// Yoga (raw 57, `HKWorkoutActivityTypeYoga`).
    case yoga = 57
    /// Barre (raw 58, `HKWorkoutActivityTypeBarre`).
    case barre = 58
    /// Core training (raw 59, `HKWorkoutActivityTypeCoreTraining`).
    case coreTraining = 59
    /// Cross country skiing (raw 60, `HKWorkoutActivityTypeCrossCountrySkiing`).
    case crossCountrySkiing = 60
    /// Downhill skiing (raw 61, `HKWorkoutActivityTypeDownhillSkiing`).
    case downhillSkiing = 61
    /// Flexibility (raw 62, `HKWorkoutActivityTypeFlexibility`).
    case flexibility = 62
    /// High intensity interval training (raw 63, `HKWorkoutActivityTypeHighIntensityIntervalTraining`).
    case highIntensityIntervalTraining = 63
    /// Jump rope (raw 64, `HKWorkoutActivityTypeJumpRope`).
    case jumpRope = 64
    /// Kickboxing (raw 65, `HKWorkoutActivityTypeKickboxing`).
    case kickboxing = 65
    /// Pilates (raw 66, `HKWorkoutActivityTypePilates`).
    case pilates = 66
    /// Snowboarding (raw 67, `HKWorkoutActivityTypeSnowboarding`).
    case snowboarding = 67
    /// Stairs (raw 68, `HKWorkoutActivityTypeStairs`).
    case stairs = 68
    /// Step training (raw 69, `HKWorkoutActivityTypeStepTraining`).
    case stepTraining = 69
    /// Wheelchair walk pace (raw 70, `HKWorkoutActivityTypeWheelchairWalkPace`).
    case wheelchairWalkPace = 70
    /// Wheelchair run pace (raw 71, `HKWorkoutActivityTypeWheelchairRunPace`).
    case wheelchairRunPace = 71
    /// Tai chi (raw 72, `HKWorkoutActivityTypeTaiChi`).
    case taiChi = 72
    /// Mixed cardio (raw 73, `HKWorkoutActivityTypeMixedCardio`).
    case mixedCardio = 73
    /// Hand cycling (raw 74, `HKWorkoutActivityTypeHandCycling`).
    case handCycling = 74
    /// Disc sports (raw 75, `HKWorkoutActivityTypeDiscSports`).
    case discSports = 75
    /// Fitness gaming (raw 76, `HKWorkoutActivityTypeFitnessGaming`).
    case fitnessGaming = 76
    /// Cardio dance (raw 77, `HKWorkoutActivityTypeCardioDance`). iOS 14.
    case cardioDance = 77
    /// Social dance (raw 78, `HKWorkoutActivityTypeSocialDance`). iOS 14.
    case socialDance = 78
    /// Pickleball (raw 79, `HKWorkoutActivityTypePickleball`). iOS 14.
    case pickleball = 79
    /// Cooldown (raw 80, `HKWorkoutActivityTypeCooldown`). iOS 14.
    case cooldown = 80
    /// Swim bike run (raw 82, `HKWorkoutActivityTypeSwimBikeRun`). Multisport (swim, bike, run) top-level type; iOS 16.
    case swimBikeRun = 82
    /// Transition (raw 83, `HKWorkoutActivityTypeTransition`). Transition between multisport activities; iOS 16.
    case transition = 83
    /// Underwater diving (raw 84, `HKWorkoutActivityTypeUnderwaterDiving`). iOS 17.
    case underwaterDiving = 84
    /// Rest (raw 2998, `HKWorkoutActivityTypeRest`). Not available to apps [U].
    case rest = 2998
    /// Group (raw 2999, `HKWorkoutActivityTypeGroup`). Not available to apps [U].
    case group = 2999
    /// Other (raw 3000, `HKWorkoutActivityTypeOther`). Any activity without a case of its own.
    case other = 3000

    /// The activity type for an engine value; unknown raw values are ``other``.
    init(_ type: WorkoutActivityType) { self = HKWorkoutActivityType(rawValue: type.rawValue) ?? .other }

    /// The engine's value.
    var engineValue: WorkoutActivityType { WorkoutActivityType(rawValue: rawValue) }
}
