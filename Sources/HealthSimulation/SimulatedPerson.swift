public import HealthCore

/// The person whose data is simulated: characteristics, devices and the baselines the scenarios vary around.
///
/// ```swift
/// var person = SimulatedPerson.ana
/// person.thirdPartyApp = nil  // interval workouts then come from the iPhone
/// ```
public struct SimulatedPerson: Sendable, Hashable {
    /// The first name used in device names.
    public var name: String
    /// Characteristics (sex, blood type, date of birth, …), returned with every scenario.
    public var characteristics: Characteristics
    /// The phone: steps and distance while carried, weight, time in bed.
    public var phone: SimulatedDevice
    /// The watch: steps, distance, energy and heart rate while worn, runs, sleep stages.
    public var watch: SimulatedDevice
    /// An optional third-party app (writes interval workouts; the phone does when nil).
    public var thirdPartyApp: SimulatedDevice?
    /// Body mass in kilograms at the start of a scenario.
    public var bodyMass: Double
    /// Resting heart rate in beats per minute.
    public var restingHeartRate: Double
    /// Latitude of the runs' starting point, in degrees.
    public var homeLatitude: Double
    /// Longitude of the runs' starting point, in degrees.
    public var homeLongitude: Double

    /// Creates a person.
    public init(
        name: String,
        characteristics: Characteristics,
        phone: SimulatedDevice,
        watch: SimulatedDevice,
        thirdPartyApp: SimulatedDevice?,
        bodyMass: Double,
        restingHeartRate: Double,
        homeLatitude: Double,
        homeLongitude: Double
    ) {
        self.name = name
        self.characteristics = characteristics
        self.phone = phone
        self.watch = watch
        self.thirdPartyApp = thirdPartyApp
        self.bodyMass = bodyMass
        self.restingHeartRate = restingHeartRate
        self.homeLatitude = homeLatitude
        self.homeLongitude = homeLongitude
    }

    /// Ana: female, A+, born 1990-04-12, skin type III, no wheelchair, 64 kg, resting heart rate 58, runs from
    /// Berlin's Tiergarten; carries ``SimulatedDevice/iPhone``, wears ``SimulatedDevice/appleWatch`` and uses
    /// ``SimulatedDevice/prancerciseTracker``.
    public static let ana = SimulatedPerson(
        name: "Ana",
        characteristics: Characteristics(
            biologicalSex: .female, bloodType: .aPositive, dateOfBirth: CalendarDay(year: 1990, month: 4, day: 12),
            fitzpatrickSkinType: .III, wheelchairUse: .no, activityMoveMode: .activeEnergy),
        phone: .iPhone,
        watch: .appleWatch,
        thirdPartyApp: .prancerciseTracker,
        bodyMass: 64,
        restingHeartRate: 58,
        homeLatitude: 52.5145,
        homeLongitude: 13.3501)
}
