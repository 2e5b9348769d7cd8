import Foundation
import HealthCharts
import HealthCore
import HealthQuery
import Hummingbird

/// Trends: a quantity type per day, week, month or year over a range. Cumulative types as bars merged by source
/// priority, with the naive sum of every source's own total as outlines on request (the double count the Health
/// app avoids); heart rate as a daily min–max band with its average and the resting heart rate; other discrete
/// types as a line of averages in the chosen unit.
enum TrendsPage {
    static let ranges: [(value: String, label: String, days: Int)] = [
        ("7d", "7 days", 7), ("30d", "30 days", 30), ("90d", "90 days", 90), ("1y", "1 year", 365),
        ("5y", "5 years", 5 * 365 + 1), ("10y", "10 years", 10 * 365 + 2),
    ]
    static let maxBuckets = 1_200
    /// The longest range the naive sum is drawn for: it needs every source's own sums, which the merged slots do
    /// not keep, so it reads every sample (90 days stay within the page budget; a year takes ~130 ms, ten years
    /// ~1.1 s: BENCHMARKS.md).
    static let maxNaiveDays = 92

    /// The person's preferred unit of the type (the Health app's *Units* setting, kept in their store), when the
    /// page offers it: weight in pounds for someone who chose pounds, without `unit=lb` in every link.
    static func preferredUnit(_ choice: DashboardUnits.Choice, _ data: DashboardData) async throws -> String? {
        guard choice.units.count > 1, let preferred = try await data.store.preferredUnits()[choice.type] else {
            return nil
        }
        return choice.units.first { DashboardUnits.unit($0.unit) == preferred }?.unit
    }

    static func page(_ data: DashboardData, _ query: Query) async throws -> DashboardPage {
        let name = try query.string("type") ?? "steps"
        guard let choice = DashboardUnits.choice(name) else {
            throw APIError.badRequest("type: '\(name.prefix(60))' is not a quantity type (steps, heart-rate, weight…)")
        }
        let rangeName = try query.string("range") ?? "30d"
        guard let range = ranges.first(where: { $0.value == rangeName }) else {
            throw APIError.badRequest("range must be 7d, 30d, 90d, 1y, 5y or 10y")
        }
        let intervalName = try query.string("interval") ?? defaultInterval(range.days)
        guard var interval = StatisticsInterval(rawValue: intervalName), interval != .hour else {
            throw APIError.badRequest("interval must be day, week, month or year")
        }
        var unitName = try query.string("unit")
        if unitName == nil { unitName = try await preferredUnit(choice, data) }
        let chosenUnit = unitName ?? choice.units[0].unit
        guard let unitChoice = choice.units.first(where: { $0.unit == chosenUnit }),
            let unit = DashboardUnits.unit(unitChoice.unit)
        else {
            throw APIError.badRequest("unit must be one of: \(choice.units.map(\.unit).joined(separator: ", "))")
        }
        let naive = try query.bool("naive")
        let lastEnd = try day(query, "to", data) ?? data.today.end
        let firstStart =
            try day(query, "from", data)
            ?? data.calendar.date(byAdding: .day, value: -range.days, to: lastEnd) ?? lastEnd
        guard lastEnd > firstStart else { throw APIError.badRequest("to must be after from") }
        // The form sends the interval it showed: a range too long for it steps up to the next that fits.
        while lastEnd.timeIntervalSince(firstStart) / interval.approximateSeconds > Double(maxBuckets),
            let longer = longer(interval)
        {
            interval = longer
        }
        // Whole buckets: weeks, months and years start on the calendar's boundaries (a month is a month).
        let (start, end) = aligned(firstStart, lastEnd, interval, data.calendar)
        let cumulative = choice.type.typeDescription?.aggregationStyle == .cumulative
        guard !(naive && cumulative) || end.timeIntervalSince(start) <= Double(maxNaiveDays + 1) * 86_400 else {
            throw APIError.badRequest(
                "the naive sum is drawn for ranges up to 90 days (it reads every sample of every source): "
                    + "choose a shorter range")
        }
        // Heart rate draws its range; other discrete types only their averages (less to compute).
        let banded = choice.type == .heartRate
        // HealthKit keeps percentages as fractions (0.97): shown as 97 %.
        let factor = unitChoice.unit == "%" ? 100.0 : 1.0
        let buckets = try await data.buckets(
            choice.type, from: start, to: end, interval: interval, unit: unit, naive: naive && cumulative,
            discrete: banded ? [.discreteMin, .discreteMax, .discreteAverage] : .discreteAverage
        ).map { $0.scaled(by: factor) }
        let domain = DateInterval(start: start, end: end)
        let label = unitChoice.label
        var layers: [TimeChart.Layer] = []
        var resting: [DashboardData.Bucket] = []
        if cumulative {
            layers.append(.bars(buckets.compactMap { bar($0, $0.sum) }, name: "Merged (as the Health app)"))
            if naive {
                layers.append(.outlines(buckets.compactMap { bar($0, $0.naive) }, name: "Naive sum of every source"))
            }
            if choice.type == .stepCount, interval == .day { layers.append(.rule(TodayPage.stepGoal, name: "Goal")) }
        } else if choice.type == .heartRate {
            layers.append(.band(buckets.compactMap(band), name: "Range (min–max)"))
            layers.append(.line(buckets.compactMap { point($0, $0.average) }, name: "Average"))
            resting = try await data.buckets(
                .restingHeartRate, from: start, to: end, interval: interval, unit: unit, discrete: .discreteAverage)
            layers.append(.line(resting.compactMap { point($0, $0.average) }, name: "Resting"))
        } else {
            layers.append(.line(buckets.compactMap { point($0, $0.average) }, name: "Average"))
        }
        let values = buckets.compactMap { cumulative ? $0.sum : $0.average }
        let summary = describe(choice, interval, start, end, values, cumulative, label, data)
        let chart = TimeChart(
            id: "trend", title: "\(choice.title) per \(interval.rawValue)", summary: summary, unit: label,
            domain: domain, calendar: data.calendar, layers: layers)
        var body = form(choice, range.value, interval, unitChoice.unit, naive, cumulative, query)
        body += "<figure>\(chart.svg())<figcaption>\(HTML.text(summary))</figcaption></figure>"
        body += table(buckets, resting, cumulative, naive, banded, label, interval, data)
        return DashboardPage(title: "Trends", section: .trends, body: body)
    }

