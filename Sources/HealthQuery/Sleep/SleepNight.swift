public import Foundation
public import HealthCore

/// One night of sleep as the Health app shows it: filed under the day it ends (the wake-up day), with time in bed
/// and time asleep kept apart, each stage's time, and time awake — every interval counted once, however many
/// sources (a phone's in-bed, a watch's stages, another app's) recorded it.
public struct SleepNight: Sendable, Hashable {
    /// The local day the night ends on.
    public var day: CalendarDay
    /// The first and last instant of the night's samples (any value).
    public var start: Date
    /// The end of the night's last sample.
    public var end: Date
    /// The first in-bed instant, if anything recorded in bed.
    public var inBedStart: Date?
    /// The last in-bed instant.
    public var inBedEnd: Date?
    /// Seconds in bed: the union of every source's in-bed intervals.
    public var inBed: TimeInterval
    /// Seconds asleep: the union of every asleep interval (core, deep, REM, unspecified) of every source.
    public var asleep: TimeInterval
    /// Seconds of core sleep.
    public var core: TimeInterval
    /// Seconds of deep sleep.
    public var deep: TimeInterval
    /// Seconds of REM sleep.
    public var rem: TimeInterval
    /// Seconds asleep with no stage (older devices and apps), where no source recorded a stage.
    public var unspecified: TimeInterval
    /// Seconds awake during the night, where no source recorded sleep.
    public var awake: TimeInterval

    /// Creates a night.
    public init(
        day: CalendarDay, start: Date, end: Date, inBedStart: Date?, inBedEnd: Date?, inBed: TimeInterval,
        asleep: TimeInterval, core: TimeInterval, deep: TimeInterval, rem: TimeInterval,
        unspecified: TimeInterval, awake: TimeInterval
    ) {
        self.day = day
        self.start = start
        self.end = end
        self.inBedStart = inBedStart
        self.inBedEnd = inBedEnd
        self.inBed = inBed
        self.asleep = asleep
        self.core = core
        self.deep = deep
        self.rem = rem
        self.unspecified = unspecified
        self.awake = awake
    }
}
