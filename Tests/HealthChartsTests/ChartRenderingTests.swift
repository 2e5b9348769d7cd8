import Foundation
import HealthCharts
import Testing

@Suite("Charts: SVG")
struct ChartRenderingTests {
    var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    func day(_ index: Int) -> Date { start.addingTimeInterval(Double(index) * 86_400) }

    @Test(
        "a bar chart: one bar per bucket with its value in a tooltip, the unit on the axis, a title and a description")
    func bars() {
        let merged = (0..<7).map { TimeChart.Bar(start: day($0), end: day($0 + 1), value: Double(1_000 * ($0 + 1))) }
        let naive = merged.map { TimeChart.Bar(start: $0.start, end: $0.end, value: $0.value * 1.5) }
        let chart = TimeChart(
            id: "steps", title: "Steps <per day>", summary: "Merged & naive", unit: "steps",
            domain: DateInterval(start: day(0), end: day(7)), calendar: utc,
            layers: [.bars(merged, name: "Merged"), .outlines(naive, name: "Naive sum"), .rule(8_000, name: "Goal")])
        let svg = chart.svg()
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains("role=\"img\""))
        #expect(svg.contains("aria-labelledby=\"steps-title steps-desc\""))
        #expect(svg.contains("<title id=\"steps-title\">Steps &lt;per day&gt;</title>"))
        #expect(svg.contains("<desc id=\"steps-desc\">Merged &amp; naive</desc>"))
        #expect(occurrences(of: "class=\"bar\"", in: svg) == 7)
        #expect(occurrences(of: "class=\"outline\"", in: svg) == 7)
        #expect(svg.contains("Thu Jan 1, 2026: 1,000 steps (Merged)"))
        #expect(svg.contains("10,500 steps (Naive sum)"))
        #expect(svg.contains(">steps</text>"))
        #expect(svg.contains("Goal 8,000"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(!svg.contains("No data"))
    }

    @Test("no data: axes and a 'No data' note, no NaN; one point draws")
    func emptyAndSingle() {
        let empty = TimeChart(
            id: "e", title: "Empty", summary: "nothing", unit: "kg",
            domain: DateInterval(start: day(0), end: day(30)), calendar: utc, layers: [.line([], name: "Weight")])
        let svg = empty.svg()
        #expect(svg.contains("No data in this range"))
        #expect(!svg.lowercased().contains("nan"))
        let single = TimeChart(
            id: "s", title: "One", summary: "one weight", unit: "kg",
            domain: DateInterval(start: day(0), end: day(30)), calendar: utc,
            layers: [.line([.init(date: day(3), value: 71.5)], name: "Weight")])
        let one = single.svg()
        #expect(occurrences(of: "class=\"point\"", in: one) == 1)
        #expect(one.contains("71.5 kg"))
        #expect(!one.contains("No data"))
        #expect(!one.lowercased().contains("nan"))
    }

    @Test("a band: min–max per day with the range in the tooltip")
    func band() {
        let bands = (0..<3).map { TimeChart.Band(start: day($0), end: day($0 + 1), low: 50, high: 150 + Double($0)) }
        let svg = TimeChart(
            id: "hr", title: "Heart rate", summary: "band", unit: "bpm",
            domain: DateInterval(start: day(0), end: day(3)), calendar: utc,
            layers: [
                .band(bands, name: "Range"), .line(bands.map { .init(date: $0.start, value: 70) }, name: "Average"),
            ]
        ).svg()
        #expect(occurrences(of: "class=\"band\"", in: svg) == 3)
        #expect(svg.contains("50–152 bpm (Range)"))
        #expect(svg.contains("class=\"line\""))
    }

    @Test("a hypnogram: a row per stage, a block per segment, in bed behind; no sleep says so")
    func hypnogram() {
        let night = start.addingTimeInterval(22 * 3_600)
        func at(_ minutes: Double) -> Date { night.addingTimeInterval(minutes * 60) }
        let segments: [Hypnogram.Segment] = [
            .init(start: at(0), end: at(480), stage: .inBed), .init(start: at(10), end: at(100), stage: .core),
            .init(start: at(100), end: at(160), stage: .deep), .init(start: at(160), end: at(190), stage: .rem),
            .init(start: at(190), end: at(200), stage: .awake),
        ]
        let svg = Hypnogram(id: "n", title: "Night", summary: "stages", segments: segments, calendar: utc).svg()
        for label in ["Awake", "REM", "Core", "Deep"] { #expect(svg.contains(">\(label)</text>")) }
        #expect(!svg.contains(">Asleep</text>"), "no unspecified sleep, no row for it")
        #expect(svg.contains("class=\"stage deep\""))
        #expect(svg.contains("Deep 23:40–00:40 (60 min)"))
        #expect(svg.contains("class=\"stage in-bed\""))
        let none = Hypnogram(id: "x", title: "Night", summary: "none", segments: [], calendar: utc).svg()
        #expect(none.contains("No sleep recorded"))
    }

    @Test("a route keeps its shape: a north–south line is vertical, east–west horizontal, aspect kept")
    func route() {
        let north = RouteMap(
            id: "r", title: "Route", summary: "a line north",
            coordinates: [.init(latitude: 52.50, longitude: 13.40), .init(latitude: 52.51, longitude: 13.40)])
        let points = north.project(north.coordinates)
        #expect(abs(points[0].x - points[1].x) < 1e-6)
        #expect(points[1].y < points[0].y, "north is up")
        let square = RouteMap(
            id: "q", title: "Route", summary: "a square",
            coordinates: [
                .init(latitude: 60, longitude: 10), .init(latitude: 60, longitude: 10.02),
                .init(latitude: 60.01, longitude: 10.02),
            ])
        let corners = square.project(square.coordinates)
        // At 60° a degree of longitude is half a degree of latitude: 0.02° east ≈ 0.01° north on the map.
        let east = corners[1].x - corners[0].x
        let up = corners[1].y - corners[2].y
        #expect(abs(east / up - 1) < 0.01)
        let svg = square.svg()
        #expect(svg.contains("class=\"route\""))
        #expect(svg.contains("class=\"start\"") && svg.contains("class=\"end\""))
        #expect(RouteMap(id: "z", title: "t", summary: "s", coordinates: []).svg().contains("No route recorded"))
    }

    @Test("escaping: markup in labels never becomes markup")
    func escaping() {
        #expect(Markup.escape("<script>&\"'") == "&lt;script&gt;&amp;&quot;&#39;")
        #expect(Markup.identifier("a b<c") == "a-b-c")
    }

    func occurrences(of needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }
}
