import Foundation
import HealthCharts

/// A dashboard page: the shared layout (skip link, navigation with the current section marked, a main landmark
/// with one h1, the stylesheet and the small script) around a page's body. Built in Swift (docs/decisions/
/// 0010-dashboard.md): every interpolated string goes through ``HTML/text(_:)``.
struct DashboardPage {
    /// The sections, in navigation order.
    enum Section: String, CaseIterable {
        case today, trends, sleep, workouts, sources, `import`

        var path: String { self == .today ? "/dashboard" : "/dashboard/\(rawValue)" }

        var label: String {
            switch self {
            case .today: "Today"
            case .trends: "Trends"
            case .sleep: "Sleep"
            case .workouts: "Workouts"
            case .sources: "Sources"
            case .import: "Import"
            }
        }
    }

    var title: String
    var section: Section?
    var body: String
    /// Attributes of `<main>` the script reads (`data-…`), already escaped.
    var mainAttributes = ""

    /// The whole document.
    func render(person: String?) -> String {
        var nav = ""
        if let person {
            nav += "<nav aria-label=\"Sections\"><ul>"
            for item in Section.allCases {
                let current = item == section ? " aria-current=\"page\"" : ""
                nav += "<li><a href=\"\(item.path)\"\(current)>\(item.label)</a></li>"
            }
            nav += "</ul></nav>"
            nav +=
                "<form method=\"post\" action=\"/dashboard/logout\" class=\"logout\">"
                + "<span class=\"person\">\(HTML.text(person))</span> <button type=\"submit\">Log out</button></form>"
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">\
            <meta name="viewport" content="width=device-width, initial-scale=1">\
            <title>\(HTML.text(title)) · OpenHealthKit</title>\
            <link rel="icon" href="data:,">\
            <link rel="stylesheet" href="/dashboard/assets/dashboard.css"></head>\
            <body><a class="skip" href="#main">Skip to content</a>\
            <header><span class="brand">OpenHealthKit</span>\(nav)</header>\
            <main id="main"\(mainAttributes)><h1>\(HTML.text(title))</h1>\(body)</main>\
            <script src="/dashboard/assets/dashboard.js" defer></script></body></html>
            """
    }
}

/// Small HTML builders; every text escaped.
enum HTML {
    /// Escaped text.
    static func text(_ string: String) -> String { Markup.escape(string) }

    /// A table with a caption, column headers and rows of cells (already HTML); `rowAttributes` per row.
    static func table(
        caption: String, headers: [String], rows: [[String]], rowAttributes: [String] = [], id: String? = nil
    ) -> String {
        // A region that scrolls sideways on a narrow screen (and by keyboard: it is focusable).
        var html = "<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"\(text(caption))\">"
        html +=
            "<table\(id.map { " id=\"\(Markup.identifier($0))\"" } ?? "")><caption>\(text(caption))</caption><thead><tr>"
        for header in headers { html += "<th scope=\"col\">\(text(header))</th>" }
        html += "</tr></thead><tbody>"
        for (index, row) in rows.enumerated() {
            let attributes = index < rowAttributes.count ? rowAttributes[index] : ""
            html += "<tr\(attributes)>"
            for (column, cell) in row.enumerated() {
                html += column == 0 ? "<th scope=\"row\">\(cell)</th>" : "<td>\(cell)</td>"
            }
            html += "</tr>"
        }
        return html + "</tbody></table></div>"
    }

    /// A `<select>` with a label.
    static func select(
        name: String, label: String, options: [(value: String, label: String)], selected: String
    )
        -> String
    {
        var html = "<label>\(text(label)) <select name=\"\(text(name))\">"
        for option in options {
            let mark = option.value == selected ? " selected" : ""
            html += "<option value=\"\(text(option.value))\"\(mark)>\(text(option.label))</option>"
        }
        return html + "</select></label>"
    }

    /// A value with its unit ("8,412 steps"), or an em dash without a value.
    static func figure(_ value: Double?, unit: String, decimals: Int = 1) -> String {
        guard let value else { return "—" }
        return NumberLabel.format(value, decimals: decimals) + (unit.isEmpty ? "" : " " + unit)
    }

    /// A data attribute with a machine-readable number (what tests and the script read).
    static func dataValue(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "" }
        return " data-value=\"\(String(format: "%.6f", value))\""
    }
}
