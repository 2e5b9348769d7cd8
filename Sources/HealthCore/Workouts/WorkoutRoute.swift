public import Foundation

/// One recorded location of a route (the fields of `CLLocation` a route keeps).
public struct RouteLocation: Sendable, Hashable, Codable {
    /// When the location was recorded.
    public var timestamp: Date
    /// Latitude in degrees, −90…90.
    public var latitude: Double
    /// Longitude in degrees, −180…180.
    public var longitude: Double
    /// Altitude in metres.
    public var altitude: Double
    /// Horizontal accuracy in metres (negative: invalid).
    public var horizontalAccuracy: Double
    /// Vertical accuracy in metres (negative: invalid).
    public var verticalAccuracy: Double
    /// Course in degrees from north (negative: invalid).
    public var course: Double
    /// Speed in m/s (negative: invalid).
    public var speed: Double

    /// Creates a location.
    public init(
        timestamp: Date,
        latitude: Double,
        longitude: Double,
        altitude: Double = 0,
        horizontalAccuracy: Double = 0,
        verticalAccuracy: Double = -1,
        course: Double = -1,
        speed: Double = -1
    ) {
        self.timestamp = timestamp
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.course = course
        self.speed = speed
    }
}

/// The path of a workout: HealthKit's `HKWorkoutRoute`, a series sample of locations.
public struct WorkoutRoute: HealthSample {
    /// The object's identity.
    public var uuid: UUID
    /// The workout the route belongs to, once associated.
    public var workoutUUID: UUID?
    /// The locations in timestamp order.
    public var locations: [RouteLocation]
    /// When the route starts.
    public var startDate: Date
    /// When the route ends.
    public var endDate: Date
    /// The recording hardware.
    public var device: Device?
    /// The route's metadata.
    public var metadata: Metadata
    /// The saving app's revision; set by the store.
    public var sourceRevision: SourceRevision?

    /// Creates a route spanning its locations (or `start`…`end` when given).
    public init(
        uuid: UUID,
        workoutUUID: UUID? = nil,
        locations: [RouteLocation],
        start: Date? = nil,
        end: Date? = nil,
        device: Device? = nil,
        metadata: Metadata = [:],
        sourceRevision: SourceRevision? = nil
    ) {
        let times = locations.map(\.timestamp)
        let first = start ?? times.min() ?? Date(timeIntervalSinceReferenceDate: 0)
        self.uuid = uuid
        self.workoutUUID = workoutUUID
        self.locations = locations
        self.startDate = first
        self.endDate = end ?? times.max() ?? first
        self.device = device
        self.metadata = metadata
        self.sourceRevision = sourceRevision
    }

    /// The sample type (`HKWorkoutRouteTypeIdentifier`).
    public var sampleType: SampleType { .workoutRoute }

    /// The number of locations (HealthKit's `count`).
    public var count: Int { locations.count }
}
