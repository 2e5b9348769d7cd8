import Foundation
import HealthKit

/// The flight log RunWay shows: one line per flight, in the runner's local time.
///
/// ```text
/// 03-11 06:41  42 min airborne  7.21 km  fuel 462 kcal  cadence 168/min  pace 5:12/km  contact 242 ms  stride 1.12 m
///              taxi 1 · climb 4 · cruise 35 · descent 2
/// ```
struct FlightLog {
    /// Local days and times.
    var calendar: Calendar

    /// The log of `flights`, two lines each.
    func lines(for flights: [Flight]) -> [String] {
        flights.flatMap { flight -> [String] in
            var first = "\(date(flight.departure))  \(number(flight.airborneMinutes, 0)) min airborne"
            first += "  \(number(flight.kilometers, 2)) km  fuel \(number(flight.fuelKilocalories, 0)) kcal"
            if let cadence = flight.cadence { first += "  cadence \(number(cadence, 0))/min" }
            if let pace = flight.paceSecondsPerKilometer { first += "  pace \(FlightModel.formatPace(pace))/km" }
            if let contact = flight.groundContactMilliseconds { first += "  contact \(number(contact, 0)) ms" }
            if let stride = flight.strideLengthMeters { first += "  stride \(number(stride, 2)) m" }
            let phases = FlightPhase.allCases.map { "\($0.rawValue) \(flight.phaseReadings[$0] ?? 0)" }
            return [first, "             " + phases.joined(separator: " · ")]
        }
    }

    /// `MM-dd HH:mm` in the calendar's time zone.
    private func date(_ date: Date) -> String {
        let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
        return [parts.month, parts.day].map(twoDigits).joined(separator: "-") + " "
            + [parts.hour, parts.minute].map(twoDigits).joined(separator: ":")
    }

    private func twoDigits(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }

    private func number(_ value: Double, _ places: Int) -> String {
        String(format: "%.\(places)f", value)
    }
}
