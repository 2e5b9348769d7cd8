import Foundation
import HealthKit

/// Where a runner is in their flight, read from their heart-rate zone and where it is heading.
///
/// Heart-rate zones are the runner's altitude: zone 1 (below 60 % of the maximum heart rate) keeps them on the
/// ground, zones 2 to 5 are flight levels. Rising to a higher zone is a climb, holding the zone is cruise,
/// falling to a lower one (but staying above zone 1) is a descent.
enum FlightPhase: String, CaseIterable, Sendable {
    case taxi
    case climb
    case cruise
    case descent
}

/// RunWay's mapping of running data onto a flight: heart rate → zone and phase, steps per minute → cadence,
/// kilocalories → fuel, metres → kilometres, metres per second → pace.
///
/// ```swift
/// let model = FlightModel(maximumHeartRate: 190)
/// model.zone(heartRate: 150)                            // 3 (79 %)
/// model.phases(heartRates: [100, 120, 160, 160, 130])   // [.taxi, .climb, .climb, .cruise, .descent]
/// FlightModel.paceSecondsPerKilometer(metersPerSecond: 3.2)  // 312.5 (5:12 min/km)
/// ```
struct FlightModel: Sendable, Hashable {
    /// The runner's maximum heart rate in beats per minute.
    var maximumHeartRate: Double

    /// The heart-rate zone, 1 to 5: below 60 % of the maximum is zone 1, then one zone per 10 %.
    func zone(heartRate: Double) -> Int {
        let share = heartRate / maximumHeartRate
        switch share {
        case ..<0.6: return 1
        case ..<0.7: return 2
        case ..<0.8: return 3
        case ..<0.9: return 4
        default: return 5
        }
    }

    /// The phase of each reading, in order: taxi in zone 1, otherwise climb, cruise or descent by comparing the
    /// reading's zone with the previous reading's (the first airborne reading climbs).
    func phases(heartRates: [Double]) -> [FlightPhase] {
        var previousZone = 1
        return heartRates.map { rate in
            let zone = zone(heartRate: rate)
            defer { previousZone = zone }
            if zone == 1 { return .taxi }
            if zone > previousZone { return .climb }
            if zone < previousZone { return .descent }
            return .cruise
        }
    }

    /// Steps per minute.
    static func cadence(steps: Double, minutes: Double) -> Double? {
        minutes > 0 ? steps / minutes : nil
    }

    /// Kilometres from metres.
    static func kilometers(meters: Double) -> Double { meters / 1000 }

    /// Seconds per kilometre from metres per second (nil when standing still).
    static func paceSecondsPerKilometer(metersPerSecond speed: Double) -> Double? {
        speed > 0 ? 1000 / speed : nil
    }

    /// A pace as runners write it: `5:12` (minutes and seconds per kilometre).
    static func formatPace(_ secondsPerKilometer: Double) -> String {
        let seconds = Int(secondsPerKilometer.rounded())
        let remainder = seconds % 60
        return "\(seconds / 60):\(remainder < 10 ? "0" : "")\(remainder)"
    }
}
