import Foundation
import HealthCore
import HealthQuery

/// The questions the pages ask, through the caller's HealthStore (the same engine, grants and merge as the API):
/// values come back in the page's display unit, days in the server's calendar.
struct DashboardData {
    let store: HealthStore
    let calendar: Calendar
    let now: Date

    /// One statistics bucket in display units.
    struct Bucket {
        var start: Date
        var end: Date
        var sum: Double?
        var naive: Double?
        var minimum: Double?
        var maximum: Double?
        var average: Double?
        var mostRecent: Double?

        /// The bucket with every value multiplied (percentages as fractions → percent).
        func scaled(by factor: Double) -> Bucket {
            guard factor != 1 else { return self }
            var scaled = self
            for path in [\Bucket.sum, \.naive, \.minimum, \.maximum, \.average, \.mostRecent] {
                scaled[keyPath: path] = self[keyPath: path].map { $0 * factor }
            }
            return scaled
        }
    }

    /// A merged sum over an interval (nil without data).
    func sum(_ type: QuantityTypeIdentifier, _ interval: DateInterval, unit: HealthUnit) async throws -> Double? {
        try await statistics(type, interval, options: .cumulativeSum).flatMap { convert($0.merged.sum, $0.unit, unit) }
    }

    /// Statistics over an interval, nil when nothing matches.
    func statistics(
        _ type: QuantityTypeIdentifier, _ interval: DateInterval, options: StatisticsOptions
    ) async throws -> StatisticsResult? {
        do {
            return try await store.statistics(
                of: type, predicate: .date(start: interval.start, end: interval.end), options: options)
        } catch let error as HealthError where error.code == .noData {
            return nil
        }
    }

    /// Calendar buckets from `start` to `end`: merged sums (and the naive sum of every source's own sum when asked)
    /// for cumulative types, min/max/average/most recent for discrete ones.
    func buckets(
        _ type: QuantityTypeIdentifier, from start: Date, to end: Date, interval: StatisticsInterval,
        unit: HealthUnit, naive: Bool = false,
        discrete: StatisticsOptions = [.discreteMin, .discreteMax, .discreteAverage]
    ) async throws -> [Bucket] {
        guard let description = type.typeDescription else { return [] }
        var options: StatisticsOptions = description.aggregationStyle == .cumulative ? .cumulativeSum : discrete
        if naive && description.aggregationStyle == .cumulative { options.insert(.separateBySource) }
        var components = interval.components
        components.calendar = calendar
        let collection = try await store.statisticsCollection(
            of: type, predicate: .date(start: start, end: end), options: options,
            anchorDate: interval.defaultAnchor(for: start, in: calendar), intervalComponents: components)
        let from = collection.unit
        return collection.statistics().filter { $0.startDate < end && $0.endDate > start }.map { result in
            var bucket = Bucket(start: result.startDate, end: result.endDate)
            bucket.sum = convert(result.merged.sum, from, unit)
            bucket.minimum = convert(result.merged.minimum, from, unit)
            bucket.maximum = convert(result.merged.maximum, from, unit)
            bucket.average = convert(result.merged.average, from, unit)
            bucket.mostRecent = convert(result.merged.mostRecent, from, unit)
            if naive, !result.bySource.isEmpty {
                bucket.naive = convert(result.bySource.values.compactMap(\.sum).reduce(0, +), from, unit)
            }
            return bucket
        }
    }

    /// The most recent sample of a type in the week before a date (nil without one): a bounded window, so the
    /// read uses the time index instead of sorting years of samples.
    func latest(_ type: QuantityTypeIdentifier, before end: Date) async throws -> QuantitySample? {
        for days in [1, 7] {
            let start = calendar.date(byAdding: .day, value: -days, to: end) ?? end
            if let found = try await store.samples(
                of: .quantity(type), predicate: .date(start: start, end: end), sort: [.endDateDescending], limit: 1
            ).first?.quantitySample {
                return found
            }
        }
        return nil
    }

    /// A value from one unit into another (nil when either is missing or they do not convert).
    func convert(_ value: Double?, _ from: HealthUnit, _ to: HealthUnit) -> Double? {
        guard let value else { return nil }
        return try? Quantity(unit: from, doubleValue: value).doubleValue(for: to)
    }

    /// Today's interval in the calendar.
    var today: DateInterval { interval(of: now) }

    /// The calendar day of a date.
    func interval(of date: Date) -> DateInterval {
        let start = calendar.startOfDay(for: date)
        return DateInterval(start: start, end: calendar.date(byAdding: .day, value: 1, to: start) ?? date)
    }

    /// A `YYYY-MM-DD` day in the calendar (nil for anything else).
    func day(_ text: String?) -> Date? {
        guard let text, let day = CalendarDay(text) else { return nil }
        return calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day))
    }

    /// A date as `YYYY-MM-DD` in the calendar.
    func dayKey(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
