public import Foundation
public import HealthCore

/// What an export held and what the parser did with it: counts, sources, skipped content and problems.
///
/// Counts and positions only: no health values.
public struct ExportSummary: Sendable, Hashable {
    /// An element the parser recognises but does not import, with why.
    public struct Skip: Sendable, Hashable, CustomStringConvertible {
        /// The element name, e.g. `ClinicalRecord`, or `Record(HKDataTypeSleepDurationGoal)`.
        public var element: String
        /// Why it was skipped.
        public var reason: String

        /// Creates a skip entry.
        public init(element: String, reason: String) {
            self.element = element
            self.reason = reason
        }

        /// `element: reason`.
        public var description: String { "\(element): \(reason)" }
    }

    /// The export's `HealthData@locale`.
    public var locale: String?
    /// The export's `ExportDate`.
    public var exportDate: Date?
    /// The person's characteristics from `Me`.
    public var characteristics: Characteristics?
    /// Top-level `Record` elements by type identifier (including the copies of correlation members).
    public var recordsByType: [String: Int] = [:]
    /// `Record` elements nested in correlations.
    public var correlationMemberRecords = 0
    /// Top-level copies of correlation members that were not emitted a second time.
    public var correlationMemberCopiesSkipped = 0
    /// Records whose content key repeated an earlier one (imported, with distinct UUIDs).
    public var exactDuplicates = 0
    /// Correlations by type identifier.
    public var correlationsByType: [String: Int] = [:]
    /// Workouts by activity type export name.
    public var workoutsByType: [String: Int] = [:]
    /// Workout routes, and how many point to a GPX file.
    public var workoutRoutes = 0
    /// `FileReference` paths of routes.
    public var routeFileReferences = 0
    /// Heartbeat series made from HRV records' beat lists.
    public var heartbeatSeries = 0
    /// `ClinicalRecord` elements read (each completed from its FHIR file by the import, or dropped).
    public var clinicalRecords = 0
    /// Activity summaries (rings days).
    public var activitySummaries = 0
    /// Samples emitted (quantity, category, correlation, workout and route samples; members count inside their
    /// correlation only).
    public var samplesEmitted = 0
    /// The sources seen, sorted by bundle identifier.
    public var sources: [Source] = []
    /// Recognised elements that were skipped, with counts.
    public var skipped: [Skip: Int] = [:]
    /// Elements the parser does not know, by name.
    public var unknownElements: [String: Int] = [:]
    /// Attributes the parser does not know, as `Element@attribute`.
    public var unknownAttributes: [String: Int] = [:]
    /// Legacy attribute names with spaces that the scanner recovered.
    public var recoveredAttributeNames = 0
    /// Problems with single elements (the element was skipped), at most ``maximumIssues`` kept.
    public var issues: [ExportError] = []
    /// The number of problems, including those not kept in ``issues``.
    public var issueCount = 0
    /// Bytes of XML read.
    public var bytesRead = 0
    /// Whether the document's root element is `HealthData`.
    public var hasHealthDataRoot = false

    /// How many issues are kept.
    public static let maximumIssues = 1_000

    /// Creates an empty summary.
    public init() {}

    /// The number of top-level `Record` elements.
    public var recordCount: Int { recordsByType.values.reduce(0, +) }

    /// The number of workouts.
    public var workoutCount: Int { workoutsByType.values.reduce(0, +) }

    mutating func issue(_ message: String, element: String, line: Int, column: Int) {
        issueCount += 1
        guard issues.count < Self.maximumIssues else { return }
        issues.append(
            ExportError(code: .invalidElement, message: "\(element): \(message)", line: line, column: column))
    }

    mutating func skip(_ element: String, _ reason: String) {
        skipped[Skip(element: element, reason: reason), default: 0] += 1
    }
}

/// A reference from an imported route to its GPX side file.
/// A clinical record's FHIR resource file (`ClinicalRecord@resourceFilePath`), to be read into the record.
package struct ClinicalFileReference: Sendable, Hashable {
    /// The record's UUID.
    package var recordUUID: UUID
    /// The path as written, e.g. `/clinical-records/Observation-1A2B.json`.
    package var path: String
}

public struct RouteFileReference: Sendable, Hashable {
    /// The route sample's UUID.
    public var routeUUID: UUID
    /// The workout's UUID.
    public var workoutUUID: UUID
    /// The path as written, e.g. `/workout-routes/route_2024-01-05_7.12am.gpx` (relative to the export folder).
    public var path: String

    /// Creates a reference.
    public init(routeUUID: UUID, workoutUUID: UUID, path: String) {
        self.routeUUID = routeUUID
        self.workoutUUID = workoutUUID
        self.path = path
    }
}

/// One batch of parser output.
public struct ExportBatch: Sendable, Hashable {
    /// Samples in document order (correlations carry their members; deferred records come at the end).
    public var samples: [AnySample] = []
    /// Activity summaries.
    public var activitySummaries: [ActivitySummary] = []
    /// GPX files referenced by routes in this batch.
    public var routeFiles: [RouteFileReference] = []
    /// The document line of each sample's element, parallel to ``samples`` (for reports).
    var lines: [Int] = []
    /// The FHIR resource files of the clinical records in this batch (read by the import, which then completes
    /// or drops each record).
    package var clinicalFiles: [ClinicalFileReference] = []

    /// Creates an empty batch.
    public init() {}

    /// Whether the batch holds nothing.
    public var isEmpty: Bool { samples.isEmpty && activitySummaries.isEmpty && routeFiles.isEmpty }

    /// The number of items.
    public var count: Int { samples.count + activitySummaries.count + routeFiles.count }
}
