import Foundation
public import HealthCore

/// How far an import has come, reported through ``ExportImporter/importExport(at:progress:)``'s callback.
///
/// Rates and estimates come from the importer's injected clock.
public struct ImportProgress: Sendable, Hashable {
    /// XML bytes read (of the inflated document for a zip).
    public var bytesRead: Int
    /// The document's size, when known.
    public var totalBytes: Int?
    /// Top-level records read.
    public var recordsRead: Int
    /// Records per second since the import started; nil until time has passed.
    public var recordsPerSecond: Double?
    /// Seconds left at the current byte rate; nil while unknown.
    public var estimatedSecondsRemaining: Double?

    /// Creates a progress value.
    public init(
        bytesRead: Int, totalBytes: Int?, recordsRead: Int, recordsPerSecond: Double? = nil,
        estimatedSecondsRemaining: Double? = nil
    ) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.recordsRead = recordsRead
        self.recordsPerSecond = recordsPerSecond
        self.estimatedSecondsRemaining = estimatedSecondsRemaining
    }

    /// The fraction done (0…1), when the total is known.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(bytesRead) / Double(totalBytes))
    }
}

/// Samples imported from earlier exports that the current export no longer holds, counted by type.
public struct DisappearedSample: Sendable, Hashable, CustomStringConvertible {
    /// The sample type.
    public var sampleType: SampleType
    /// How many stored samples of that type the export no longer holds.
    public var count: Int

    /// Creates an entry.
    public init(sampleType: SampleType, count: Int) {
        self.sampleType = sampleType
        self.count = count
    }

    /// `type: count`.
    public var description: String { "\(sampleType.identifier): \(count)" }
}

/// What an import did: what the export held (``summary``), what was written, what was already there, what was
/// skipped and why, and the problems found with their lines. Counts, names and positions only: no health values.
public struct ImportReport: Sendable, Hashable {
    /// What the parser found in the export.
    public var summary: ExportSummary
    /// Samples inserted (correlations count once, with their members inside).
    public var inserted: Int
    /// Samples already in the store from an earlier import of the same data.
    public var alreadyPresent: Int
    /// Samples inserted, by type identifier.
    public var insertedByType: [String: Int]
    /// Samples already present, by type identifier.
    public var alreadyPresentByType: [String: Int]
    /// With ``ExportImporter/Options/reportDisappeared``: samples imported from earlier exports that this export
    /// no longer holds, by type (sorted by type identifier); nil when not asked for.
    public var disappeared: [DisappearedSample]?
    /// Workouts in the export (inserted or already present).
    public var workouts: Int
    /// Workout routes whose GPX file was read.
    public var routesWithLocations: Int
    /// Activity summaries written.
    public var activitySummaries: Int
    /// Whether the export's `Me` set the person's characteristics.
    public var characteristicsImported: Bool
    /// The sources of the export, each with the identifier derived from its name.
    public var sources: [Source]
    /// Everything not imported, with why and how many: the parser's skips, samples that failed validation
    /// (`Record(type)` with the broken rules), unreadable side files, electrocardiogram CSVs.
    public var skipped: [ExportSummary.Skip: Int]
    /// Problems with single elements or side files, with their line where there is one (at most
    /// ``ExportSummary/maximumIssues``).
    public var issues: [ExportError]
    /// The number of problems, including those not kept in ``issues``.
    public var issueCount: Int
    /// The store's anchor after the import.
    public var anchor: Int64
    /// Seconds the import took, by the injected clock (including ``statisticsSeconds``).
    public var seconds: Double
    /// With ``ExportImporter/Options/prepareStatistics``: the cumulative types whose merged statistics were
    /// brought up to date after the import (sorted), and the seconds that took.
    public var statisticsPrepared: [QuantityTypeIdentifier]
    /// Seconds spent preparing statistics after the import's commit.
    public var statisticsSeconds: Double
    /// Where the import's time went, stage by stage (reading, validating, writing, waiting, committing).
    public var stages: ImportStageTimes

    /// Creates an empty report around a summary.
    public init(summary: ExportSummary = ExportSummary()) {
        self.summary = summary
        self.inserted = 0
        self.alreadyPresent = 0
        self.insertedByType = [:]
        self.alreadyPresentByType = [:]
        self.disappeared = nil
        self.workouts = 0
        self.routesWithLocations = 0
        self.activitySummaries = 0
        self.characteristicsImported = false
        self.sources = []
        self.skipped = [:]
        self.issues = []
        self.issueCount = 0
        self.anchor = 0
        self.seconds = 0
        self.statisticsPrepared = []
        self.statisticsSeconds = 0
        self.stages = ImportStageTimes()
    }

    /// Samples rejected by validation or otherwise skipped, in total.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}
