import Foundation
import HealthCharts
import HealthCore
import HealthQuery

/// Sources ("Data Sources & Access"): the merge order of a quantity type — the source listed first wins where
/// sources overlap — with buttons to move a source up or down or go back to the default; every merged number
/// (Today, Trends, the API) follows the new order at once.
enum SourcesPage {
    static func page(_ data: DashboardData, _ query: Query) async throws -> DashboardPage {
        let name = try query.string("type") ?? "steps"
        guard let choice = DashboardUnits.choice(name) else {
            throw APIError.badRequest("type: '\(name.prefix(60))' is not a quantity type (steps, heart-rate, weight…)")
        }
        let allTime = try query.bool("all")
        let rows = try await sources(choice.type, data, allTime: allTime)
        var body =
            "<form method=\"get\" action=\"/dashboard/sources\" class=\"controls\" aria-label=\"Type\">"
            + HTML.select(
                name: "type", label: "Type",
                options: DashboardUnits.trends.map { ($0.name, $0.title) }
                    + (DashboardUnits.trends.contains { $0.name == choice.name } ? [] : [(choice.name, choice.title)]),
                selected: choice.name)
            + "<button type=\"submit\">Show</button></form>"
        body +=
            "<p class=\"lead\">Where sources overlap, the one listed first counts; the others fill the gaps."
            + " Changing the order changes the merged numbers everywhere. "
            + (allTime
                ? "Sample counts are of all time."
                : "Sample counts are of the past year (a source with none since is listed under "
                    + "<a href=\"/dashboard/sources?type=\(HTML.text(choice.name))&amp;all=true\">all time</a>).")
            + "</p>"
        guard !rows.isEmpty else {
            return DashboardPage(
                title: "Sources", section: .sources, body: body + "<p>No source has recorded this type.</p>")
        }
        body += "<ol class=\"sources\" id=\"source-order\" aria-label=\"Merge order of \(HTML.text(choice.title))\">"
        for (index, row) in rows.enumerated() {
            body +=
                "<li data-bundle=\"\(HTML.text(row.bundle))\"><span class=\"source-name\">\(HTML.text(row.name))"
                + "</span> <span class=\"note\">\(HTML.text(row.bundle)) · \(row.count) samples</span>"
            for (direction, label, enabled) in [
                ("up", "Move up", index > 0), ("down", "Move down", index < rows.count - 1),
            ] where enabled {
                body +=
                    "<form method=\"post\" action=\"/dashboard/sources\" class=\"inline\">"
                    + hidden("type", choice.name) + hidden("bundle", row.bundle) + hidden("move", direction)
                    + (allTime ? hidden("all", "true") : "")
                    + "<button type=\"submit\" aria-label=\"\(label): \(HTML.text(row.name))\">\(label)</button></form>"
            }
            body += "</li>"
        }
        body +=
            "</ol><form method=\"post\" action=\"/dashboard/sources\">" + hidden("type", choice.name)
            + hidden("reset", "true") + "<button type=\"submit\">Back to the default order</button></form>"
        return DashboardPage(title: "Sources", section: .sources, body: body)
    }

    /// Applies a form: moves a source one place, or resets the order; answers the page to go back to.
    static func apply(_ data: DashboardData, form: [String: String]) async throws -> String {
        guard let name = form["type"], let choice = DashboardUnits.choice(name) else {
            throw APIError.badRequest("type is missing or not a quantity type")
        }
        let back =
            "/dashboard/sources?type="
            + (choice.name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            + (form["all"] == "true" ? "&all=true" : "")
        if form["reset"] == "true" {
            try await data.store.setSourceOrder(nil, for: choice.type)
            return back
        }
        guard let bundle = form["bundle"], let move = form["move"], move == "up" || move == "down" else {
            throw APIError.badRequest("say which source to move (bundle) and where (move=up or down)")
        }
        // The page showed some sources (the past year's, or all): the source swaps with its neighbour there, in the
        // full order (the stored order, every source of the type, and every other source the store knows), so
        // sources the page did not show keep their places.
        let shown = try await sources(choice.type, data, allTime: form["all"] == "true").map(\.bundle)
        guard let index = shown.firstIndex(of: bundle) else {
            throw APIError.badRequest("that source is not listed for this type")
        }
        let target = move == "up" ? index - 1 : index + 1
        guard shown.indices.contains(target) else { return back }
        var order = try await data.store.sourceOrder(for: choice.type).bundleIdentifiers
        for row in try await sources(choice.type, data, allTime: true) where !order.contains(row.bundle) {
            order.append(row.bundle)
        }
        guard let from = order.firstIndex(of: bundle), let to = order.firstIndex(of: shown[target]) else {
            return back
        }
        order.swapAt(from, to)
        try await data.store.setSourceOrder(order, for: choice.type)
        return back
    }

    struct Row {
        var bundle: String
        var name: String
        var count: Int
    }

    /// The type's sources in merge order: the store's order first, then sources it does not list yet. Counted
    /// over the past year unless `allTime` (a count of all time reads every sample's row: ten years of steps take
    /// ~200 ms; BENCHMARKS.md).
    static func sources(
        _ type: QuantityTypeIdentifier, _ data: DashboardData, allTime: Bool = true
    ) async throws
        -> [Row]
    {
        let order = try await data.store.sourceOrder(for: type).bundleIdentifiers
        var counts: [String: (name: String, count: Int)] = [:]
        let since = data.calendar.date(byAdding: .day, value: -365, to: data.today.end) ?? data.now
        let window: SamplePredicate = allTime ? .all : .date(start: since, end: nil)
        for entry in try await data.store.sourceCounts(of: [.quantity(type)], predicate: window) {
            let bundle = entry.record.source.bundleIdentifier
            counts[bundle] = (entry.record.source.name, (counts[bundle]?.count ?? 0) + entry.count)
        }
        var rows = order.compactMap { bundle in
            counts[bundle].map { Row(bundle: bundle, name: $0.name, count: $0.count) }
        }
        let listed = Set(order)
        rows += counts.filter { !listed.contains($0.key) }.sorted { $0.key < $1.key }.map {
            Row(bundle: $0.key, name: $0.value.name, count: $0.value.count)
        }
        return rows
    }

    private static func hidden(_ name: String, _ value: String) -> String {
        "<input type=\"hidden\" name=\"\(name)\" value=\"\(HTML.text(value))\">"
    }
}
