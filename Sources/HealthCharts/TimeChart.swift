public import Foundation

/// A chart over time, drawn as SVG by the server: layers of bars, outlined bars, min–max bands, lines and dots
/// sharing one time axis (calendar ticks) and one value axis (nice ticks, the unit as its label).
///
/// ```swift
/// let chart = TimeChart(
///     id: "steps", title: "Steps per day", summary: "…", unit: "steps",
///     domain: DateInterval(start: first, end: last), calendar: calendar,
///     layers: [.bars(merged, name: "Merged"), .outlines(naive, name: "Naive sum")])
/// let svg = chart.svg()
/// ```
public struct TimeChart: Sendable {
    /// A value over an interval (a statistics bucket).
    public struct Bar: Sendable, Equatable {
        /// The bucket's start.
        public var start: Date
        /// The bucket's end.
        public var end: Date
        /// Its value.
        public var value: Double

        /// A bar.
        public init(start: Date, end: Date, value: Double) {
            self.start = start
            self.end = end
            self.value = value
        }
    }

    /// A range of values over an interval (a day's minimum to maximum).
    public struct Band: Sendable, Equatable {
        /// The bucket's start.
        public var start: Date
        /// The bucket's end.
        public var end: Date
        /// The lowest value.
        public var low: Double
        /// The highest value.
        public var high: Double

        /// A band.
        public init(start: Date, end: Date, low: Double, high: Double) {
            self.start = start
            self.end = end
            self.low = low
            self.high = high
        }
    }

    /// A value at a time.
    public struct Point: Sendable, Equatable {
        /// When.
        public var date: Date
        /// The value.
        public var value: Double

        /// A point.
        public init(date: Date, value: Double) {
            self.date = date
            self.value = value
        }
    }

    /// What one layer draws; `name` is its legend entry.
    public enum Layer: Sendable {
        /// Filled bars from zero.
        case bars([Bar], name: String)
        /// Bars drawn as outlines (a comparison on top of filled bars).
        case outlines([Bar], name: String)
        /// Vertical min–max bands.
        case band([Band], name: String)
        /// A line through points, in date order.
        case line([Point], name: String)
        /// Dots.
        case dots([Point], name: String)
        /// A horizontal rule (a goal).
        case rule(Double, name: String)

        var name: String {
            switch self {
            case .bars(_, let name), .outlines(_, let name), .band(_, let name), .line(_, let name),
                .dots(_, let name), .rule(_, let name):
                name
            }
        }

        var values: [Double] {
            switch self {
            case .bars(let bars, _), .outlines(let bars, _): bars.map(\.value)
            case .band(let bands, _): bands.flatMap { [$0.low, $0.high] }
            case .line(let points, _), .dots(let points, _): points.map(\.value)
            case .rule(let value, _): [value]
            }
        }

        /// The layer's kind as a CSS class (`kind-bars`, `kind-outlines`…), so a legend swatch looks like its marks.
        var kind: String {
            switch self {
            case .bars: "kind-bars"
            case .outlines: "kind-outlines"
            case .band: "kind-band"
            case .line: "kind-line"
            case .dots: "kind-dots"
            case .rule: "kind-rule"
            }
        }

        var hasBars: Bool {
            switch self {
            case .bars, .outlines: true
            default: false
            }
        }

        var isEmpty: Bool {
            switch self {
            case .rule: true
            default: values.isEmpty
            }
        }
    }

    /// The element id (also the prefix of the title's and description's ids).
    public var id: String
    /// The chart's title (announced by screen readers).
    public var title: String
    /// A sentence describing what it shows (its text alternative).
    public var summary: String
    /// The unit of the values ("steps", "km", "count/min").
    public var unit: String
    /// The interval shown.
    public var domain: DateInterval
    /// The calendar of the time axis.
    public var calendar: Calendar
    /// The layers, drawn in order.
    public var layers: [Layer]
    /// The view box's width.
    public var width: Double = 720
    /// The view box's height.
    public var height: Double = 300

    /// A chart.
    public init(
        id: String, title: String, summary: String, unit: String, domain: DateInterval, calendar: Calendar,
        layers: [Layer]
    ) {
        self.id = id
        self.title = title
        self.summary = summary
        self.unit = unit
        self.domain = domain
        self.calendar = calendar
        self.layers = layers
    }

    /// The plot's margins: room for the value labels on the left, the time labels below, the legend above.
    static let left = 64.0, right = 16.0, top = 28.0, bottom = 36.0

