import Foundation

/// Builds an SVG document element by element: coordinates rounded to a tenth of a pixel, every text and attribute
/// escaped. Charts use it; pages embed its output inline.
public struct SVGWriter: Sendable {
    private var parts: [String] = []

    /// An empty drawing.
    public init() {}

    /// Appends a rectangle.
    public mutating func rect(
        x: Double, y: Double, width: Double, height: Double, class cssClass: String, tooltip: String? = nil
    ) {
        element(
            "rect",
            [
                "x": Self.number(x), "y": Self.number(y), "width": Self.number(max(0, width)),
                "height": Self.number(max(0, height)), "class": cssClass,
            ],
            tooltip: tooltip)
    }

    /// Appends a straight line.
    public mutating func line(x1: Double, y1: Double, x2: Double, y2: Double, class cssClass: String) {
        element(
            "line",
            [
                "x1": Self.number(x1), "y1": Self.number(y1), "x2": Self.number(x2), "y2": Self.number(y2),
                "class": cssClass,
            ])
    }

    /// Appends a path through points (`M x y L x y …`), optionally closed; nothing when there are no points.
    public mutating func polyline(_ points: [(x: Double, y: Double)], class cssClass: String, closed: Bool = false) {
        guard let first = points.first else { return }
        var d = "M\(Self.number(first.x)) \(Self.number(first.y))"
        for point in points.dropFirst() { d += " L\(Self.number(point.x)) \(Self.number(point.y))" }
        if closed { d += " Z" }
        element("path", ["d": d, "class": cssClass])
    }

    /// Appends a circle.
    public mutating func circle(x: Double, y: Double, radius: Double, class cssClass: String, tooltip: String? = nil) {
        element(
            "circle", ["cx": Self.number(x), "cy": Self.number(y), "r": Self.number(radius), "class": cssClass],
            tooltip: tooltip)
    }

    /// Appends a text.
    public mutating func text(
        _ string: String, x: Double, y: Double, anchor: TextAnchor = .start, class cssClass: String,
        rotated: Bool = false
    ) {
        var attributes = [
            "x": Self.number(x), "y": Self.number(y), "text-anchor": anchor.rawValue, "class": cssClass,
        ]
        if rotated { attributes["transform"] = "rotate(-90 \(Self.number(x)) \(Self.number(y)))" }
        parts.append("<text\(Self.attributes(attributes))>\(Markup.escape(string))</text>")
    }

    /// Opens a group (close it with ``endGroup()``).
    public mutating func beginGroup(class cssClass: String, label: String? = nil) {
        var attributes = ["class": cssClass]
        if let label { attributes["aria-label"] = label }
        parts.append("<g\(Self.attributes(attributes))>")
    }

    /// Closes the innermost group.
    public mutating func endGroup() { parts.append("</g>") }

    /// The document: an inline `<svg>` with a title and a description that screen readers announce, sized by its
    /// view box so it scales to the page's width.
    public func document(width: Double, height: Double, title: String, description: String, id: String) -> String {
        let safeID = Markup.identifier(id)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\""
            + " role=\"img\" aria-labelledby=\"\(safeID)-title \(safeID)-desc\" class=\"chart\" id=\"\(safeID)\">"
            + "<title id=\"\(safeID)-title\">\(Markup.escape(title))</title>"
            + "<desc id=\"\(safeID)-desc\">\(Markup.escape(description))</desc>"
            + parts.joined() + "</svg>"
    }

    private mutating func element(_ name: String, _ attributes: [String: String], tooltip: String? = nil) {
        if let tooltip {
            parts.append(
                "<\(name)\(Self.attributes(attributes)) tabindex=\"-1\"><title>\(Markup.escape(tooltip))</title></\(name)>"
            )
        } else {
            parts.append("<\(name)\(Self.attributes(attributes))/>")
        }
    }

    private static func attributes(_ attributes: [String: String]) -> String {
        attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\"\(Markup.escape($0.value))\"" }.joined()
    }

    /// A coordinate with at most one decimal ("12", "12.5"); non-finite values draw at 0.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.1f", rounded)
    }

    /// How a text lines up with its point.
    public enum TextAnchor: String, Sendable {
        /// Left-aligned.
        case start
        /// Centred.
        case middle
        /// Right-aligned.
        case end
    }
}

/// Escaping for HTML and SVG text and attributes.
public enum Markup {
    /// Escapes `&`, `<`, `>`, `"` and `'`.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    /// An element id made of letters, digits and `-` only (anything else becomes `-`).
    public static func identifier(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
    }
}
