import Foundation
import HealthCore

/// The attributes every sample element shares, as written.
struct SampleHeader {
    var sourceName: String?
    var sourceVersion: String?
    var device: String?
    /// The ``RecordValueCache`` generations of `sourceName`, `sourceVersion` and `device` (-1: not read through
    /// the cache).
    var sourceNameGeneration = -1
    var sourceVersionGeneration = -1
    var deviceGeneration = -1
    var start: Date?
    var end: Date?
}

/// A `Record` being read.
struct RecordDraft {
    var type = ""
    var value: String?
    /// The value already parsed, in place of ``value`` (a record the one-pass reader handed on:
    /// ``ExportRecordMapper/plainRecordChild(_:)``).
    var number: Double?
    var unit: String?
    /// The ``RecordValueCache`` generations of `type` and `unit` (-1: no such attribute).
    var typeGeneration = -1
    var unitGeneration = -1
    /// An iOS 8–9 per-day aggregate.
    var aggregate = DayAggregate()
    var header = SampleHeader()
    var metadata = Metadata()
    var beats: [String] = []
    /// The start date's UTC offset in seconds, kept for HRV records only (their beats' times of day are in it).
    var startOffset: Int?
    var line = 0
    var inCorrelation = false
}

/// An iOS 8–9 per-day aggregate as written: `min`, `max`, `average` and `recordCount` (each nil when absent).
/// Four fields, not an array: a draft is made per record and must not allocate.
struct DayAggregate {
    var minimum: String?
    var maximum: String?
    var average: String?
    var count: String?

    /// Whether none of the four was written.
    var isEmpty: Bool { minimum == nil && maximum == nil && average == nil && count == nil }
}

/// A `Correlation` being read.
struct CorrelationDraft {
    var type = ""
    var header = SampleHeader()
    var metadata = Metadata()
    var quantities: [QuantitySample] = []
    var categories: [CategorySample] = []
    /// The 64-bit folds of the members' content keys, in document order (part of the correlation's key).
    var memberFolds: [UInt64] = []
    var line = 0
}

/// A `Workout` being read.
struct WorkoutDraft {
    var workout: Workout
    var header = SampleHeader()
    var totalDistance: Quantity?
    var totalEnergy: Quantity?
    var routes: [(route: WorkoutRoute, path: String?)] = []
    var line = 0
}

/// A `WorkoutActivity` being read.
struct ActivityDraft {
    var uuid: UUID?
    var start: Date?
    var end: Date?
    var events: [WorkoutEvent] = []
    var statistics: [QuantityTypeIdentifier: WorkoutStatistics] = [:]
    var metadata = Metadata()
    var line = 0
}

/// A `WorkoutEvent` being read.
struct EventDraft {
    var event: WorkoutEvent?
    var metadata = Metadata()
}

/// A `WorkoutRoute` being read.
struct RouteDraft {
    var header = SampleHeader()
    var metadata = Metadata()
    var path: String?
    var locations: [RouteLocation] = []
    var line = 0
}

/// What an open element is, for routing its children and finishing it.
enum MapperFrame {
    case root
    case record
    /// A `Record` read in one pass (``ExportRecordMapper/startPlainRecord(_:)``).
    case plainRecord
    case correlation
    case workout
    case event
    case activity
    case route
    case heartRateVariability
    case leaf
    case skipped
}
