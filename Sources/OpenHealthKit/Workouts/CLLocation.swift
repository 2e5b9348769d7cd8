#if !canImport(CoreLocation)
public import Foundation

/// Degrees of latitude or longitude (CoreLocation's `CLLocationDegrees`).
public typealias CLLocationDegrees = Double
/// Metres (CoreLocation's `CLLocationDistance`).
public typealias CLLocationDistance = Double
/// Metres of accuracy (CoreLocation's `CLLocationAccuracy`).
public typealias CLLocationAccuracy = Double
/// Metres per second (CoreLocation's `CLLocationSpeed`).
public typealias CLLocationSpeed = Double
/// Degrees from north (CoreLocation's `CLLocationDirection`).
public typealias CLLocationDirection = Double

/// A latitude and longitude: CoreLocation's `CLLocationCoordinate2D`, for platforms without CoreLocation.
public struct CLLocationCoordinate2D: Sendable, Hashable {
    /// The latitude.
    public var latitude: CLLocationDegrees
    /// The longitude.
    public var longitude: CLLocationDegrees
    /// The coordinate (0, 0).
    public init() {
        latitude = 0
        longitude = 0
    }
    /// A coordinate.
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// A recorded location: the part of CoreLocation's `CLLocation` that workout routes use, for platforms without
/// CoreLocation (OpenHealthKit only; on Apple platforms CoreLocation's class is used).
open class CLLocation: NSObject, @unchecked Sendable {
    /// The coordinate.
    public let coordinate: CLLocationCoordinate2D
    /// The altitude in metres.
    public let altitude: CLLocationDistance
    /// The horizontal accuracy in metres (negative: invalid).
    public let horizontalAccuracy: CLLocationAccuracy
    /// The vertical accuracy in metres (negative: invalid).
    public let verticalAccuracy: CLLocationAccuracy
    /// The course in degrees (negative: invalid).
    public let course: CLLocationDirection
    /// The speed in m/s (negative: invalid).
    public let speed: CLLocationSpeed
    /// When the location was recorded.
    public let timestamp: Date

    /// A location with every property.
    public init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, course: CLLocationDirection, speed: CLLocationSpeed,
        timestamp: Date
    ) {
        self.coordinate = coordinate
        self.altitude = altitude
        self.horizontalAccuracy = hAccuracy
        self.verticalAccuracy = vAccuracy
        self.course = course
        self.speed = speed
        self.timestamp = timestamp
    }

    /// A location without course and speed.
    public convenience init(
        coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance,
        horizontalAccuracy hAccuracy: CLLocationAccuracy,
        verticalAccuracy vAccuracy: CLLocationAccuracy, timestamp: Date
    ) {
        self.init(
            coordinate: coordinate, altitude: altitude, horizontalAccuracy: hAccuracy, verticalAccuracy: vAccuracy,
            course: -1, speed: -1, timestamp: timestamp)
    }

    /// A location at a latitude and longitude, recorded at the reference date.
    public convenience init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.init(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: 0,
            horizontalAccuracy: 0, verticalAccuracy: -1, timestamp: Date(timeIntervalSinceReferenceDate: 0))
    }

    /// The great-circle distance to another location in metres (haversine, mean Earth radius 6 371 km).
    public func distance(from location: CLLocation) -> CLLocationDistance {
        let radians = Double.pi / 180
        let lat1 = coordinate.latitude * radians
        let lat2 = location.coordinate.latitude * radians
        let dLat = lat2 - lat1
        let dLon = (location.coordinate.longitude - coordinate.longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_000 * atan2(a.squareRoot(), (1 - a).squareRoot())
    }
}
#endif
