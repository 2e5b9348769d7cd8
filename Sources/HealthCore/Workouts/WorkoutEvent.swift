public import Foundation

/// The kinds of workout events: HealthKit's `HKWorkoutEventType`, an open set of raw values.
public struct WorkoutEventType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// HealthKit's raw value.
    public var rawValue: Int
    /// Creates a type from its raw value (unknown values are kept).
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A user pause; opens a paused interval.
    public static let pause = WorkoutEventType(rawValue: 1)
    /// Ends a paused interval.
    public static let resume = WorkoutEventType(rawValue: 2)
    /// A lap; laps must not overlap.
    public static let lap = WorkoutEventType(rawValue: 3)
    /// A point of interest.
    public static let marker = WorkoutEventType(rawValue: 4)
    /// A system auto-pause; opens a paused interval.
    public static let motionPaused = WorkoutEventType(rawValue: 5)
    /// Ends an auto-pause.
    public static let motionResumed = WorkoutEventType(rawValue: 6)
    /// A segment (split, interval); segments may overlap.
    public static let segment = WorkoutEventType(rawValue: 7)
    /// A pause-or-resume request received by a session.
    public static let pauseOrResumeRequest = WorkoutEventType(rawValue: 8)

    /// Every known type.
    public static let allKnown: [WorkoutEventType] = [
        .pause, .resume, .lap, .marker, .motionPaused, .motionResumed, .segment, .pauseOrResumeRequest,
    ]

    /// The case name, e.g. `"motionPaused"`, or `"unknown(N)"`.
    public var name: String {
        switch rawValue {
        case 1: "pause"
        case 2: "resume"
        case 3: "lap"
        case 4: "marker"
        case 5: "motionPaused"
        case 6: "motionResumed"
        case 7: "segment"
        case 8: "pauseOrResumeRequest"
        default: "unknown(\(rawValue))"
        }
    }

    /// The Health export spelling, e.g. `"HKWorkoutEventTypeMotionPaused"`.
    public var exportName: String {
        guard let first = name.first, WorkoutEventType.allKnown.contains(self) else {
            return "HKWorkoutEventType\(rawValue)"
        }
        return "HKWorkoutEventType" + first.uppercased() + name.dropFirst()
    }

    /// Finds the type for an export spelling.
    public init?(exportName: String) {
        guard let match = WorkoutEventType.allKnown.first(where: { $0.exportName == exportName }) else { return nil }
        self = match
    }

    /// The case name.
    public var description: String { name }

    /// True for the events that open a paused interval.
    public var opensPause: Bool { self == .pause || self == .motionPaused }

    /// True for the events that close a paused interval.
    public var closesPause: Bool { self == .resume || self == .motionResumed }
}

/// Something that happened during a workout: HealthKit's `HKWorkoutEvent`.
public struct WorkoutEvent: Sendable, Hashable, Codable {
    /// The event's kind.
    public var type: WorkoutEventType
    /// When it starts.
    public var startDate: Date
    /// When it ends (equal to the start for instantaneous events such as pause).
    public var endDate: Date
    /// The event's metadata.
    public var metadata: Metadata

    /// Creates an event over an interval.
    public init(type: WorkoutEventType, start: Date, end: Date, metadata: Metadata = [:]) {
        self.type = type
        self.startDate = start
        self.endDate = end
        self.metadata = metadata
    }

    /// Creates an instantaneous event.
    public init(type: WorkoutEventType, date: Date, metadata: Metadata = [:]) {
        self.init(type: type, start: date, end: date, metadata: metadata)
    }

    /// The event's interval.
    public var dateInterval: DateInterval { DateInterval(start: startDate, end: max(startDate, endDate)) }
}

extension [WorkoutEvent] {
    /// The active time of a workout from `start` to `end` under these events (reference §7.3).
    ///
    /// A pause or motionPaused opens a paused state if none is open; the next resume or motionResumed closes
    /// it; a pause still open at `end` lasts until `end`. Events outside `[start, end]` are clamped.
    ///
    /// ```swift
    /// // 10:00–11:00, pause 10:20, resume 10:25, motionPaused 10:40, motionResumed 10:41
    /// events.activeDuration(from: ten, to: eleven) // 3240
    /// ```
    public func activeDuration(from start: Date, to end: Date) -> TimeInterval {
        guard end > start else { return 0 }
        var paused: TimeInterval = 0
        var pauseStart: Date?
        for event in self.sorted(by: { $0.startDate < $1.startDate }) {
            let at = Swift.min(Swift.max(event.startDate, start), end)
            if event.type.opensPause, pauseStart == nil {
                pauseStart = at
            } else if event.type.closesPause, let opened = pauseStart {
                paused += at.timeIntervalSince(opened)
                pauseStart = nil
            }
        }
        if let opened = pauseStart { paused += end.timeIntervalSince(opened) }
        return end.timeIntervalSince(start) - paused
    }
}
