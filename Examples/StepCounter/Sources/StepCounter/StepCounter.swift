import Foundation
import HealthKit

/// StepCounter: a per-day step history that matches the Health app, kept even when HealthKit goes quiet.
///
/// A person with an iPhone and an Apple Watch has both counting the same steps. Adding their samples up
/// counts those steps twice; HealthKit's statistics merge them (the watch wins where both have data, as in the
/// Health app), so every total here comes from a daily statistics collection's `sumQuantity()`.
///
/// Permissions can change at any moment, and HealthKit never says whether reading is allowed: a denied app
/// just sees no samples. So each ``sync(now:)`` recomputes the last ``lookbackDays`` days instead of following
/// an anchor (an anchor moved on while reading was denied would skip those samples for good), writes only
/// days that have data, and when the whole window is empty but the history is not, keeps the history and
/// reports ``SyncResult/stepsNotVisible``.
actor StepCounter {
    let store: HKHealthStore
    let history: StepHistoryFile
    let calendar: Calendar
    /// How many local days, ending today, each sync recomputes.
    let lookbackDays: Int

    static var steps: HKQuantityType { HKQuantityType(.stepCount) }

    /// Creates the counter.
    /// - Parameters:
    ///   - store: The health store.
    ///   - history: The app's own per-day record.
    ///   - calendar: Defines local days (with its time zone).
    ///   - lookbackDays: How many days each sync recomputes (30 by default).
    init(store: HKHealthStore, history: StepHistoryFile, calendar: Calendar, lookbackDays: Int = 30) {
        self.store = store
        self.history = history
        self.calendar = calendar
        self.lookbackDays = lookbackDays
    }

    /// What a sync did.
    enum SyncResult: Equatable {
        /// The days (keys as in ``StepHistoryFile``) whose totals were written.
        case updated(days: [String])
        /// HealthKit returned no steps at all for the window although the history has some there: reading
        /// was probably turned off in Settings. The history was kept.
        case stepsNotVisible
        /// Nothing in the window, nothing recorded there: nothing to do.
        case nothingYet
    }

    /// Asks for read access to steps when HealthKit has not asked the person yet; otherwise does nothing.
    func requestAccessIfNeeded() async throws {
        let status = try await store.statusForAuthorizationRequest(toShare: [], read: [Self.steps])
        if status == .shouldRequest {
            try await store.requestAuthorization(toShare: [], read: [Self.steps])
        }
    }

    /// Recomputes the last ``lookbackDays`` days up to `now` and upserts the days that have steps.
    func sync(now: Date) async throws -> SyncResult {
        try await requestAccessIfNeeded()
        let end = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now
        let start = calendar.date(byAdding: .day, value: -lookbackDays, to: end) ?? end
        var everyDay = DateComponents()
        everyDay.calendar = calendar
        everyDay.day = 1
        let collection = try await HKStatisticsCollectionQueryDescriptor(
            predicate: .quantitySample(
                type: Self.steps, predicate: HKQuery.predicateForSamples(withStart: start, end: end, options: [])),
            options: .cumulativeSum, anchorDate: start, intervalComponents: everyDay
        ).result(for: store)

        var totals: [String: Double] = [:]
        for statistics in collection.statistics() where statistics.startDate >= start && statistics.startDate < end {
            if let sum = statistics.sumQuantity()?.doubleValue(for: .count()) {
                totals[dayKey(statistics.startDate)] = sum
            }
        }
        if totals.isEmpty {
            let recorded = try history.load().keys.contains { key in
                window(start: start, end: end).contains(key)
            }
            return recorded ? .stepsNotVisible : .nothingYet
        }
        try history.upsert(totals)
        return .updated(days: totals.keys.sorted())
    }

    /// The recorded history, oldest day first.
    func recordedDays() throws -> [(day: String, steps: Double)] {
        try history.load().sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `yyyy-MM-dd` of the local day containing `date`.
    func dayKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0
        let month = parts.month ?? 0
        let day = parts.day ?? 0
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// The day keys from `start` up to (not including) `end`.
    private func window(start: Date, end: Date) -> Set<String> {
        var keys: Set<String> = []
        var day = start
        while day < end, let next = calendar.date(byAdding: .day, value: 1, to: day) {
            keys.insert(dayKey(day))
            day = next
        }
        return keys
    }
}
