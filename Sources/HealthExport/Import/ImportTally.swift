import Foundation
import HealthCore
import HealthQuery

/// What an import run wrote, counted by the writing task: the raw material of ``ImportReport``.
struct ImportTally: Sendable {
    var summary = ExportSummary()
    var inserted = 0
    var alreadyPresent = 0
    var insertedByType: [String: Int] = [:]
    var alreadyPresentByType: [String: Int] = [:]
    var renamed = 0
    var workouts = 0
    var routesWithLocations = 0
    var activitySummaries = 0
    var characteristicsImported = false
    var skipped: [ExportSummary.Skip: Int] = [:]
    var issues: [ExportError] = []
    var issueCount = 0
    /// Where the two tasks' time went (``ImportStageTimes``); the importer adds the commit's.
    var stages = ImportStageTimes()
    /// When the producer handed its last batch over (the commit starts then).
    var producerEnded: Date?

    /// Writes one prepared batch: everything but routes first, then the routes, renamed after their workout when
    /// the workout was a repeat (routes name their workout), and dropped when their workout was rejected.
    mutating func write(_ batch: PreparedBatch, notes: ImportRun.SideFileNotes, to sink: HealthBulkSink) async throws {
        routesWithLocations += notes.withLocations
        for issue in notes.issues { note(issue) }
        if notes.skippedPoints > 0 {
            let key = ExportSummary.Skip(element: "trkpt", reason: "route point without coordinates or time")
            skipped[key, default: 0] += notes.skippedPoints
        }
        if notes.droppedClinicalRecords > 0 {
            let key = ExportSummary.Skip(element: "ClinicalRecord", reason: "its FHIR resource file did not read")
            skipped[key, default: 0] += notes.droppedClinicalRecords
        }
        let plain = batch.plain
        let plainLines = batch.plainLines
        let routes = batch.routes
        let rename: @Sendable (AnySample, Int) -> AnySample = { sample, _ in ExportIdentity.renamed(sample) }
        let outcomes = try await sink.write(batch.validated, reidentify: rename)
        activitySummaries += batch.validated.valid.activitySummaries.count
        var renamedWorkouts: [UUID: UUID] = [:]
        var rejectedWorkouts: Set<UUID> = []
        var run = TypeRun()
        defer { run.flush(into: &self) }
        for (index, outcome) in outcomes.enumerated() {
            let sample = plain[index]
            if Self.isRenamed(sample, outcome) { renamed += 1 }
            count(sample, outcome, line: index < plainLines.count ? plainLines[index] : 0, run: &run)
            guard sample.workout != nil else { continue }
            switch outcome {
            case .inserted(let uuid), .alreadyPresent(let uuid):
                if uuid != sample.uuid { renamedWorkouts[sample.uuid] = uuid }
            case .rejected:
                rejectedWorkouts.insert(sample.uuid)
            }
        }
        if !routes.isEmpty {
            var kept: [AnySample] = []
            var keptLines: [Int] = []
            var positions: [UUID: Int] = [:]
            for (route, line) in routes {
                var route = route
                guard let parent = route.workoutUUID, !rejectedWorkouts.contains(parent) else {
                    skip("WorkoutRoute", "its workout was not imported")
                    continue
                }
                let position = positions[parent, default: 0]
                positions[parent] = position + 1
                if let renamedParent = renamedWorkouts[parent] {
                    route.workoutUUID = renamedParent
                    route.uuid = ExportIdentity.routeUUID(workout: renamedParent, index: position)
                }
                kept.append(.workoutRoute(route))
                keptLines.append(line)
            }
            let routeOutcomes = try await sink.write(BulkBatch(samples: kept), reidentify: rename)
            for (index, outcome) in routeOutcomes.enumerated() {
                if Self.isRenamed(kept[index], outcome) { renamed += 1 }
                count(kept[index], outcome, line: keptLines[index], run: &run)
            }
        }
    }

    /// Whether the sink gave a sample another identity (it repeated one met earlier in the import).
    private static func isRenamed(_ sample: AnySample, _ outcome: HealthBulkOutcome) -> Bool {
        switch outcome {
        case .inserted(let uuid), .alreadyPresent(let uuid): uuid != sample.uuid
        case .rejected: false
        }
    }

