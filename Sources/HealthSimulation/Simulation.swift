public import Foundation
import HealthCore

/// A seeded, deterministic generator of realistic mock health data for one person.
///
/// A simulation never reads the clock, the current calendar or a global random source: each scenario takes
/// the day to start on, uses the simulation's calendar (and its time zone) for local times, draws every
/// random choice from the generator passed in (through our own mapping of `next()`, so a seed gives the same
/// data on every platform) and takes new identities from `makeUUID`. The same inputs always give the same
/// ``SimulatedData``.
///
/// ```swift
/// var berlin = Calendar(identifier: .gregorian)
/// berlin.timeZone = TimeZone(identifier: "Europe/Berlin")!
/// let simulation = Simulation(calendar: berlin)
/// var rng = SplitMix64(seed: 42)
/// let uuids = UUIDSequence()
/// let runs = simulation.weekOfMorningRuns(startingOn: monday, using: &rng, makeUUID: uuids.next)
/// runs.workouts.count  // 7, each starting 06:00–08:00 Berlin time
/// ```
///
/// ## Topics
///
/// ### Scenarios
///
/// - ``weekOfMorningRuns(startingOn:using:makeUUID:)``
/// - ``stepsAndWeight(days:startingOn:using:makeUUID:)``
/// - ``phoneAndWatchDay(on:using:makeUUID:)``
/// - ``sleepNights(nights:startingOn:using:makeUUID:)``
/// - ``intervalWorkouts(count:startingOn:using:makeUUID:)``
/// - ``demoMonth(days:startingOn:using:makeUUID:)``
public struct Simulation: Sendable {
    /// The person simulated.
    public var person: SimulatedPerson
    /// The calendar (with its time zone) that defines local days and times.
    public var calendar: Calendar

    /// Creates a simulation.
    /// - Parameters:
    ///   - person: The person (``SimulatedPerson/ana`` by default).
    ///   - calendar: The calendar whose time zone defines "06:00 local"; pass a Gregorian calendar.
    public init(person: SimulatedPerson = .ana, calendar: Calendar) {
        self.person = person
        self.calendar = calendar
    }

    /// Creates a simulation with a Gregorian calendar in `timeZone`.
    public init(person: SimulatedPerson = .ana, timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.init(person: person, calendar: calendar)
    }

    // MARK: Local time

    /// The local midnight that starts the day `offset` days after the day containing `date`.
    func dayStart(_ date: Date, offset: Int = 0) -> Date {
        let first = calendar.startOfDay(for: date)
        guard offset != 0 else { return first }
        let shifted =
            calendar.date(byAdding: .day, value: offset, to: first) ?? first.addingTimeInterval(86_400 * Double(offset))
        return calendar.startOfDay(for: shifted)
    }

    /// The local time `hour:minute` on the day starting at `dayStart` (minutes may exceed 59).
    func localTime(_ dayStart: Date, hour: Int, minute: Int = 0) -> Date {
        let anchor =
            calendar.date(bySettingHour: hour, minute: 0, second: 0, of: dayStart)
            ?? dayStart.addingTimeInterval(Double(hour) * 3600)
        return anchor.addingTimeInterval(Double(minute) * 60)
    }

    /// The Gregorian day of `date` in the simulation's time zone.
    func calendarDay(_ date: Date) -> CalendarDay? {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}
