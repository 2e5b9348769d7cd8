import Foundation
import HealthKit

/// Builds the step widget's timelines from HealthKit: one entry now, the next timeline 15 minutes later.
///
/// On iOS this is the body of a WidgetKit `TimelineProvider`'s `getTimeline`; the widget's refresh between
/// two timelines comes from ``StepWidgetReloader`` whenever new steps land.
struct StepTimelineProvider: Sendable {
    let store: HKHealthStore
    let calendar: Calendar
    /// The daily goal (10 000 by default).
    var goal: Double = 10_000
    /// How long a timeline stays current.
    static let refreshInterval: TimeInterval = 15 * 60

    static var steps: HKQuantityType { HKQuantityType(.stepCount) }

    /// The timeline at `now`.
    func timeline(at now: Date) async throws -> StepTimeline {
        StepTimeline(entries: [try await entry(at: now)], reloadDate: now.addingTimeInterval(Self.refreshInterval))
    }

    /// What the widget shows at `now`.
    func entry(at now: Date) async throws -> StepEntry {
        let today = calendar.startOfDay(for: now)
        let firstDay = calendar.date(byAdding: .day, value: -6, to: today) ?? today
        var everyDay = DateComponents()
        everyDay.calendar = calendar
        everyDay.day = 1
        let week = try await HKStatisticsCollectionQueryDescriptor(
            predicate: stepsPredicate(from: firstDay, to: now), options: .cumulativeSum, anchorDate: firstDay,
            intervalComponents: everyDay
        ).result(for: store)
        var bars: [StepEntry.DayBar] = []
        week.enumerateStatistics(from: firstDay, to: today) { statistics, _ in
            bars.append(
                .init(day: statistics.startDate, steps: statistics.sumQuantity()?.doubleValue(for: .count()) ?? 0))
        }
        return StepEntry(
            date: now, todaySteps: bars.last?.steps ?? 0,
            lastTwoHoursSteps: try await sum(from: now.addingTimeInterval(-2 * 3600), to: now), week: bars, goal: goal)
    }

    /// The merged step total of `[start, end)`; zero when HealthKit has no data there.
    private func sum(from start: Date, to end: Date) async throws -> Double {
        do {
            let statistics = try await HKStatisticsQueryDescriptor(
                predicate: stepsPredicate(from: start, to: end), options: .cumulativeSum
            ).result(for: store)
            return statistics?.sumQuantity()?.doubleValue(for: .count()) ?? 0
        } catch let error as HKError where error.code == .errorNoData {
            return 0
        }
    }

    private func stepsPredicate(from start: Date, to end: Date) -> HKSamplePredicate<HKQuantitySample> {
        .quantitySample(type: Self.steps, predicate: HKQuery.predicateForSamples(withStart: start, end: end))
    }
}