    /// A run of rows of one type, counted before it is added to the per-type tallies: the rows of a batch come
    /// by type, so the tallies' dictionaries (a string hash each) are touched once per run, not once per row.
    private struct TypeRun {
        var type = ""
        var inserted = 0
        var alreadyPresent = 0

        mutating func flush(into tally: inout ImportTally) {
            if inserted > 0 { tally.insertedByType[type, default: 0] += inserted }
            if alreadyPresent > 0 { tally.alreadyPresentByType[type, default: 0] += alreadyPresent }
            inserted = 0
            alreadyPresent = 0
        }

        /// Counts under `type`, ending the current run first when the type differs.
        mutating func start(_ type: String, in tally: inout ImportTally) {
            guard type != self.type else { return }
            flush(into: &tally)
            self.type = type
        }
    }

    private mutating func count(_ sample: AnySample, _ outcome: HealthBulkOutcome, line: Int, run: inout TypeRun) {
        switch outcome {
        case .inserted:
            inserted += 1
            run.start(sample.sampleType.identifier, in: &self)
            run.inserted += 1
        case .alreadyPresent:
            alreadyPresent += 1
            run.start(sample.sampleType.identifier, in: &self)
            run.alreadyPresent += 1
        case .rejected(let issues):
            let rules = Set(issues.map(\.rule.rawValue)).sorted().joined(separator: ", ")
            let element = Self.element(of: sample)
            skip(element, "invalid (\(rules))")
            note(ExportError(code: .invalidElement, message: "\(element): breaks \(rules); not imported", line: line))
            return
        }
        if sample.workout != nil { workouts += 1 }
    }

    private mutating func skip(_ element: String, _ reason: String) {
        skipped[ExportSummary.Skip(element: element, reason: reason), default: 0] += 1
    }

    private mutating func note(_ issue: ExportError) {
        issueCount += 1
        if issues.count < ExportSummary.maximumIssues { issues.append(issue) }
    }

    /// The element a sample came from, as reports name it.
    static func element(of sample: AnySample) -> String {
        switch sample {
        case .quantity, .category: "Record(\(sample.sampleType.identifier))"
        case .correlation: "Correlation(\(sample.sampleType.identifier))"
        case .workout: "Workout"
        case .workoutRoute: "WorkoutRoute"
        case .payload(let payload):
            switch payload.payload {
            case .heartbeats: "HeartRateVariabilityMetadataList"
            case .electrocardiogram: "electrocardiograms/*.csv"
            case .clinicalRecord: "ClinicalRecord(\(sample.sampleType.identifier))"
            }
        }
    }
}

/// A parser batch made ready for the writer on the parsing task: the routes set apart (they name their
/// workout's final UUID, known only once it is written) and everything else validated
/// (``BulkValidator``), so the writing task only writes.
struct PreparedBatch: Sendable {
    /// The samples other than routes, as parsed, with their lines.
    var plain: [AnySample]
    var plainLines: [Int]
    /// The routes, with their lines.
    var routes: [(route: WorkoutRoute, line: Int)]
    /// `plain` and the activity summaries, validated.
    var validated: ValidatedBulkBatch

    init(_ batch: ExportBatch, validator: BulkValidator) {
        var plain = batch.samples
        var plainLines = batch.lines
        var routes: [(route: WorkoutRoute, line: Int)] = []
        if batch.routeFiles.count > 0 || batch.samples.contains(where: { $0.workoutRoute != nil }) {
            plain = []
            plainLines = []
            for (index, sample) in batch.samples.enumerated() {
                let line = index < batch.lines.count ? batch.lines[index] : 0
                if let route = sample.workoutRoute {
                    routes.append((route, line))
                } else {
                    plain.append(sample)
                    plainLines.append(line)
                }
            }
        }
        self.plain = plain
        self.plainLines = plainLines
        self.routes = routes
        self.validated = validator.validate(BulkBatch(samples: plain, activitySummaries: batch.activitySummaries))
    }
}