    /// The next longer interval (nil after a year).
    static func longer(_ interval: StatisticsInterval) -> StatisticsInterval? {
        switch interval {
        case .hour: .day
        case .day: .week
        case .week: .month
        case .month: .year
        default: nil
        }
    }

    /// A range widened to whole buckets of an interval: from the start of the bucket holding `start` to the end of
    /// the bucket holding the range's last instant.
    static func aligned(
        _ start: Date, _ end: Date, _ interval: StatisticsInterval, _ calendar: Calendar
    )
        -> (Date, Date)
    {
        let component: Calendar.Component
        switch interval {
        case .week: component = .weekOfYear
        case .month: component = .month
        case .year: component = .year
        default: return (calendar.startOfDay(for: start), end)
        }
        let first = calendar.dateInterval(of: component, for: start)?.start ?? start
        let last = calendar.dateInterval(of: component, for: end.addingTimeInterval(-1))?.end ?? end
        return (first, last)
    }

    static func defaultInterval(_ days: Int) -> String {
        days <= 90 ? "day" : days <= 366 ? "week" : "month"
    }

    private static func day(_ query: Query, _ name: String, _ data: DashboardData) throws -> Date? {
        guard let text = try query.string(name) else { return nil }
        guard let date = data.day(text) else { throw APIError.badRequest("\(name) is not a YYYY-MM-DD day") }
        return date
    }

    private static func bar(_ bucket: DashboardData.Bucket, _ value: Double?) -> TimeChart.Bar? {
        value.map { TimeChart.Bar(start: bucket.start, end: bucket.end, value: $0) }
    }

    private static func band(_ bucket: DashboardData.Bucket) -> TimeChart.Band? {
        guard let low = bucket.minimum, let high = bucket.maximum else { return nil }
        return TimeChart.Band(start: bucket.start, end: bucket.end, low: low, high: high)
    }

    private static func point(_ bucket: DashboardData.Bucket, _ value: Double?) -> TimeChart.Point? {
        value.map {
            TimeChart.Point(
                date: bucket.start.addingTimeInterval(bucket.end.timeIntervalSince(bucket.start) / 2), value: $0)
        }
    }

    private static func describe(
        _ choice: DashboardUnits.Choice, _ interval: StatisticsInterval, _ start: Date, _ end: Date,
        _ values: [Double], _ cumulative: Bool, _ unit: String, _ data: DashboardData
    ) -> String {
        let from = DateLabel.format(start, "MMM d, yyyy", data.calendar)
        let to = DateLabel.format(end.addingTimeInterval(-1), "MMM d, yyyy", data.calendar)
        guard !values.isEmpty else { return "\(choice.title) from \(from) to \(to): no data." }
        let average = values.reduce(0, +) / Double(values.count)
        if cumulative {
            return "\(choice.title) per \(interval.rawValue) from \(from) to \(to), merged by source priority: "
                + "total \(NumberLabel.format(values.reduce(0, +))) \(unit), "
                + "average \(NumberLabel.format(average)) \(unit) per \(interval.rawValue) over \(values.count) "
                + "\(interval.rawValue)s with data."
        }
        return "\(choice.title) per \(interval.rawValue) from \(from) to \(to): averages from "
            + "\(NumberLabel.format(values.min() ?? 0)) to \(NumberLabel.format(values.max() ?? 0)) \(unit)."
    }

