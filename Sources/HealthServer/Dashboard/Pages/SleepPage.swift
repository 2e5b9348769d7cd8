import Foundation
import HealthCharts
import HealthCore
import HealthQuery

/// Sleep: time asleep (and in bed) per night over weeks — nights as HealthStore merges them across phone and
/// watch — and one night's stages as a hypnogram.
enum SleepPage {
    static func page(_ data: DashboardData, _ query: Query) async throws -> DashboardPage {
        let weeks = try query.integer("weeks", in: 1...26) ?? 4
        var end = data.today.end
        if let text = try query.string("to") {
            guard let day = data.day(text) else { throw APIError.badRequest("to is not a YYYY-MM-DD day") }
            end = day
        }
        let start = data.calendar.date(byAdding: .day, value: -7 * weeks, to: end) ?? end
        let nights = try await data.store.sleepNights(from: start, to: end)
        let selectedKey = try query.string("night")
        if let selectedKey, CalendarDay(selectedKey) == nil {
            throw APIError.badRequest("night is not a YYYY-MM-DD day")
        }
        let selected = selectedKey.flatMap { key in nights.first { $0.day.description == key } } ?? nights.last
        var body =
            "<form method=\"get\" action=\"/dashboard/sleep\" class=\"controls\" aria-label=\"Range\">"
            + HTML.select(
                name: "weeks", label: "Weeks", options: [1, 2, 4, 8, 12, 26].map { ("\($0)", "\($0)") },
                selected: "\(weeks)")
            + (try query.string("to").map { "<input type=\"hidden\" name=\"to\" value=\"\(HTML.text($0))\">" } ?? "")
            + "<button type=\"submit\">Show</button></form>"
        body += try await nightChart(nights, start, end, data)
        if let selected {
            body += try await hypnogram(selected, data)
        } else {
            body += "<p>No sleep recorded in this range.</p>"
        }
        body += table(nights, weeks, query, data)
        return DashboardPage(title: "Sleep", section: .sleep, body: body)
    }

    private static func nightChart(
        _ nights: [SleepNight], _ start: Date, _ end: Date, _ data: DashboardData
    )
        async throws -> String
    {
        func bar(_ night: SleepNight, _ seconds: TimeInterval) -> TimeChart.Bar? {
            guard seconds > 0, let day = data.day(night.day.description),
                let next = data.calendar.date(byAdding: .day, value: 1, to: day)
            else { return nil }
            return TimeChart.Bar(start: day, end: next, value: seconds / 3_600)
        }
        let asleep = nights.compactMap { bar($0, $0.asleep) }
        let inBed = nights.compactMap { bar($0, $0.inBed) }
        let average = asleep.isEmpty ? 0 : asleep.map(\.value).reduce(0, +) / Double(asleep.count)
        let summary =
            asleep.isEmpty
            ? "No sleep recorded in this range."
            : "Time asleep per night, \(asleep.count) nights: on average \(hoursMinutes(average * 3_600)) asleep."
        let chart = TimeChart(
            id: "nights", title: "Time asleep per night", summary: summary, unit: "hours",
            domain: DateInterval(start: start, end: end), calendar: data.calendar,
            layers: [.bars(asleep, name: "Asleep"), .outlines(inBed, name: "In bed")])
        return "<figure>\(chart.svg())<figcaption>\(HTML.text(summary))</figcaption></figure>"
    }

    /// The night's stage samples: time in bed from every source, the stages of the source that recorded the most
    /// staged sleep (a watch's stages and a phone's "asleep" would otherwise draw on top of each other).
    private static func hypnogram(_ night: SleepNight, _ data: DashboardData) async throws -> String {
        let samples = try await data.store.samples(
            of: .category(.sleepAnalysis), predicate: .date(start: night.start, end: night.end), sort: [.startDate]
        ).compactMap(\.categorySample)
        // Rank sources by staged sleep (core, deep, REM) first, then by any other sleep they recorded.
        var staged: [String: (stages: TimeInterval, other: TimeInterval)] = [:]
        for sample in samples where stage(sample.value) != .inBed {
            let key = sample.source?.bundleIdentifier ?? ""
            var entry = staged[key] ?? (0, 0)
            if [.core, .deep, .rem].contains(stage(sample.value)) {
                entry.stages += sample.duration
            } else {
                entry.other += sample.duration
            }
            staged[key] = entry
        }
        let chosen = staged.max {
            ($0.value.stages, $0.value.other, $1.key) < ($1.value.stages, $1.value.other, $0.key)
        }?
        .key
        let segments = samples.compactMap { sample -> Hypnogram.Segment? in
            let stage = stage(sample.value)
            guard stage == .inBed || (sample.source?.bundleIdentifier ?? "") == chosen else { return nil }
            return Hypnogram.Segment(start: sample.startDate, end: sample.endDate, stage: stage)
        }
        let title = "Sleep stages, night to " + DateLabel.format(night.end, "EEEE, MMM d", data.calendar)
        let summary =
            "Asleep \(hoursMinutes(night.asleep)) of \(hoursMinutes(night.inBed)) in bed: "
            + "core \(hoursMinutes(night.core)), deep \(hoursMinutes(night.deep)), REM \(hoursMinutes(night.rem)), "
            + "awake \(hoursMinutes(night.awake))."
        let chart = Hypnogram(
            id: "hypnogram", title: title, summary: summary, segments: segments, calendar: data.calendar)
        return "<section aria-labelledby=\"night-title\"><h2 id=\"night-title\">\(HTML.text(title))</h2>"
            + "<figure>\(chart.svg())<figcaption>\(HTML.text(summary))</figcaption></figure></section>"
    }

    static func stage(_ value: Int) -> Hypnogram.Stage {
        switch value {
        case 0: .inBed
        case 2: .awake
        case 3: .core
        case 4: .deep
        case 5: .rem
        default: .unspecified
        }
    }

    private static func table(_ nights: [SleepNight], _ weeks: Int, _ query: Query, _ data: DashboardData) -> String {
        let to = (try? query.string("to")).flatMap { $0 }.map { "&to=\($0)" } ?? ""
        let rows = nights.reversed().map { night -> [String] in
            let link =
                "<a href=\"/dashboard/sleep?weeks=\(weeks)\(HTML.text(to))&night=\(night.day.description)\">"
                + "\(HTML.text(DateLabel.format(night.end, "EEE, MMM d", data.calendar)))</a>"
            return [link]
                + [night.inBed, night.asleep, night.core, night.deep, night.rem, night.awake].map(hoursMinutes)
        }
        let attributes = nights.reversed().map {
            " data-night=\"\($0.day.description)\" data-asleep=\"\(Int($0.asleep.rounded()))\""
        }
        return "<details open><summary>Every night</summary>"
            + HTML.table(
                caption: "Nights, newest first (filed under the morning you woke)",
                headers: ["Night", "In bed", "Asleep", "Core", "Deep", "REM", "Awake"], rows: rows,
                rowAttributes: attributes, id: "sleep-table")
            + "</details>"
    }

    static func hoursMinutes(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        return "\(minutes / 60) h \(String(format: "%02d", minutes % 60)) min"
    }
}
