import Foundation
import HealthCharts
import HealthCore
import HealthQuery

/// Workouts: the most recent ones (type, duration, distance, energy, source), each linking to its page.
enum WorkoutsPage {
    static let pageSize = 100

    static func page(_ data: DashboardData, _ query: Query) async throws -> DashboardPage {
        var predicate: SamplePredicate = .all
        if let text = try query.string("before") {
            // The "older" link: workouts that started before the last one shown (its exact start).
            guard let end = APIDates.parse(text) else { throw APIError.badRequest("before is not an RFC 3339 date") }
            predicate = .date(start: nil, end: end)
        }
        let workouts = try await data.store.samples(
            of: .workout, predicate: predicate, sort: [SampleSortOrder(.startDate, ascending: false)],
            limit: pageSize + 1
        ).compactMap(\.workout)
        let shown = workouts.prefix(pageSize)
        let rows = shown.map { workout -> [String] in
            let when = DateLabel.format(workout.startDate, "EEE, MMM d, yyyy HH:mm", data.calendar)
            return [
                "<a href=\"/dashboard/workouts/\(workout.uuid.uuidString)\">\(HTML.text(when))</a>",
                HTML.text(activityName(workout.activityType)),
                HTML.text(SleepPage.hoursMinutes(workout.duration)),
                HTML.figure(
                    try? workout.totalDistance?.doubleValue(for: .meterUnit(with: .kilo)), unit: "km", decimals: 2),
                HTML.figure(
                    (try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie()))?.rounded(), unit: "kcal"),
                HTML.text(workout.sourceRevision?.source.name ?? "—"),
            ]
        }
        var body = "<p class=\"lead\">\(shown.count) most recent workouts"
        if let last = shown.last, workouts.count > pageSize {
            let before =
                APIDates.format(last.startDate).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            body += " · <a href=\"/dashboard/workouts?before=\(before)\">older</a>"
        }
        body += "</p>"
        body +=
            rows.isEmpty
            ? "<p>No workouts recorded.</p>"
            : HTML.table(
                caption: "Workouts, newest first",
                headers: ["When", "Type", "Duration", "Distance", "Energy", "Source"], rows: rows,
                rowAttributes: shown.map { " data-workout=\"\($0.uuid.uuidString)\"" }, id: "workouts-table")
        return DashboardPage(title: "Workouts", section: .workouts, body: body)
    }

    /// An activity's name in words ("running", "traditional strength training").
    static func activityName(_ type: WorkoutActivityType) -> String {
        guard let name = type.name else { return "workout" }
        var words = ""
        for character in name {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(contentsOf: character.lowercased())
        }
        return words
    }
}
