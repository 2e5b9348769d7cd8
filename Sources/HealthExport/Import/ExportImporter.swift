public import Foundation
import HealthCore
public import HealthQuery

/// Imports the Health app's export (`export.zip` or a bare `export.xml`) into a ``HealthStore``, all or nothing
/// per run, idempotently and incrementally.
///
/// The document is streamed (never held in memory): one task parses it while another writes the batches,
/// inside ONE storage transaction (``HealthStore/bulkImport(options:_:)``). Queries see the store
/// as it was until the import completes; a killed import leaves it unchanged and the next run completes it.
/// Exported samples carry no UUIDs, so each gets a deterministic one from its content (``ExportIdentity``):
/// importing the same export twice inserts nothing the second time, a newer export adds only what is new.
///
/// ```swift
/// let store = HealthStore(storage: sqlite, app: .healthApp, clock: clock, calendar: calendar, uuids: uuids)
/// let importer = ExportImporter(store: store, clock: clock)
/// let report = try await importer.importExport(at: URL(fileURLWithPath: "export.zip")) { progress in
///     print(progress.recordsRead, progress.estimatedSecondsRemaining ?? 0)
/// }
/// report.inserted        // new samples
/// report.alreadyPresent  // samples an earlier import already brought
/// ```
public struct ExportImporter: Sendable {
    /// Tuning and reporting.
    public struct Options: Sendable, Hashable {
        /// Items per batch handed from the parser to the writer.
        public var batchSize: Int
        /// Document bytes per batch (``ExportParser/Options/batchBytes``): with ``queueDepth``, what bounds the
        /// memory of batches in flight when records are heavy (heartbeat series, workouts).
        public var batchBytes = 4 << 20
        /// Bytes read per chunk.
        public var chunkSize: Int
        /// Chunks of an archive's document inflated ahead on a thread of the reader's own
        /// (``ExportParser/Options/inflateAhead``); 0 inflates on the parsing task's thread.
        public var inflateAhead = 2
        /// Batches the parser may run ahead of the writer (bounds memory).
        public var queueDepth: Int
        /// Whether to report stored samples imported from earlier exports that this export no longer holds.
        public var reportDisappeared: Bool
        /// Whether to read `workout-routes/*.gpx` files into the routes' locations.
        public var readRouteFiles: Bool
        /// Whether to import `electrocardiograms/*.csv` as electrocardiogram samples.
        public var readElectrocardiograms = true
        /// Whether a bare `export.xml` reads its side files (routes' GPX files, electrocardiograms, FHIR resources)
        /// from the folders beside it, as the Health app's unzipped export has them. A server importing an uploaded
        /// document sets it false: an upload is the document alone, and nothing beside it is the uploader's (an
        /// archive's side files are always read from the archive).
        public var readsSideFilesBesideDocument = true
        /// Whether to bring the merged statistics of the cumulative types the import touched up to date after
        /// it commits (``HealthStore/prepareStatistics(for:)``), so the first statistics query afterwards is
        /// fast. It costs about one read of those types' samples; the import is committed either way.
        public var prepareStatistics: Bool
        /// The reader's bounds (ExportFormat.md, "Limits"); a server importing a stranger's upload may lower them.
        public var limits = ExportLimits()

        /// Creates options.
        public init(
            batchSize: Int = 4_096, chunkSize: Int = 1 << 20, queueDepth: Int = 2, reportDisappeared: Bool = false,
            readRouteFiles: Bool = true, prepareStatistics: Bool = true
        ) {
            self.batchSize = max(1, batchSize)
            self.chunkSize = max(1, chunkSize)
            self.queueDepth = max(1, queueDepth)
            self.reportDisappeared = reportDisappeared
            self.readRouteFiles = readRouteFiles
            self.prepareStatistics = prepareStatistics
        }
    }

    /// The store imported into; its identity must be privileged (``AppIdentity/healthApp``).
    public let store: HealthStore
    /// The clock for progress rates and the report's duration.
    public let clock: any HealthClock
    /// The options.
    public let options: Options

    /// Creates an importer.
    public init(store: HealthStore, clock: any HealthClock, options: Options = Options()) {
        self.store = store
        self.clock = clock
        self.options = options
    }

