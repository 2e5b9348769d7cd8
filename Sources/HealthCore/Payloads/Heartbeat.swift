public import Foundation

/// One heartbeat of a heartbeat series: HealthKit's `HKHeartbeatSeriesQuery` callback values.
public struct Heartbeat: Sendable, Hashable, Codable {
    /// Seconds from the series' start date to the beat; never negative, non-decreasing along a series.
    public var timeSinceSeriesStart: TimeInterval
    /// True when beats may be missing just before this one (the sensor lost contact).
    public var precededByGap: Bool

    /// Creates a heartbeat.
    public init(timeSinceSeriesStart: TimeInterval, precededByGap: Bool = false) {
        self.timeSinceSeriesStart = timeSinceSeriesStart
        self.precededByGap = precededByGap
    }

    enum CodingKeys: String, CodingKey {
        case timeSinceSeriesStart = "t"
        case precededByGap = "gap"
    }

    /// Decodes a beat; `gap` may be left out when false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeSinceSeriesStart = try container.decode(TimeInterval.self, forKey: .timeSinceSeriesStart)
        precededByGap = try container.decodeIfPresent(Bool.self, forKey: .precededByGap) ?? false
    }

    /// Encodes a beat compactly (`gap` only when true).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(timeSinceSeriesStart, forKey: .timeSinceSeriesStart)
        if precededByGap { try container.encode(true, forKey: .precededByGap) }
    }
}
