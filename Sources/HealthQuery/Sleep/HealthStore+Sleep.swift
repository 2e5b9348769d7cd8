public import Foundation
public import HealthCore
import HealthStorage

extension HealthStore {
    /// Sleep analysis as nights, the way the Health app shows them (``SleepNight``): each night filed under its
    /// wake-up day in the store's calendar, in bed and asleep kept apart, stages and awake time, overlapping samples
    /// of several sources merged by source priority (the person's order for sleep analysis, else HealthKit's
    /// default: manual entry, watches, phones, apps) and counted once. Only the samples the app may read (its own,
    /// when read is denied).
    ///
    /// ```swift
    /// let week = try await store.sleepNights(from: monday, to: nextMonday)
    /// week.map { ($0.day, $0.asleep / 3_600) }     // hours asleep per night
    /// ```
    /// - Parameters:
    ///   - from: The first wake-up day's start (nil: from the first night).
    ///   - to: The end, exclusive: nights whose wake-up day starts before it (nil: to the last night).
    public func sleepNights(from: Date? = nil, to: Date? = nil) async throws -> [SleepNight] {
        // A night can begin the evening before its wake-up day and a run can reach past the window: read a day
        // beyond each bound, then keep the nights whose day is inside.
        let start = from.flatMap { calendar.date(byAdding: .day, value: -1, to: $0) }
        let end = to.flatMap { calendar.date(byAdding: .day, value: 1, to: $0) }
        let window: SamplePredicate = start == nil && end == nil ? .all : .date(start: start, end: end)
        let samples = try await samples(of: .category(.sleepAnalysis), predicate: window).compactMap(\.categorySample)
        let first = from.flatMap { CalendarDay($0, in: calendar) }
        let last = to.flatMap { calendar.date(byAdding: .second, value: -1, to: $0) }.flatMap {
            CalendarDay($0, in: calendar)
        }
        let order: SourceOrder
        do {
            if let list = try await storage.sourceOrder(for: .category(.sleepAnalysis)) {
                order = SourceOrder(list)
            } else {
                order = SourceOrder.defaultOrder(for: try await storage.sources())
            }
        } catch {
            throw error.healthError
        }
        return SleepNights.nights(from: samples, calendar: calendar, order: order).filter { night in
            (first.map { night.day >= $0 } ?? true) && (last.map { night.day <= $0 } ?? true)
        }
    }
}
