import Foundation

/// A validated bucket interval: non-negative calendar components, at least one positive.
struct BucketInterval: Sendable, Hashable {
    var year = 0
    var month = 0
    var day = 0
    var hour = 0
    var minute = 0
    var second = 0
    var nanosecond = 0

    init(_ components: DateComponents) throws(StatisticsError) {
        let unsupported: [(String, Int?)] = [
            ("era", components.era), ("weekday", components.weekday),
            ("weekdayOrdinal", components.weekdayOrdinal), ("quarter", components.quarter),
            ("yearForWeekOfYear", components.yearForWeekOfYear),
        ]
        for (name, value) in unsupported where value != nil {
            throw StatisticsError(.invalidInterval, "component \(name) is not supported in a bucket interval")
        }
        let weeks = (components.weekOfYear ?? 0) + (components.weekOfMonth ?? 0)
        let (days, overflow) = weeks.multipliedReportingOverflow(by: 7)
        let (totalDays, overflow2) = (components.day ?? 0).addingReportingOverflow(days)
        guard !overflow, !overflow2 else {
            throw StatisticsError(.invalidInterval, "the interval's day component overflows")
        }
        year = components.year ?? 0
        month = components.month ?? 0
        day = totalDays
        hour = components.hour ?? 0
        minute = components.minute ?? 0
        second = components.second ?? 0
        nanosecond = components.nanosecond ?? 0
        let all = [year, month, day, hour, minute, second, nanosecond]
        if all.contains(where: { $0 < 0 }) {
            let mixed = all.contains { $0 > 0 }
            throw StatisticsError(
                .invalidInterval, mixed ? "the interval mixes signs" : "the interval is negative")
        }
        guard all.contains(where: { $0 > 0 }) else {
            throw StatisticsError(.invalidInterval, "the interval is zero")
        }
    }

    /// The average length in seconds (Gregorian year 365.2425 days), for estimating bucket indices.
    var approximateLength: Double {
        let dayLength = 86_400.0
        return Double(year) * 365.2425 * dayLength + Double(month) * 30.436875 * dayLength
            + Double(day) * dayLength + Double(hour) * 3_600 + Double(minute) * 60 + Double(second)
            + Double(nanosecond) / 1e9
    }

    /// The interval times `factor`, or `nil` on overflow.
    func scaled(by factor: Int) -> DateComponents? {
        var overflow = false
        func times(_ value: Int) -> Int? {
            guard value != 0 else { return nil }
            let (product, didOverflow) = value.multipliedReportingOverflow(by: factor)
            overflow = overflow || didOverflow
            return product
        }
        let components = DateComponents(
            year: times(year), month: times(month), day: times(day), hour: times(hour), minute: times(minute),
            second: times(second), nanosecond: times(nanosecond))
        return overflow ? nil : components
    }
}