    /// Imports a bare `export.xml` or an `export.zip`; all or nothing per run.
    ///
    /// - Parameters:
    ///   - url: The export.
    ///   - progress: Called as the document is read (from the parsing thread).
    /// - Returns: What was imported, skipped and found wrong.
    /// - Throws: ``ExportError`` naming the file (and line and column for malformed XML): the store is unchanged
    ///   then. ``HealthError`` when the store refuses the import (unprivileged identity, storage failure).
    public func importExport(
        at url: URL, progress: (@Sendable (ImportProgress) -> Void)? = nil
    ) async throws -> ImportReport {
        let started = clock.now
        let run = ImportRun(
            url: url, options: options, clock: clock, started: started, progress: progress,
            validator: store.bulkValidator)
        let countUnmet: (@Sendable (UUID) -> Bool)? = options.reportDisappeared ? ExportIdentity.isExportUUID : nil
        // Statistics are prepared once the import has committed, while the store copies its write-ahead log into
        // the database file (decision 0024).
        let statistics = Locked(PreparedStatistics())
        var afterCommit: (@Sendable (HealthBulkImportResult) async -> Void)?
        if options.prepareStatistics {
            afterCommit = { @Sendable [store, clock] result in
                await Self.prepareStatistics(result, store: store, clock: clock, into: statistics)
            }
        }
        let (tally, result) = try await store.bulkImport(
            options: BulkImportOptions(countUnmet: countUnmet, afterCommit: afterCommit)
        ) { sink in
            var tally = try await run.run(sink)
            tally.producerEnded = clock.now
            return tally
        }
        let prepared = statistics.withLock { $0 }
        var report = ImportReport(summary: tally.summary)
        report.stages = tally.stages
        report.stages.committing =
            tally.producerEnded.map { max(0, (prepared.started ?? clock.now).timeIntervalSince($0)) } ?? 0
        report.summary.exactDuplicates = tally.renamed
        report.inserted = tally.inserted
        report.alreadyPresent = tally.alreadyPresent
        report.insertedByType = tally.insertedByType
        report.alreadyPresentByType = tally.alreadyPresentByType
        report.workouts = tally.workouts
        report.routesWithLocations = tally.routesWithLocations
        report.activitySummaries = tally.activitySummaries
        report.characteristicsImported = tally.characteristicsImported
        report.sources = tally.summary.sources
        report.skipped = tally.summary.skipped.merging(tally.skipped, uniquingKeysWith: +)
        report.issues = Array((tally.summary.issues + tally.issues).prefix(ExportSummary.maximumIssues))
        report.issueCount = tally.summary.issueCount + tally.issueCount
        report.anchor = result.anchor
        report.disappeared = result.unmet.map { unmet in
            unmet.filter { $0.value > 0 }.map { DisappearedSample(sampleType: $0.key, count: $0.value) }
                .sorted { $0.sampleType.identifier < $1.sampleType.identifier }
        }
        report.statisticsPrepared = prepared.types
        report.statisticsSeconds = prepared.seconds
        report.seconds = max(0, clock.now.timeIntervalSince(started))
        return report
    }

    /// What ``prepareStatistics(_:store:clock:into:)`` did: when it started, the types, and its seconds.
    private struct PreparedStatistics: Sendable {
        var started: Date?
        var types: [QuantityTypeIdentifier] = []
        var seconds: Double = 0
    }

    /// Brings the merged statistics of the cumulative types an import touched up to date, one type at a time,
    /// with the pages its reads freed handed back before the next type's. The import is committed: a failure
    /// here (or cancellation) only leaves the work to the first query.
    private static func prepareStatistics(
        _ result: HealthBulkImportResult, store: HealthStore, clock: any HealthClock,
        into prepared: Locked<PreparedStatistics>
    ) async {
        let started = clock.now
        prepared.withLock { $0.started = started }
        FreedMemory.release()  // the commit's sorter, before the statistics' reads
        let touched = Set(result.touchedTypes.compactMap(\.quantityIdentifier))
        var done: [QuantityTypeIdentifier] = []
        for type in touched.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard let types = try? await store.prepareStatistics(for: [type]) else { break }
            done += types
            FreedMemory.release()
        }
        let seconds = max(0, clock.now.timeIntervalSince(started))
        prepared.withLock {
            $0.types = done
            $0.seconds = seconds
        }
    }
}
