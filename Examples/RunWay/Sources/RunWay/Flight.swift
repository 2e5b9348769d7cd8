import Foundation
import HealthKit

/// One day's run, told as a flight.
struct Flight: Sendable, Hashable {
    /// The local midnight that starts the day.
    var day: Date
    /// The first heart-rate reading of the day.
    var departure: Date
    /// The end of the last heart-rate reading of the day.
    var arrival: Date
    /// Time in the air: the length of the day's running-speed samples, in minutes.
    var airborneMinutes: Double
    /// How many heart-rate readings fell in each phase.
    var phaseReadings: [FlightPhase: Int]
    /// The day's steps (merged across devices).
    var steps: Double
    /// Steps per airborne minute.
    var cadence: Double?
    /// Fuel burnt: the day's active energy in kilocalories.
    var fuelKilocalories: Double
    /// The day's walking and running distance in kilometres.
    var kilometers: Double
    /// Seconds per kilometre at the day's time-weighted average running speed.
    var paceSecondsPerKilometer: Double?
    /// The day's average ground contact time in milliseconds.
    var groundContactMilliseconds: Double?
    /// The day's average stride length in metres.
    var strideLengthMeters: Double?
}

/// A reading of heart rate or speed kept between anchored queries.
struct Reading: Sendable, Hashable {
    var start: Date
    var end: Date
    var value: Double
}
