public import Foundation

/// A night's sleep stages as a hypnogram: one row per stage (awake at the top, deep at the bottom), each stage
/// sample a block in its row, time in bed as a band behind them, the night's clock times below.
public struct Hypnogram: Sendable {
    /// A sleep stage (a row).
    public enum Stage: String, Sendable, CaseIterable {
        /// Awake during the night.
        case awake
        /// REM sleep.
        case rem
        /// Core (light) sleep.
        case core
        /// Deep sleep.
        case deep
        /// Asleep with no stage recorded.
        case unspecified
        /// In bed (drawn behind the rows, not as a row).
        case inBed

        /// The row's label.
        public var label: String {
            switch self {
            case .awake: "Awake"
            case .rem: "REM"
            case .core: "Core"
            case .deep: "Deep"
            case .unspecified: "Asleep"
            case .inBed: "In bed"
            }
        }
    }

    /// One stage sample.
    public struct Segment: Sendable, Equatable {
        /// Its start.
        public var start: Date
        /// Its end.
        public var end: Date
        /// Its stage.
        public var stage: Stage

        /// A segment.
        public init(start: Date, end: Date, stage: Stage) {
            self.start = start
            self.end = end
            self.stage = stage
        }
    }

    /// The element id.
    public var id: String
    /// The title.
    public var title: String
    /// The text alternative.
    public var summary: String
    /// The segments.
    public var segments: [Segment]
    /// The calendar of the clock times.
    public var calendar: Calendar
    /// The view box's width.
    public var width: Double = 720
    /// The view box's height.
    public var height: Double = 220

    /// A hypnogram.
    public init(id: String, title: String, summary: String, segments: [Segment], calendar: Calendar) {
        self.id = id
        self.title = title
        self.summary = summary
        self.segments = segments
        self.calendar = calendar
    }

    /// The rows drawn: awake, REM, core, deep, and "asleep" only when some sleep has no stage.
    var rows: [Stage] {
        var rows: [Stage] = [.awake, .rem, .core, .deep]
        if segments.contains(where: { $0.stage == .unspecified }) { rows.append(.unspecified) }
        return rows
    }

    /// The SVG.
    public func svg() -> String {
        let left = 64.0
        let right = width - 16
        let top = 12.0
        let bottom = height - 32
        var svg = SVGWriter()
        guard let first = segments.map(\.start).min(), let last = segments.map(\.end).max(), last > first else {
            svg.text("No sleep recorded", x: width / 2, y: height / 2, anchor: .middle, class: "empty")
            return svg.document(width: width, height: height, title: title, description: summary, id: id)
        }
        let x = TimeScale(domain: DateInterval(start: first, end: last), start: left, end: right, calendar: calendar)
        let rows = rows
        let rowHeight = (bottom - top) / Double(rows.count)
        svg.beginGroup(class: "axis y")
        for (index, stage) in rows.enumerated() {
            let middle = top + rowHeight * (Double(index) + 0.5)
            svg.text(stage.label, x: left - 6, y: middle + 4, anchor: .end, class: "tick")
            svg.line(
                x1: left, y1: top + rowHeight * Double(index + 1), x2: right, y2: top + rowHeight * Double(index + 1),
                class: "grid")
        }
        svg.endGroup()
        svg.beginGroup(class: "axis x")
        for tick in x.ticks(maxCount: 8) {
            svg.line(x1: x(tick.date), y1: bottom, x2: x(tick.date), y2: bottom + 4, class: "tick-mark")
            svg.text(tick.label, x: x(tick.date), y: bottom + 18, anchor: .middle, class: "tick")
        }
        svg.endGroup()
        svg.beginGroup(class: "stages")
        for segment in segments.sorted(by: {
            ($0.stage == .inBed ? 0 : 1, $0.start) < ($1.stage == .inBed ? 0 : 1, $1.start)
        }) {
            let clock =
                DateLabel.format(segment.start, "HH:mm", calendar) + "–"
                + DateLabel.format(segment.end, "HH:mm", calendar)
            let minutes = Int((segment.end.timeIntervalSince(segment.start) / 60).rounded())
            let tooltip = "\(segment.stage.label) \(clock) (\(minutes) min)"
            if segment.stage == .inBed {
                svg.rect(
                    x: x(segment.start), y: top, width: x(segment.end) - x(segment.start), height: bottom - top,
                    class: "stage in-bed", tooltip: tooltip)
                continue
            }
            guard let row = rows.firstIndex(of: segment.stage) else { continue }
            svg.rect(
                x: x(segment.start), y: top + rowHeight * Double(row) + 2,
                width: max(1, x(segment.end) - x(segment.start)), height: rowHeight - 4,
                class: "stage \(segment.stage.rawValue)", tooltip: tooltip)
        }
        svg.endGroup()
        return svg.document(width: width, height: height, title: title, description: summary, id: id)
    }
}
