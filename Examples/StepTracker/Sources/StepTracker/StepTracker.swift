import Foundation
import HealthKit

/// StepTracker: a month of daily steps and weigh-ins, and the two saves its author got wrong at first.
///
/// - Daily steps are one statistics collection (cumulative sum per local day, merged across devices).
/// - The weight of a day is the most recent weigh-in of that day (one collection with `.mostRecent`).
/// - Permissions are primed: the app explains why it asks before HealthKit's sheet appears, and only when
///   the sheet would appear (``permissionStep()``).
/// - Saving maps HealthKit's errors onto what the app tells the person (``StepTrackerError``).
actor StepTracker {
    let store: HKHealthStore
    let calendar: Calendar

    static var steps: HKQuantityType { HKQuantityType(.stepCount) }
    static var bodyMass: HKQuantityType { HKQuantityType(.bodyMass) }
    static var kilograms: HKUnit { .gramUnit(with: .kilo) }

    /// Creates the tracker.
    /// - Parameters:
    ///   - store: The health store.
    ///   - calendar: Defines local days (with its time zone).
    init(store: HKHealthStore, calendar: Calendar) {
        self.store = store
        self.calendar = calendar
    }

    // MARK: Permissions

    /// What the app shows before reading or writing.
    enum PermissionStep: Equatable {
        /// Explain why StepTracker needs steps and weight, then call ``requestAccess()``.
        case showPrimer
        /// HealthKit already has the person's answer: go ahead.
        case ready
    }

    /// Whether to show the primer: only when HealthKit's sheet would appear.
    func permissionStep() async throws -> PermissionStep {
        let status = try await store.statusForAuthorizationRequest(
            toShare: [Self.steps, Self.bodyMass], read: [Self.steps, Self.bodyMass])
        return status == .shouldRequest ? .showPrimer : .ready
    }

    /// Shows HealthKit's sheet (after the primer): write and read steps and weight.
    func requestAccess() async throws {
        try await store.requestAuthorization(
            toShare: [Self.steps, Self.bodyMass], read: [Self.steps, Self.bodyMass])
    }

    // MARK: Reading

    /// One local day of the history.
    struct Day: Equatable {
        /// The local midnight that starts the day.
        var start: Date
        /// The day's steps.
        var steps: Double
        /// The day's last weigh-in in kilograms, if any.
        var kilograms: Double?
    }

    /// The `days` local days ending with the one containing `date`, oldest first, with every day present.
    func history(days: Int, endingOn date: Date) async throws -> [Day] {
        let lastDay = calendar.startOfDay(for: date)
        let end = calendar.date(byAdding: .day, value: 1, to: lastDay) ?? date
        let start = calendar.date(byAdding: .day, value: -days, to: end) ?? end
        let steps = try await daily(Self.steps, .cumulativeSum, from: start, to: end)
        let weight = try await daily(Self.bodyMass, .mostRecent, from: start, to: end)
        var history: [Day] = []
        steps.enumerateStatistics(from: start, to: lastDay) { statistics, _ in
            history.append(
                Day(
                    start: statistics.startDate,
                    steps: statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0,
                    kilograms: weight.statistics(for: statistics.startDate)?.mostRecentQuantity()?
                        .doubleValue(for: Self.kilograms)))
        }
        return history
    }

    private func daily(
        _ type: HKQuantityType,
        _ options: HKStatisticsOptions,
        from start: Date,
        to end: Date
    ) async throws -> HKStatisticsCollection {
        var everyDay = DateComponents()
        everyDay.calendar = calendar
        everyDay.day = 1
        let window = HKQuery.predicateForSamples(withStart: start, end: end, options: [])
        return try await HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(type: type, predicate: window), options: options, anchorDate: start,
            intervalComponents: everyDay
        ).result(for: store)
    }

    // MARK: Writing

    /// Saves steps the person entered by hand.
    /// - Throws: ``StepTrackerError``: `.sampleTooLong` when the interval is longer than HealthKit allows for
    ///   steps (four days), `.notAllowedToSave` when the person did not let StepTracker write steps.
    func logSteps(_ count: Double, from start: Date, to end: Date) async throws {
        let type = Self.steps
        if type.isMaximumDurationRestricted, end.timeIntervalSince(start) > type.maximumAllowedDuration {
            throw StepTrackerError.sampleTooLong(maximumSeconds: type.maximumAllowedDuration)
        }
        let sample = HKQuantitySample(
            type: type, quantity: HKQuantity(unit: .count(), doubleValue: count), start: start, end: end)
        try await save(sample)
    }

    /// Saves a weigh-in.
    /// - Throws: ``StepTrackerError/notAllowedToSave(_:)`` when the person did not let StepTracker write weight.
    func logWeight(kilograms: Double, at date: Date) async throws {
        let sample = HKQuantitySample(
            type: Self.bodyMass, quantity: HKQuantity(unit: Self.kilograms, doubleValue: kilograms), start: date,
            end: date)
        try await save(sample)
    }

    private func save(_ sample: HKQuantitySample) async throws {
        do {
            try await store.save(sample)
        } catch let error as HKError where error.code == .errorAuthorizationDenied {
            throw StepTrackerError.notAllowedToSave(sample.quantityType.identifier)
        }
    }
}

/// What StepTracker tells the person when a save fails.
enum StepTrackerError: Error, Equatable {
    /// HealthKit said "Not authorized" (code 4): the person did not allow writing this type.
    case notAllowedToSave(String)
    /// The sample is longer than HealthKit allows for its type (four days for steps).
    case sampleTooLong(maximumSeconds: TimeInterval)
}