    /// The SVG.
    public func svg() -> String {
        let plotLeft = Self.left
        let plotRight = width - Self.right
        let plotTop = Self.top
        let plotBottom = height - Self.bottom
        let x = TimeScale(domain: domain, start: plotLeft, end: plotRight, calendar: calendar)
        let y = LinearScale.nice(
            covering: layers.flatMap(\.values), includingZero: layers.contains(where: \.hasBars),
            tickCount: 5, range: plotTop...plotBottom)
        var svg = SVGWriter()
        svg.beginGroup(class: "axis y")
        for tick in y.ticks {
            svg.line(x1: plotLeft, y1: y(tick), x2: plotRight, y2: y(tick), class: "grid")
            svg.text(NumberLabel.format(tick), x: plotLeft - 6, y: y(tick) + 4, anchor: .end, class: "tick")
        }
        svg.text(unit, x: 14, y: (plotTop + plotBottom) / 2, anchor: .middle, class: "axis-label", rotated: true)
        svg.endGroup()
        svg.beginGroup(class: "axis x")
        svg.line(x1: plotLeft, y1: plotBottom, x2: plotRight, y2: plotBottom, class: "baseline")
        for tick in x.ticks(maxCount: max(2, Int((plotRight - plotLeft) / 90))) {
            svg.line(x1: x(tick.date), y1: plotBottom, x2: x(tick.date), y2: plotBottom + 4, class: "tick-mark")
            svg.text(tick.label, x: x(tick.date), y: plotBottom + 18, anchor: .middle, class: "tick")
        }
        svg.endGroup()
        for (index, layer) in layers.enumerated() {
            draw(layer, index: index, x: x, y: y, into: &svg)
        }
        legend(into: &svg)
        if layers.allSatisfy(\.isEmpty) {
            svg.text(
                "No data in this range", x: (plotLeft + plotRight) / 2, y: (plotTop + plotBottom) / 2,
                anchor: .middle, class: "empty")
        }
        return svg.document(width: width, height: height, title: title, description: summary, id: id)
    }

    private func draw(_ layer: Layer, index: Int, x: TimeScale, y: LinearScale, into svg: inout SVGWriter) {
        let style = "series s\(index) \(layer.kind)"
        svg.beginGroup(class: style, label: layer.name)
        switch layer {
        case .bars(let bars, _), .outlines(let bars, _):
            let outline: Bool = if case .outlines = layer { true } else { false }
            for bar in bars {
                let left = x(bar.start)
                let right = x(bar.end)
                let gap = min(2, (right - left) * 0.15)
                let top = y(max(0, bar.value))
                let zero = y(min(0, max(y.domain.lowerBound, 0)))
                svg.rect(
                    x: left + gap / 2, y: min(top, zero), width: right - left - gap, height: abs(zero - top),
                    class: outline ? "outline" : "bar",
                    tooltip: "\(period(bar.start, bar.end)): \(NumberLabel.format(bar.value)) \(unit) (\(layer.name))")
            }
        case .band(let bands, _):
            for band in bands {
                let left = x(band.start)
                let right = x(band.end)
                let width = max(1, (right - left) * 0.6)
                svg.rect(
                    x: (left + right - width) / 2, y: y(band.high), width: width,
                    height: max(1, y(band.low) - y(band.high)),
                    class: "band",
                    tooltip: "\(period(band.start, band.end)): \(NumberLabel.format(band.low))–"
                        + "\(NumberLabel.format(band.high)) \(unit) (\(layer.name))")
            }
        case .line(let points, _):
            let sorted = points.sorted { $0.date < $1.date }
            svg.polyline(sorted.map { (x: x($0.date), y: y($0.value)) }, class: "line")
            if sorted.count <= 120 {
                for point in sorted {
                    svg.circle(
                        x: x(point.date), y: y(point.value), radius: 2.5, class: "point",
                        tooltip: "\(moment(point.date)): \(NumberLabel.format(point.value)) \(unit) (\(layer.name))")
                }
            }
        case .dots(let points, _):
            for point in points {
                svg.circle(
                    x: x(point.date), y: y(point.value), radius: 2.5, class: "point",
                    tooltip: "\(moment(point.date)): \(NumberLabel.format(point.value)) \(unit) (\(layer.name))")
            }
        case .rule(let value, let name):
            svg.line(x1: Self.left, y1: y(value), x2: width - Self.right, y2: y(value), class: "rule")
            svg.text(
                "\(name) \(NumberLabel.format(value))", x: width - Self.right - 4, y: y(value) - 4, anchor: .end,
                class: "rule-label")
        }
        svg.endGroup()
    }

    private func legend(into svg: inout SVGWriter) {
        var cursor = Self.left
        for (index, layer) in layers.enumerated() {
            if case .rule = layer { continue }
            svg.beginGroup(class: "legend series s\(index) \(layer.kind)")
            svg.rect(x: cursor, y: 8, width: 12, height: 12, class: "swatch")
            svg.text(layer.name, x: cursor + 16, y: 18, class: "legend-label")
            svg.endGroup()
            cursor += 28 + Double(layer.name.count) * 7
        }
    }

    /// A bucket as words: an hour, a day, a week, a month or a year, by its length.
    private func period(_ start: Date, _ end: Date) -> String {
        let hours = end.timeIntervalSince(start) / 3_600
        switch hours {
        case ..<20: return DateLabel.format(start, "MMM d, HH:mm", calendar)
        case ..<26: return DateLabel.format(start, "EEE MMM d, yyyy", calendar)
        case ..<(8 * 24): return "Week of " + DateLabel.format(start, "MMM d, yyyy", calendar)
        case ..<(32 * 24): return DateLabel.format(start, "MMMM yyyy", calendar)
        default: return DateLabel.format(start, "yyyy", calendar)
        }
    }

    private func moment(_ date: Date) -> String { DateLabel.format(date, "MMM d, yyyy HH:mm", calendar) }
}
