import Foundation
import HealthCharts
import HealthCore
import HealthQuery

/// One workout: its figures, the route drawn from its GPX points with the splits marked, the splits from its
/// segment events (else its laps), its pauses and its heart-rate curve.
enum WorkoutDetailPage {
    static let maxHeartPoints = 2_000

    static func page(_ data: DashboardData, uuidText: String) async throws -> DashboardPage {
        guard let uuid = UUID(uuidString: uuidText) else { throw APIError.badRequest("that is not a workout id") }
        guard let workout = try await data.store.sample(withUUID: uuid)?.workout else {
            throw APIError.notFound("no such workout")
        }
        let calendar = data.calendar
        let routes = try await data.store.samples(
            of: .workoutRoute, predicate: .associated(withWorkout: uuid), sort: [.startDate]
        ).compactMap(\.workoutRoute)
        let locations = routes.flatMap(\.locations).sorted { $0.timestamp < $1.timestamp }
        var segments = workout.events.filter { $0.type == .segment }
        if segments.isEmpty { segments = workout.events.filter { $0.type == .lap } }
        segments.sort { $0.startDate < $1.startDate }
        let pauses = workout.pauseTotals
        let title =
            WorkoutsPage.activityName(workout.activityType).capitalized + ", "
            + DateLabel.format(workout.startDate, "MMM d, yyyy", calendar)
        let distance = try? workout.totalDistance?.doubleValue(for: .meterUnit(with: .kilo))
        let energy = try? workout.totalEnergyBurned?.doubleValue(for: .kilocalorie())
        var body = "<p><a href=\"/dashboard/workouts\">All workouts</a></p><dl class=\"facts\">"
        let facts: [(String, String)] = [
            ("Start", DateLabel.format(workout.startDate, "EEE, MMM d, yyyy HH:mm", calendar)),
            ("End", DateLabel.format(workout.endDate, "HH:mm", calendar)),
            ("Duration", SleepPage.hoursMinutes(workout.duration)),
            ("Distance", HTML.figure(distance, unit: "km", decimals: 2)),
            ("Energy", HTML.figure(energy?.rounded(), unit: "kcal")),
            ("Pauses", "\(pauses.count) (\(SleepPage.hoursMinutes(pauses.duration)))"),
            ("Source", workout.sourceRevision?.source.name ?? "—"),
        ]
        for (name, value) in facts { body += "<dt>\(HTML.text(name))</dt><dd>\(HTML.text(value))</dd>" }
        body += "</dl>"
        let markers = segments.enumerated().compactMap { index, event -> RouteMap.Marker? in
            guard let point = nearest(locations, to: event.endDate) else { return nil }
            return RouteMap.Marker(
                coordinate: .init(latitude: point.latitude, longitude: point.longitude), label: "\(index + 1)")
        }
        let map = RouteMap(
            id: "route", title: "Route",
            summary: locations.isEmpty
                ? "No route was recorded with this workout."
                : "The route of \(locations.count) GPS points"
                    + (distance.map { " over \(NumberLabel.format($0, decimals: 2)) km" } ?? "")
                    + (markers.isEmpty ? "." : ", with \(markers.count) splits marked."),
            coordinates: locations.map { .init(latitude: $0.latitude, longitude: $0.longitude) }, markers: markers)
        body +=
            "<section aria-labelledby=\"route-title\"><h2 id=\"route-title\">Route</h2>"
            + "<figure class=\"map\">\(map.svg())</figure></section>"
        body += splitsTable(segments, calendar)
        body += try await heartChart(workout, data)
        return DashboardPage(title: title, section: .workouts, body: body)
    }

    private static func splitsTable(_ segments: [WorkoutEvent], _ calendar: Calendar) -> String {
        var html = "<section aria-labelledby=\"splits-title\"><h2 id=\"splits-title\">Splits</h2>"
        guard !segments.isEmpty else { return html + "<p>No splits were recorded with this workout.</p></section>" }
        let rows = segments.enumerated().map { index, event -> [String] in
            let seconds = Int(event.endDate.timeIntervalSince(event.startDate).rounded())
            return [
                "\(index + 1)", HTML.text(DateLabel.format(event.startDate, "HH:mm:ss", calendar)),
                "\(seconds / 60):\(String(format: "%02d", seconds % 60))",
            ]
        }
        html += HTML.table(
            caption: "Splits from the workout's segment events", headers: ["Split", "Start", "Time (min:s)"],
            rows: rows, id: "splits-table")
        return html + "</section>"
    }

    private static func heartChart(_ workout: Workout, _ data: DashboardData) async throws -> String {
        // The whole workout's readings (a day-long one has tens of thousands), thinned evenly to at most
        // `maxHeartPoints` for the curve; the summary's figures use them all.
        let samples = try await data.store.samples(
            of: .quantity(.heartRate), predicate: .date(start: workout.startDate, end: workout.endDate),
            sort: [.startDate], limit: 50_000
        ).compactMap(\.quantitySample)
        let perMinute = try HealthUnit(from: "count/min")
        let readings = samples.compactMap { sample in
            (try? sample.quantity.doubleValue(for: perMinute)).map {
                TimeChart.Point(date: sample.startDate, value: $0)
            }
        }
        let step = max(1, (readings.count + maxHeartPoints - 1) / maxHeartPoints)
        let points = stride(from: 0, to: readings.count, by: step).map { readings[$0] }
        let values = readings.map(\.value)
        let summary =
            values.isEmpty
            ? "No heart rate was recorded during this workout."
            : "Heart rate during the workout: \(values.count) readings from \(NumberLabel.format(values.min() ?? 0))"
                + " to \(NumberLabel.format(values.max() ?? 0)) bpm, average "
                + "\(NumberLabel.format(values.reduce(0, +) / Double(values.count))) bpm."
        let chart = TimeChart(
            id: "workout-heart", title: "Heart rate", summary: summary, unit: "bpm",
            domain: DateInterval(start: workout.startDate, end: max(workout.endDate, workout.startDate)),
            calendar: data.calendar, layers: [.line(points, name: "Heart rate")])
        return "<section aria-labelledby=\"heart-title\"><h2 id=\"heart-title\">Heart rate</h2>"
            + "<figure>\(chart.svg())<figcaption>\(HTML.text(summary))</figcaption></figure></section>"
    }

    private static func nearest(_ locations: [RouteLocation], to date: Date) -> RouteLocation? {
        locations.min { abs($0.timestamp.timeIntervalSince(date)) < abs($1.timestamp.timeIntervalSince(date)) }
    }
}
