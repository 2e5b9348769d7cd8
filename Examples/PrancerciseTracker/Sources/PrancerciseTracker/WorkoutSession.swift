import Foundation
import HealthKit

/// One stretch of prancercising, from a tap on Start to a tap on Stop.
struct PrancerciseInterval: Sendable, Equatable {
    var start: Date
    var end: Date

    /// The interval's length in seconds.
    var duration: TimeInterval { end.timeIntervalSince(start) }
}

/// The workout on screen: a series of intervals the person starts and stops, then saves or clears.
///
/// ```swift
/// var session = WorkoutSession()
/// session.start(at: t0)     // .active
/// session.end(at: t0 + 300) // .finished, one interval
/// session.start(at: t0 + 360) ...
/// ```
struct WorkoutSession: Sendable, Equatable {
    /// Where the session is.
    enum State: Sendable, Equatable {
        /// Nothing recorded yet.
        case notStarted
        /// An interval is running.
        case active
        /// The last interval was stopped: start another one, or save.
        case finished
    }

    private(set) var state = State.notStarted
    /// The stopped intervals, in order.
    private(set) var intervals: [PrancerciseInterval] = []
    private var intervalStart: Date?

    /// Starts an interval (ignored while one is running).
    mutating func start(at date: Date) {
        guard state != .active else { return }
        intervalStart = date
        state = .active
    }

    /// Stops the running interval (ignored when none is running).
    mutating func end(at date: Date) {
        guard state == .active, let start = intervalStart else { return }
        intervals.append(PrancerciseInterval(start: start, end: max(start, date)))
        intervalStart = nil
        state = .finished
    }

    /// Forgets everything.
    mutating func clear() { self = WorkoutSession() }

    /// The workout to save: nil until at least one interval has been stopped, or while one is running.
    var completedWorkout: PrancerciseWorkout? {
        guard state == .finished, !intervals.isEmpty else { return nil }
        return PrancerciseWorkout(intervals: intervals)
    }
}

/// A finished Prancercise workout: its intervals, active time and energy.
struct PrancerciseWorkout: Sendable, Equatable {
    /// The tutorial's rule of thumb: kilocalories burnt per hour of prancercising.
    static let kilocaloriesPerHour = 450.0

    /// The intervals, in order (at least one).
    var intervals: [PrancerciseInterval]

    var start: Date { intervals.first?.start ?? .distantPast }
    var end: Date { intervals.last?.end ?? .distantPast }
    /// The time spent prancercising (gaps between intervals left out).
    var activeSeconds: TimeInterval { intervals.reduce(0) { $0 + $1.duration } }
    /// 450 kcal per hour of active time.
    var kilocalories: Double { Self.kilocalories(for: activeSeconds) }

    static func kilocalories(for seconds: TimeInterval) -> Double { kilocaloriesPerHour * seconds / 3600 }
}
