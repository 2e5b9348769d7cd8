/// One day of activity rings: HealthKit's `HKActivitySummary`.
public struct ActivitySummary: Sendable, Hashable, Codable {
    /// The day (Gregorian year, month, day).
    public var day: CalendarDay
    /// Move: active energy burned.
    public var activeEnergyBurned: Quantity?
    /// Move goal in energy.
    public var activeEnergyBurnedGoal: Quantity?
    /// Move: time (for the move-time mode).
    public var appleMoveTime: Quantity?
    /// Move goal in time.
    public var appleMoveTimeGoal: Quantity?
    /// Exercise time.
    public var appleExerciseTime: Quantity?
    /// Exercise goal.
    public var appleExerciseTimeGoal: Quantity?
    /// Stand hours.
    public var appleStandHours: Quantity?
    /// Stand goal.
    public var appleStandHoursGoal: Quantity?
    /// Which move ring mode applies.
    public var activityMoveMode: ActivityMoveMode
    /// Whether the rings were paused that day.
    public var isPaused: Bool

    /// Creates a summary.
    public init(
        day: CalendarDay,
        activeEnergyBurned: Quantity? = nil,
        activeEnergyBurnedGoal: Quantity? = nil,
        appleMoveTime: Quantity? = nil,
        appleMoveTimeGoal: Quantity? = nil,
        appleExerciseTime: Quantity? = nil,
        appleExerciseTimeGoal: Quantity? = nil,
        appleStandHours: Quantity? = nil,
        appleStandHoursGoal: Quantity? = nil,
        activityMoveMode: ActivityMoveMode = .activeEnergy,
        isPaused: Bool = false
    ) {
        self.day = day
        self.activeEnergyBurned = activeEnergyBurned
        self.activeEnergyBurnedGoal = activeEnergyBurnedGoal
        self.appleMoveTime = appleMoveTime
        self.appleMoveTimeGoal = appleMoveTimeGoal
        self.appleExerciseTime = appleExerciseTime
        self.appleExerciseTimeGoal = appleExerciseTimeGoal
        self.appleStandHours = appleStandHours
        self.appleStandHoursGoal = appleStandHoursGoal
        self.activityMoveMode = activityMoveMode
        self.isPaused = isPaused
    }
}

/// A Gregorian calendar day without a time zone, e.g. an activity summary's `dateComponents`.
public struct CalendarDay: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The year.
    public var year: Int
    /// The month, 1–12.
    public var month: Int
    /// The day of the month, 1–31.
    public var day: Int

    /// Creates a day; nil when month or day is out of range for the Gregorian calendar.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CalendarDay.daysIn(month: month, year: year) else {
            return nil
        }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`.
    public init?(_ string: String) {
        let parts = string.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        let y = String(year)
        let m = month < 10 ? "0\(month)" : "\(month)"
        let d = day < 10 ? "0\(day)" : "\(day)"
        return "\(String(repeating: "0", count: max(0, 4 - y.count)))\(y)-\(m)-\(d)"
    }

    /// Orders days chronologically.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