    private static func form(
        _ choice: DashboardUnits.Choice, _ range: String, _ interval: StatisticsInterval, _ unit: String,
        _ naive: Bool, _ cumulative: Bool, _ query: Query
    ) -> String {
        var html = "<form method=\"get\" action=\"/dashboard/trends\" class=\"controls\" aria-label=\"Chart options\">"
        var types = DashboardUnits.trends.map { (value: $0.name, label: $0.title) }
        if !types.contains(where: { $0.value == choice.name }) { types.append((choice.name, choice.title)) }
        html += HTML.select(name: "type", label: "Type", options: types, selected: choice.name)
        html += HTML.select(
            name: "range", label: "Range", options: ranges.map { ($0.value, $0.label) }, selected: range)
        html += HTML.select(
            name: "interval", label: "Per",
            options: [("day", "day"), ("week", "week"), ("month", "month"), ("year", "year")],
            selected: interval.rawValue)
        if choice.units.count > 1 {
            html += HTML.select(
                name: "unit", label: "Unit", options: choice.units.map { ($0.unit, $0.label) }, selected: unit)
        }
        if cumulative {
            html +=
                "<label class=\"check\"><input type=\"checkbox\" name=\"naive\" value=\"true\"\(naive ? " checked" : "")>"
                + " Show the naive sum (every source added: the double count; up to 90 days)</label>"
        }
        for name in ["from", "to"] {
            if let value = try? query.string(name) {
                html += "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.text(value))\">"
            }
        }
        return html + "<button type=\"submit\">Show</button></form>"
    }

    private static func table(
        _ buckets: [DashboardData.Bucket], _ resting: [DashboardData.Bucket], _ cumulative: Bool, _ naive: Bool,
        _ banded: Bool, _ unit: String, _ interval: StatisticsInterval, _ data: DashboardData
    ) -> String {
        let restingByStart = Dictionary(resting.map { ($0.start, $0.average) }, uniquingKeysWith: { $1 })
        var headers = ["Period"]
        var rows: [[String]] = []
        var attributes: [String] = []
        if cumulative {
            headers += ["Merged (\(unit))"] + (naive ? ["Naive sum (\(unit))"] : [])
        } else {
            headers += ["Average (\(unit))"] + (banded ? ["Min", "Max"] : []) + (resting.isEmpty ? [] : ["Resting"])
        }
        for bucket in buckets.reversed() {
            let key = data.dayKey(bucket.start)
            var row = [HTML.text(period(bucket, interval, data))]
            if cumulative {
                row.append(HTML.figure(bucket.sum, unit: ""))
                if naive { row.append(HTML.figure(bucket.naive, unit: "")) }
                attributes.append(
                    " data-bucket=\"\(key)\"\(HTML.dataValue(bucket.sum))"
                        + (bucket.naive.map { " data-naive=\"\(String(format: "%.6f", $0))\"" } ?? ""))
            } else {
                row += (banded ? [bucket.average, bucket.minimum, bucket.maximum] : [bucket.average]).map {
                    HTML.figure($0, unit: "")
                }
                if !resting.isEmpty { row.append(HTML.figure(restingByStart[bucket.start] ?? nil, unit: "")) }
                attributes.append(" data-bucket=\"\(key)\"\(HTML.dataValue(bucket.average))")
            }
            rows.append(row)
        }
        return "<details open><summary>The numbers</summary>"
            + HTML.table(
                caption: "Per \(interval.rawValue), newest first", headers: headers, rows: rows,
                rowAttributes: attributes, id: "trend-table")
            + "</details>"
    }

    private static func period(
        _ bucket: DashboardData.Bucket, _ interval: StatisticsInterval, _ data: DashboardData
    )
        -> String
    {
        switch interval {
        case .day: DateLabel.format(bucket.start, "EEE, MMM d, yyyy", data.calendar)
        case .week: "Week of " + DateLabel.format(bucket.start, "MMM d, yyyy", data.calendar)
        case .month: DateLabel.format(bucket.start, "MMMM yyyy", data.calendar)
        default: DateLabel.format(bucket.start, "yyyy", data.calendar)
        }
    }
}
