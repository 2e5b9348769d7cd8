// The activity types of the reference (§7.2), every case.

extension WorkoutActivityType {
    /// American football (raw 1, `HKWorkoutActivityTypeAmericanFootball`).
    public static let americanFootball = WorkoutActivityType(rawValue: 1)
    /// Archery (raw 2, `HKWorkoutActivityTypeArchery`).
    public static let archery = WorkoutActivityType(rawValue: 2)
    /// Australian football (raw 3, `HKWorkoutActivityTypeAustralianFootball`).
    public static let australianFootball = WorkoutActivityType(rawValue: 3)
    /// Badminton (raw 4, `HKWorkoutActivityTypeBadminton`).
    public static let badminton = WorkoutActivityType(rawValue: 4)
    /// Baseball (raw 5, `HKWorkoutActivityTypeBaseball`).
    public static let baseball = WorkoutActivityType(rawValue: 5)
    /// Basketball (raw 6, `HKWorkoutActivityTypeBasketball`).
    public static let basketball = WorkoutActivityType(rawValue: 6)
    /// Bowling (raw 7, `HKWorkoutActivityTypeBowling`).
    public static let bowling = WorkoutActivityType(rawValue: 7)
    /// Boxing (raw 8, `HKWorkoutActivityTypeBoxing`).
    public static let boxing = WorkoutActivityType(rawValue: 8)
    /// Climbing (raw 9, `HKWorkoutActivityTypeClimbing`).
    public static let climbing = WorkoutActivityType(rawValue: 9)
    /// Cricket (raw 10, `HKWorkoutActivityTypeCricket`).
    public static let cricket = WorkoutActivityType(rawValue: 10)
    /// Cross training (raw 11, `HKWorkoutActivityTypeCrossTraining`).
    public static let crossTraining = WorkoutActivityType(rawValue: 11)
    /// Curling (raw 12, `HKWorkoutActivityTypeCurling`).
    public static let curling = WorkoutActivityType(rawValue: 12)
    /// Cycling (raw 13, `HKWorkoutActivityTypeCycling`).
    public static let cycling = WorkoutActivityType(rawValue: 13)
    /// Dance (raw 14, `HKWorkoutActivityTypeDance`). Deprecated in iOS 14 (use cardioDance or socialDance).
    public static let dance = WorkoutActivityType(rawValue: 14)
    /// Dance inspired training (raw 15, `HKWorkoutActivityTypeDanceInspiredTraining`). Deprecated (use cardioDance,
    /// socialDance, barre or pilates).
    public static let danceInspiredTraining = WorkoutActivityType(rawValue: 15)
    /// Elliptical (raw 16, `HKWorkoutActivityTypeElliptical`).
    public static let elliptical = WorkoutActivityType(rawValue: 16)
    /// Equestrian sports (raw 17, `HKWorkoutActivityTypeEquestrianSports`).
    public static let equestrianSports = WorkoutActivityType(rawValue: 17)
    /// Fencing (raw 18, `HKWorkoutActivityTypeFencing`).
    public static let fencing = WorkoutActivityType(rawValue: 18)
    /// Fishing (raw 19, `HKWorkoutActivityTypeFishing`).
    public static let fishing = WorkoutActivityType(rawValue: 19)
    /// Functional strength training (raw 20, `HKWorkoutActivityTypeFunctionalStrengthTraining`).
    public static let functionalStrengthTraining = WorkoutActivityType(rawValue: 20)
    /// Golf (raw 21, `HKWorkoutActivityTypeGolf`).
    public static let golf = WorkoutActivityType(rawValue: 21)
    /// Gymnastics (raw 22, `HKWorkoutActivityTypeGymnastics`).
    public static let gymnastics = WorkoutActivityType(rawValue: 22)
    /// Handball (raw 23, `HKWorkoutActivityTypeHandball`).
    public static let handball = WorkoutActivityType(rawValue: 23)
    /// Hiking (raw 24, `HKWorkoutActivityTypeHiking`).
    public static let hiking = WorkoutActivityType(rawValue: 24)
    /// Hockey (raw 25, `HKWorkoutActivityTypeHockey`).
    public static let hockey = WorkoutActivityType(rawValue: 25)
    /// Hunting (raw 26, `HKWorkoutActivityTypeHunting`).
    public static let hunting = WorkoutActivityType(rawValue: 26)
    /// Lacrosse (raw 27, `HKWorkoutActivityTypeLacrosse`).
    public static let lacrosse = WorkoutActivityType(rawValue: 27)
    /// Martial arts (raw 28, `HKWorkoutActivityTypeMartialArts`).
    public static let martialArts = WorkoutActivityType(rawValue: 28)
    /// Mind and body (raw 29, `HKWorkoutActivityTypeMindAndBody`).
    public static let mindAndBody = WorkoutActivityType(rawValue: 29)
    /// Mixed metabolic cardio training (raw 30, `HKWorkoutActivityTypeMixedMetabolicCardioTraining`). Deprecated (use
    /// mixedCardio or highIntensityIntervalTraining).
    public static let mixedMetabolicCardioTraining = WorkoutActivityType(rawValue: 30)
    /// Paddle sports (raw 31, `HKWorkoutActivityTypePaddleSports`).
    public static let paddleSports = WorkoutActivityType(rawValue: 31)
    /// Play (raw 32, `HKWorkoutActivityTypePlay`).
    public static let play = WorkoutActivityType(rawValue: 32)
    /// Preparation and recovery (raw 33, `HKWorkoutActivityTypePreparationAndRecovery`).
    public static let preparationAndRecovery = WorkoutActivityType(rawValue: 33)
    /// Racquetball (raw 34, `HKWorkoutActivityTypeRacquetball`).
    public static let racquetball = WorkoutActivityType(rawValue: 34)
    /// Rowing (raw 35, `HKWorkoutActivityTypeRowing`).
    public static let rowing = WorkoutActivityType(rawValue: 35)
    /// Rugby (raw 36, `HKWorkoutActivityTypeRugby`).
    public static let rugby = WorkoutActivityType(rawValue: 36)
    /// Running (raw 37, `HKWorkoutActivityTypeRunning`).
    public static let running = WorkoutActivityType(rawValue: 37)
    /// Sailing (raw 38, `HKWorkoutActivityTypeSailing`).
    public static let sailing = WorkoutActivityType(rawValue: 38)
    /// Skating sports (raw 39, `HKWorkoutActivityTypeSkatingSports`).
    public static let skatingSports = WorkoutActivityType(rawValue: 39)
    /// Snow sports (raw 40, `HKWorkoutActivityTypeSnowSports`).
    public static let snowSports = WorkoutActivityType(rawValue: 40)
    /// Soccer (raw 41, `HKWorkoutActivityTypeSoccer`).
    public static let soccer = WorkoutActivityType(rawValue: 41)
    /// Softball (raw 42, `HKWorkoutActivityTypeSoftball`).
    public static let softball = WorkoutActivityType(rawValue: 42)
    /// Squash (raw 43, `HKWorkoutActivityTypeSquash`).
    public static let squash = WorkoutActivityType(rawValue: 43)
    /// Stair climbing (raw 44, `HKWorkoutActivityTypeStairClimbing`).
    public static let stairClimbing = WorkoutActivityType(rawValue: 44)
    /// Surfing sports (raw 45, `HKWorkoutActivityTypeSurfingSports`).
    public static let surfingSports = WorkoutActivityType(rawValue: 45)
    /// Swimming (raw 46, `HKWorkoutActivityTypeSwimming`).
    public static let swimming = WorkoutActivityType(rawValue: 46)
    /// Table tennis (raw 47, `HKWorkoutActivityTypeTableTennis`).
    public static let tableTennis = WorkoutActivityType(rawValue: 47)
    /// Tennis (raw 48, `HKWorkoutActivityTypeTennis`).
    public static let tennis = WorkoutActivityType(rawValue: 48)
    /// Track and field (raw 49, `HKWorkoutActivityTypeTrackAndField`).
    public static let trackAndField = WorkoutActivityType(rawValue: 49)
    /// Traditional strength training (raw 50, `HKWorkoutActivityTypeTraditionalStrengthTraining`).
    public static let traditionalStrengthTraining = WorkoutActivityType(rawValue: 50)
    /// Volleyball (raw 51, `HKWorkoutActivityTypeVolleyball`).
    public static let volleyball = WorkoutActivityType(rawValue: 51)
    /// Walking (raw 52, `HKWorkoutActivityTypeWalking`).
    public static let walking = WorkoutActivityType(rawValue: 52)
    /// Water fitness (raw 53, `HKWorkoutActivityTypeWaterFitness`).
    public static let waterFitness = WorkoutActivityType(rawValue: 53)
    /// Water polo (raw 54, `HKWorkoutActivityTypeWaterPolo`).
    public static let waterPolo = WorkoutActivityType(rawValue: 54)
    /// Water sports (raw 55, `HKWorkoutActivityTypeWaterSports`).
    public static let waterSports = WorkoutActivityType(rawValue: 55)
    /// Wrestling (raw 56, `HKWorkoutActivityTypeWrestling`).
    public static let wrestling = WorkoutActivityType(rawValue: 56)
    /// Yoga (raw 57, `HKWorkoutActivityTypeYoga`).
    public static let yoga = WorkoutActivityType(rawValue: 57)
    /// Barre (raw 58, `HKWorkoutActivityTypeBarre`).
    public static let barre = WorkoutActivityType(rawValue: 58)
    /// Core training (raw 59, `HKWorkoutActivityTypeCoreTraining`).
    public static let coreTraining = WorkoutActivityType(rawValue: 59)
    /// Cross country skiing (raw 60, `HKWorkoutActivityTypeCrossCountrySkiing`).
    public static let crossCountrySkiing = WorkoutActivityType(rawValue: 60)
    /// Downhill skiing (raw 61, `HKWorkoutActivityTypeDownhillSkiing`).
    public static let downhillSkiing = WorkoutActivityType(rawValue: 61)
    /// Flexibility (raw 62, `HKWorkoutActivityTypeFlexibility`).
    public static let flexibility = WorkoutActivityType(rawValue: 62)
    /// High intensity interval training (raw 63, `HKWorkoutActivityTypeHighIntensityIntervalTraining`).
    public static let highIntensityIntervalTraining = WorkoutActivityType(rawValue: 63)
    /// Jump rope (raw 64, `HKWorkoutActivityTypeJumpRope`).
    public static let jumpRope = WorkoutActivityType(rawValue: 64)
    /// Kickboxing (raw 65, `HKWorkoutActivityTypeKickboxing`).
    public static let kickboxing = WorkoutActivityType(rawValue: 65)
    /// Pilates (raw 66, `HKWorkoutActivityTypePilates`).
    public static let pilates = WorkoutActivityType(rawValue: 66)
    /// Snowboarding (raw 67, `HKWorkoutActivityTypeSnowboarding`).
    public static let snowboarding = WorkoutActivityType(rawValue: 67)
    /// Stairs (raw 68, `HKWorkoutActivityTypeStairs`).
    public static let stairs = WorkoutActivityType(rawValue: 68)
    /// Step training (raw 69, `HKWorkoutActivityTypeStepTraining`).
    public static let stepTraining = WorkoutActivityType(rawValue: 69)
    /// Wheelchair walk pace (raw 70, `HKWorkoutActivityTypeWheelchairWalkPace`).
    public static let wheelchairWalkPace = WorkoutActivityType(rawValue: 70)
    /// Wheelchair run pace (raw 71, `HKWorkoutActivityTypeWheelchairRunPace`).
    public static let wheelchairRunPace = WorkoutActivityType(rawValue: 71)
    /// Tai chi (raw 72, `HKWorkoutActivityTypeTaiChi`).
    public static let taiChi = WorkoutActivityType(rawValue: 72)
    /// Mixed cardio (raw 73, `HKWorkoutActivityTypeMixedCardio`).
    public static let mixedCardio = WorkoutActivityType(rawValue: 73)
    /// Hand cycling (raw 74, `HKWorkoutActivityTypeHandCycling`).
    public static let handCycling = WorkoutActivityType(rawValue: 74)
    /// Disc sports (raw 75, `HKWorkoutActivityTypeDiscSports`).
    public static let discSports = WorkoutActivityType(rawValue: 75)
    /// Fitness gaming (raw 76, `HKWorkoutActivityTypeFitnessGaming`).
    public static let fitnessGaming = WorkoutActivityType(rawValue: 76)
    /// Cardio dance (raw 77, `HKWorkoutActivityTypeCardioDance`). iOS 14.
    public static let cardioDance = WorkoutActivityType(rawValue: 77)
    /// Social dance (raw 78, `HKWorkoutActivityTypeSocialDance`). iOS 14.
    public static let socialDance = WorkoutActivityType(rawValue: 78)
    /// Pickleball (raw 79, `HKWorkoutActivityTypePickleball`). iOS 14.
    public static let pickleball = WorkoutActivityType(rawValue: 79)
    /// Cooldown (raw 80, `HKWorkoutActivityTypeCooldown`). iOS 14.
    public static let cooldown = WorkoutActivityType(rawValue: 80)
    /// Swim bike run (raw 82, `HKWorkoutActivityTypeSwimBikeRun`). Multisport (swim, bike, run) top-level type; iOS 16.
    public static let swimBikeRun = WorkoutActivityType(rawValue: 82)
    /// Transition (raw 83, `HKWorkoutActivityTypeTransition`). Transition between multisport activities; iOS 16.
    public static let transition = WorkoutActivityType(rawValue: 83)
    /// Underwater diving (raw 84, `HKWorkoutActivityTypeUnderwaterDiving`). iOS 17.
    public static let underwaterDiving = WorkoutActivityType(rawValue: 84)
    /// Rest (raw 2998, `HKWorkoutActivityTypeRest`). Not available to apps [U].
    public static let rest = WorkoutActivityType(rawValue: 2998)
    /// Group (raw 2999, `HKWorkoutActivityTypeGroup`). Not available to apps [U].
    public static let group = WorkoutActivityType(rawValue: 2999)
    /// Other (raw 3000, `HKWorkoutActivityTypeOther`). Any activity without a case of its own.
    public static let other = WorkoutActivityType(rawValue: 3000)
}
