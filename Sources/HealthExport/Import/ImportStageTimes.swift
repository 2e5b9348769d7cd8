import Foundation
import HealthQuery

/// Where an import's time went, stage by stage, by the importer's injected clock.
///
/// An import runs on two tasks that overlap (``ExportImporter``): the parsing task reads the document (inflate,
/// scan, map) and validates each batch, then hands it over through a small queue; the writing task writes each
/// batch into the store. Whichever task waits for the other most is not the bottleneck: a parser that waits long
/// for a full queue means the writer is the slower half, and the reverse. After both, the store commits (for a
/// first import it builds the deferred indexes then) and statistics are prepared, while SQLite copies its
/// write-ahead log into the database file (decision 0024).
public struct ImportStageTimes: Sendable, Hashable, Codable {
    /// Parsing task: reading the document into batches of samples (inflate, XML scanning, mapping, the side
    /// files of each batch).
    public var reading: Double
    /// Parsing task: validating each batch against the store's rules.
    public var validating: Double
    /// Parsing task: waiting for the writer to take a batch (the queue was full).
    public var waitingForWriter: Double
    /// Writing task: writing batches into the store and counting their outcomes.
    public var writing: Double
    /// Writing task: waiting for the parser's next batch (the queue was empty).
    public var waitingForParser: Double
    /// After the last batch: the store's commit, with a first import's deferred index build, until the statistics
    /// preparation starts (without it, until the store has also copied its log into the database file).
    public var committing: Double

    /// All zero.
    public init() {
        reading = 0
        validating = 0
        waitingForWriter = 0
        writing = 0
        waitingForParser = 0
        committing = 0
    }
}

/// A stopwatch on the importer's clock that adds each measured span to a stage.
struct StageStopwatch {
    let clock: any HealthClock
    private var last: Date

    init(clock: any HealthClock) {
        self.clock = clock
        self.last = clock.now
    }

    /// The seconds since the last lap (or the start), and starts the next lap.
    mutating func lap() -> Double {
        let now = clock.now
        defer { last = now }
        return max(0, now.timeIntervalSince(last))
    }
}
