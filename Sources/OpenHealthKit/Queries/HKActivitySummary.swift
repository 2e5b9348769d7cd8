public import Foundation
import HealthCore
import HealthQuery

/// One day of activity rings: HealthKit's `HKActivitySummary` (mutable, as HealthKit's is, for ring views).
public final class HKActivitySummary: NSObject, @unchecked Sendable {
    private let state: Locked<ActivitySummary>

    init(_ summary: ActivitySummary) { state = Locked(summary) }

    /// An empty summary (today's date is unknown: set values before use).
    public override init() {
        state = Locked(
            ActivitySummary(day: Self.referenceDay))
    }

    private static let referenceDay: CalendarDay = {
        guard let day = CalendarDay(year: 2001, month: 1, day: 1) else { preconditionFailure("2001-01-01 is a day") }
        return day
    }()

    /// The summary's day in a calendar (era, year, month, day).
    public func dateComponents(for calendar: Calendar) -> DateComponents {
        let day = state.withLock { $0.day }
        var components = DateComponents(year: day.year, month: day.month, day: day.day)
        components.calendar = calendar
        components.era = 1
        return components
    }

    private func quantity(_ read: (ActivitySummary) -> Quantity?, unit: HKUnit) -> HKQuantity {
        state.withLock { read($0) }.map { HKQuantity($0) } ?? HKQuantity(unit: unit, doubleValue: 0)
    }

    private func set(_ quantity: HKQuantity, _ write: (inout ActivitySummary, Quantity?) -> Void) {
        let value = try? quantity.resolved()
        state.withLock { write(&$0, value) }
    }

    /// Active energy burned (Move).
    public var activeEnergyBurned: HKQuantity {
        get { quantity({ $0.activeEnergyBurned }, unit: .kilocalorie()) }
        set { set(newValue) { $0.activeEnergyBurned = $1 } }
    }
    /// The Move goal in energy.
    public var activeEnergyBurnedGoal: HKQuantity {
        get { quantity({ $0.activeEnergyBurnedGoal }, unit: .kilocalorie()) }
        set { set(newValue) { $0.activeEnergyBurnedGoal = $1 } }
    }
    /// Move time (for the move-time mode).
    public var appleMoveTime: HKQuantity {
        get { quantity({ $0.appleMoveTime }, unit: .minute()) }
        set { set(newValue) { $0.appleMoveTime = $1 } }
    }
    /// The Move goal in time.
    public var appleMoveTimeGoal: HKQuantity {
        get { quantity({ $0.appleMoveTimeGoal }, unit: .minute()) }
        set { set(newValue) { $0.appleMoveTimeGoal = $1 } }
    }
    /// Exercise time.
    public var appleExerciseTime: HKQuantity {
        get { quantity({ $0.appleExerciseTime }, unit: .minute()) }
        set { set(newValue) { $0.appleExerciseTime = $1 } }
    }
    /// The Exercise goal.
    public var exerciseTimeGoal: HKQuantity? {
        get { state.withLock { $0.appleExerciseTimeGoal }.map { HKQuantity($0) } }
        set {
            let value = newValue.flatMap { quantity in try? quantity.resolved() }
            state.withLock { $0.appleExerciseTimeGoal = value }
        }
    }
    /// The Exercise goal (older name).
    public var appleExerciseTimeGoal: HKQuantity {
        get { exerciseTimeGoal ?? HKQuantity(unit: .minute(), doubleValue: 0) }
        set { exerciseTimeGoal = newValue }
    }
    /// Stand hours.
    public var appleStandHours: HKQuantity {
        get { quantity({ $0.appleStandHours }, unit: .count()) }
        set { set(newValue) { $0.appleStandHours = $1 } }
    }
    /// The Stand goal.
    public var standHoursGoal: HKQuantity? {
        get { state.withLock { $0.appleStandHoursGoal }.map { HKQuantity($0) } }
        set {
            let value = newValue.flatMap { quantity in try? quantity.resolved() }
            state.withLock { $0.appleStandHoursGoal = value }
        }
    }
    /// The Stand goal (older name).
    public var appleStandHoursGoal: HKQuantity {
        get { standHoursGoal ?? HKQuantity(unit: .count(), doubleValue: 0) }
        set { standHoursGoal = newValue }
    }
    /// Which Move ring mode applies.
    public var activityMoveMode: HKActivityMoveMode {
        get { HKActivityMoveMode(rawValue: state.withLock { $0.activityMoveMode.rawValue }) ?? .activeEnergy }
        set { state.withLock { $0.activityMoveMode = ActivityMoveMode(rawValue: newValue.rawValue) ?? .activeEnergy } }
    }
    /// Whether the rings were paused that day.
    public var isPaused: Bool {
        get { state.withLock { $0.isPaused } }
        set { state.withLock { $0.isPaused = newValue } }
    }
}

/// Activity summaries for a range of days: HealthKit's `HKActivitySummaryQuery`.
///
/// The predicate comes from `HKQuery.predicateForActivitySummary(with:)` or
/// `predicate(forActivitySummariesBetweenStart:end:)` (nil: every day). The update handler is accepted but never
/// called: apps cannot write summaries, so they change only by import (see the Differences article).
public final class HKActivitySummaryQuery: HKQuery, @unchecked Sendable {
    private let resultsHandler: @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void
    private let update = Locked<(@Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void)?>(nil)

    /// Called with changed summaries (never, here).
    public var updateHandler: (@Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) -> Void)? {
        get { update.withLock { $0 } }
        set { update.withLock { $0 = newValue } }
    }

    /// Creates a query.
    public init(
        predicate: NSPredicate?,
        resultsHandler handler:
            @escaping @Sendable (HKActivitySummaryQuery, [HKActivitySummary]?, (any Error)?) ->
            Void
    ) {
        self.resultsHandler = handler
        super.init(objectType: HKObjectType.activitySummaryType(), predicate: predicate)
    }

    override func prepare(on store: HKHealthStore) -> @Sendable () async -> Void {
        let range = Result { () throws(HKError) in try PredicateTranslation.activitySummaryRange(predicate) }
        return { [self] in
            do {
                let (from, through) = try range.get()
                let summaries = try await store.performRead {
                    try await $0.activitySummaries(from: from, through: through)
                }
                deliver { resultsHandler(self, summaries.map(HKActivitySummary.init), nil) }
            } catch {
                deliver { resultsHandler(self, nil, error) }
            }
        }
    }
}
