import Foundation
import HealthKit

/// One timeline entry of the step widget: what both layouts show at `date`.
struct StepEntry: Sendable, Equatable {
    /// When the entry is shown.
    var date: Date
    /// Today's steps so far (merged across devices).
    var todaySteps: Double
    /// Steps in the two hours before `date`.
    var lastTwoHoursSteps: Double
    /// The last seven local days, oldest first, today last.
    var week: [DayBar]
    /// The daily goal.
    var goal: Double

    /// One bar of the week chart.
    struct DayBar: Sendable, Equatable {
        /// The local midnight that starts the day.
        var day: Date
        /// The day's steps.
        var steps: Double
    }

    /// Today's steps as a whole percentage of the goal (may exceed 100).
    var goalPercentage: Int { goal > 0 ? Int((todaySteps * 100 / goal).rounded(.down)) : 0 }

    /// The small widget: today's total and the goal ring.
    var small: SmallLayout { SmallLayout(todaySteps: todaySteps, goalPercentage: goalPercentage) }

    /// The medium widget: the small one plus the last two hours and the week's bars.
    var medium: MediumLayout {
        MediumLayout(
            todaySteps: todaySteps, goalPercentage: goalPercentage, lastTwoHoursSteps: lastTwoHoursSteps,
            bars: week.map(\.steps))
    }
}

/// What the small widget draws.
struct SmallLayout: Sendable, Equatable {
    var todaySteps: Double
    var goalPercentage: Int
}

/// What the medium widget draws.
struct MediumLayout: Sendable, Equatable {
    var todaySteps: Double
    var goalPercentage: Int
    var lastTwoHoursSteps: Double
    /// Seven bars, oldest first.
    var bars: [Double]
}

/// A widget timeline: the entries to show and when to ask for the next timeline.
struct StepTimeline: Sendable, Equatable {
    var entries: [StepEntry]
    /// When the widget asks again (WidgetKit's `.after(date)` reload policy).
    var reloadDate: Date
}
