import Foundation
import HealthCharts
import HealthCore
import HealthQuery

/// Today: steps against the goal, distance, active energy, exercise minutes, stand hours and the last heart rate,
/// each merged as the Health app shows it; the script refreshes them from `today.json` whenever the event stream
/// reports a change of one of these types. `?day=YYYY-MM-DD` shows another day the same way (not live).
enum TodayPage {
    /// The daily step goal.
    static let stepGoal = 10_000.0

    /// The types whose changes refresh the page.
    static let liveTypes: [SampleType] = [
        .quantity(.stepCount), .quantity(.distanceWalkingRunning), .quantity(.activeEnergyBurned),
        .quantity(.appleExerciseTime), .quantity(.heartRate), .category(.appleStandHour),
    ]

    struct Figures {
        var day: String
        var steps: Double?
        var distance: Double?
        var energy: Double?
        var exercise: Double?
        var standHours: Int
        var heartRate: Double?
        var heartRateAt: Date?
    }

    static func figures(_ data: DashboardData, day: Date? = nil) async throws -> Figures {
        let today = data.interval(of: day ?? data.now)
        let stood = try await data.store.count(
            of: [.category(.appleStandHour)],
            predicate: .and([.date(start: today.start, end: today.end), .categoryValues([0])]))
        let heart = try await data.latest(.heartRate, before: today.end)
        return Figures(
            day: data.dayKey(today.start),
            steps: try await data.sum(.stepCount, today, unit: .count()),
            distance: try await data.sum(.distanceWalkingRunning, today, unit: .meterUnit(with: .kilo)),
            energy: try await data.sum(.activeEnergyBurned, today, unit: .kilocalorie()),
            exercise: try await data.sum(.appleExerciseTime, today, unit: .minute()),
            standHours: stood,
            heartRate: heart.flatMap { try? $0.quantity.doubleValue(for: HealthUnit(from: "count/min")) },
            heartRateAt: heart?.endDate)
    }

    /// The figures as `today.json` (what the script puts on the page).
    static func json(_ figures: Figures, _ data: DashboardData) -> JSONValue {
        func number(_ value: Double?) -> JSONValue { value.map(JSONValue.number) ?? .null }
        return .object([
            "day": .string(figures.day),
            "figures": .object([
                "steps": .object(["value": number(figures.steps), "text": .string(text(figures.steps, "steps", 0))]),
                "distance": .object([
                    "value": number(figures.distance), "text": .string(text(figures.distance, "km", 2)),
                ]),
                "energy": .object(["value": number(figures.energy), "text": .string(text(figures.energy, "kcal", 0))]),
                "exercise": .object([
                    "value": number(figures.exercise), "text": .string(text(figures.exercise, "min", 0)),
                ]),
                "stand": .object([
                    "value": .number(Double(figures.standHours)), "text": .string("\(figures.standHours) h"),
                ]),
                "heart": .object([
                    "value": number(figures.heartRate), "text": .string(text(figures.heartRate, "bpm", 0)),
                    "note": .string(heartNote(figures, data)),
                ]),
            ]),
            "stepGoal": .number(stepGoal),
        ])
    }

    /// The day a request asks for (`day=YYYY-MM-DD`), nil for today.
    static func day(_ query: Query, _ data: DashboardData) throws -> Date? {
        guard let text = try query.string("day") else { return nil }
        guard let day = data.day(text) else { throw APIError.badRequest("day is not a YYYY-MM-DD day") }
        return data.interval(of: day).contains(data.now) ? nil : day
    }

    static func page(_ data: DashboardData, _ query: Query) async throws -> DashboardPage {
        let day = try day(query, data)
        let figures = try await figures(data, day: day)
        let shown = data.interval(of: day ?? data.now)
        let types = liveTypes.map {
            "type=" + ($0.identifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        }
        let live = "/dashboard/api/events?" + types.joined(separator: "&")
        let stepsShare = min(1, (figures.steps ?? 0) / stepGoal)
        var body =
            "<p class=\"lead\">\(HTML.text(DateLabel.format(shown.start, "EEEE, MMMM d, yyyy", data.calendar)))"
            + " · merged across your iPhone and Apple Watch as the Health app counts them."
            + (day == nil
                ? " <span class=\"live\" data-live-status role=\"status\">Live updates connecting…</span></p>"
                : " <a href=\"/dashboard\">Back to today</a></p>")
        body += "<section class=\"cards\" aria-label=\"Today's figures\" aria-live=\"polite\">"
        body += card(
            "steps", "Steps", text(figures.steps, "steps", 0), figures.steps,
            extra: "<progress max=\"\(Int(stepGoal))\" value=\"\(Int(figures.steps ?? 0))\" data-progress=\"steps\""
                + " aria-label=\"Steps against the goal of \(NumberLabel.format(stepGoal))\"></progress>"
                + "<p class=\"note\" data-note=\"steps\">\(Int((stepsShare * 100).rounded())) % of "
                + "\(NumberLabel.format(stepGoal)) steps</p>")
        body += card("distance", "Walking + running distance", text(figures.distance, "km", 2), figures.distance)
        body += card("energy", "Active energy", text(figures.energy, "kcal", 0), figures.energy)
        body += card("exercise", "Exercise", text(figures.exercise, "min", 0), figures.exercise)
        body += card("stand", "Stand hours", "\(figures.standHours) h", Double(figures.standHours))
        body += card(
            "heart", "Last heart rate", text(figures.heartRate, "bpm", 0), figures.heartRate,
            extra: "<p class=\"note\" data-note=\"heart\">\(HTML.text(heartNote(figures, data)))</p>")
        body += "</section>"
        guard day == nil else {
            return DashboardPage(
                title: DateLabel.format(shown.start, "MMMM d, yyyy", data.calendar), section: .today, body: body)
        }
        return DashboardPage(
            title: "Today", section: .today, body: body,
            mainAttributes: " data-live=\"\(HTML.text(live))\" data-refresh=\"/dashboard/today.json\"")
    }

    private static func card(
        _ key: String, _ title: String, _ text: String, _ value: Double?, extra: String = ""
    )
        -> String
    {
        "<article class=\"card\"><h2>\(HTML.text(title))</h2>"
            + "<p class=\"figure\" data-figure=\"\(key)\"\(HTML.dataValue(value))>\(HTML.text(text))</p>\(extra)</article>"
    }

    private static func text(_ value: Double?, _ unit: String, _ decimals: Int) -> String {
        HTML.figure(value.map { decimals == 0 ? $0.rounded() : $0 }, unit: unit, decimals: decimals)
    }

    private static func heartNote(_ figures: Figures, _ data: DashboardData) -> String {
        guard let at = figures.heartRateAt else { return "No heart rate yet" }
        return "at " + DateLabel.format(at, "MMM d, HH:mm", data.calendar)
    }
}
