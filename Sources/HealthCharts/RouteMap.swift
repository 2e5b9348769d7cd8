import Foundation

/// A workout's route as a line on a plain map: coordinates projected equirectangularly around the route's middle
/// latitude (true to shape at the scale of a run), fitted to the box with its aspect ratio kept; the start and end
/// marked, optional markers (kilometre or mile splits) along it.
public struct RouteMap: Sendable {
    /// A position in degrees.
    public struct Coordinate: Sendable, Equatable {
        /// Latitude (−90…90).
        public var latitude: Double
        /// Longitude (−180…180).
        public var longitude: Double

        /// A coordinate.
        public init(latitude: Double, longitude: Double) {
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// A labelled position on the route.
    public struct Marker: Sendable, Equatable {
        /// Where.
        public var coordinate: Coordinate
        /// Its label ("1 km").
        public var label: String

        /// A marker.
        public init(coordinate: Coordinate, label: String) {
            self.coordinate = coordinate
            self.label = label
        }
    }

    /// The element id.
    public var id: String
    /// The title.
    public var title: String
    /// The text alternative.
    public var summary: String
    /// The route's points in order.
    public var coordinates: [Coordinate]
    /// Markers along it.
    public var markers: [Marker]
    /// The view box's width.
    public var width: Double = 480
    /// The view box's height.
    public var height: Double = 320

    /// A route map.
    public init(id: String, title: String, summary: String, coordinates: [Coordinate], markers: [Marker] = []) {
        self.id = id
        self.title = title
        self.summary = summary
        self.coordinates = coordinates.filter { $0.latitude.isFinite && $0.longitude.isFinite }
        self.markers = markers
    }

    /// The pixel position of each coordinate (empty without coordinates).
    public func project(_ points: [Coordinate]) -> [(x: Double, y: Double)] {
        guard !coordinates.isEmpty else { return [] }
        let latitudes = coordinates.map(\.latitude)
        let longitudes = coordinates.map(\.longitude)
        let (minLat, maxLat) = (latitudes.min() ?? 0, latitudes.max() ?? 0)
        let (minLon, maxLon) = (longitudes.min() ?? 0, longitudes.max() ?? 0)
        let squeeze = cos((minLat + maxLat) / 2 * .pi / 180)
        let spanX = max((maxLon - minLon) * squeeze, 1e-9)
        let spanY = max(maxLat - minLat, 1e-9)
        let margin = 16.0
        let scale = min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY)
        let offsetX = (width - spanX * scale) / 2
        let offsetY = (height - spanY * scale) / 2
        return points.map { point in
            (x: offsetX + (point.longitude - minLon) * squeeze * scale, y: offsetY + (maxLat - point.latitude) * scale)
        }
    }

    /// The SVG.
    public func svg() -> String {
        var svg = SVGWriter()
        svg.rect(x: 0, y: 0, width: width, height: height, class: "map")
        guard coordinates.count >= 2 else {
            svg.text("No route recorded", x: width / 2, y: height / 2, anchor: .middle, class: "empty")
            return svg.document(width: width, height: height, title: title, description: summary, id: id)
        }
        let points = project(coordinates)
        svg.polyline(points, class: "route")
        for (marker, point) in zip(markers, project(markers.map(\.coordinate))) {
            svg.circle(x: point.x, y: point.y, radius: 3, class: "split", tooltip: marker.label)
            svg.text(marker.label, x: point.x + 5, y: point.y - 5, class: "split-label")
        }
        if let start = points.first, let end = points.last {
            svg.circle(x: start.x, y: start.y, radius: 5, class: "start", tooltip: "Start")
            svg.circle(x: end.x, y: end.y, radius: 5, class: "end", tooltip: "End")
        }
        return svg.document(width: width, height: height, title: title, description: summary, id: id)
    }
}
