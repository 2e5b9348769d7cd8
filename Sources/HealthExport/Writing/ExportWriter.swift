public import Foundation
import HealthCore
public import HealthQuery
import ZIPFoundation

/// What ``ExportWriter/write(to:)`` wrote: counts only.
public struct ExportWriteReport: Sendable, Hashable {
    /// The file written.
    public var url: URL
    /// Top-level `Record` elements by type identifier.
    public var recordsByType: [String: Int]
    /// `Correlation` elements.
    public var correlations: Int
    /// `Workout` elements.
    public var workouts: Int
    /// GPX files written for routes (zip only; a bare XML writes no side files and skips routes).
    public var routeFiles: Int
    /// Electrocardiogram CSV files written (zip only).
    public var electrocardiogramFiles = 0
    /// `ClinicalRecord` elements written with their FHIR files (zip only).
    public var clinicalRecords = 0
    /// Payload samples with no place in this form of the export: heartbeat series (an HRV record's beat list
    /// carries the export's), and electrocardiograms and clinical records in a bare `export.xml`.
    public var payloadsLeftOut = 0
    /// `ActivitySummary` elements.
    public var activitySummaries: Int
    /// Bytes of XML written.
    public var xmlBytes: Int

    /// Creates a report.
    public init(
        url: URL, recordsByType: [String: Int] = [:], correlations: Int = 0, workouts: Int = 0, routeFiles: Int = 0,
        activitySummaries: Int = 0, xmlBytes: Int = 0
    ) {
        self.url = url
        self.recordsByType = recordsByType
        self.correlations = correlations
        self.workouts = workouts
        self.routeFiles = routeFiles
        self.activitySummaries = activitySummaries
        self.xmlBytes = xmlBytes
    }

    /// The number of top-level `Record` elements.
    public var recordCount: Int { recordsByType.values.reduce(0, +) }
}

/// Writes a ``HealthStore`` as the Health app's export: `export.zip` with `apple_health_export/export.xml`
/// (the current export version's DTD header as Apple writes it), `workout-routes/*.gpx` for routes; or a bare
/// `export.xml` when the URL ends in `.xml`. ``ExportImporter`` reads it back to the same store.
///
/// The store is read page by page and the XML is streamed to a temporary file, then added to the archive:
/// nothing holds the whole document.
///
/// ```swift
/// let writer = ExportWriter(store: store, clock: clock, calendar: calendar)
/// let report = try await writer.write(to: URL(fileURLWithPath: "export.zip"))
/// report.recordCount
/// ```
public struct ExportWriter: Sendable {
    /// The store written; its identity must be privileged to write everything.
    public let store: HealthStore
    /// The clock: the `ExportDate`.
    public let clock: any HealthClock
    /// The calendar whose time zone the dates are written in (`yyyy-MM-dd HH:mm:ss ±hhmm`).
    public let calendar: Calendar

    /// Creates a writer.
    public init(store: HealthStore, clock: any HealthClock, calendar: Calendar) {
        self.store = store
        self.clock = clock
        self.calendar = calendar
    }

    /// Writes the whole store (everything the privileged identity can read) as export.zip (or bare XML if the
    /// URL ends in .xml).
    ///
    /// - Returns: What was written.
    /// - Throws: ``ExportError`` `.io` naming the file when it cannot be written; ``HealthError`` when the store
    ///   cannot be read.
    public func write(to url: URL) async throws -> ExportWriteReport {
        guard store.app.isPrivileged else {
            throw HealthError(.authorizationDenied, "Not authorized: only a privileged identity may export the store")
        }
        let bare = url.pathExtension.lowercased() == "xml"
        let manager = FileManager.default
        let work = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.globallyUniqueString)")
        let folder = work.appendingPathComponent("apple_health_export")
        let xml = folder.appendingPathComponent("export.xml")
        do {
            try manager.createDirectory(
                at: folder.appendingPathComponent("workout-routes"), withIntermediateDirectories: true)
            guard manager.createFile(atPath: xml.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            throw ExportError(
                code: .io, message: "cannot create a temporary file beside it", file: url.lastPathComponent)
        }
        defer { try? manager.removeItem(at: work) }
        let handle: FileHandle
        do {
            handle = try FileHandle(forWritingTo: xml)
        } catch {
            throw ExportError(code: .io, message: "cannot write", file: url.lastPathComponent)
        }
        var document = ExportDocumentWriter(
            out: XMLOutput(handle: handle, timeZone: calendar.timeZone), routeFolder: bare ? nil : folder,
            report: ExportWriteReport(url: url))
        do {
            try await writeDocument(&document)
            document.out.flushBuffer()
            try handle.close()
        } catch {
            try? handle.close()
            throw error
        }
        document.report.xmlBytes = document.out.bytesWritten
        if bare {
            try replace(url, with: xml)
        } else {
            let zip = work.appendingPathComponent("export.zip")
            try archive(zip, from: work, sideFiles: document.sideFiles)
            try replace(url, with: zip)
        }
        return document.report
    }

    /// Streams the store into the document: header, samples page by page (``HealthStore/history(after:limit:includeCorrelationMembers:)``),
    /// activity summaries, footer.
    private func writeDocument(_ document: inout ExportDocumentWriter) async throws {
        let characteristics = try await store.characteristics()
        document.header(
            locale: calendar.locale?.identifier ?? "en_US", exportDate: clock.now, characteristics: characteristics)
        var anchor: QueryAnchor?
        while true {
            let page = try await store.history(after: anchor, limit: 2_000)
            for sample in page.added {
                switch sample {
                case .quantity, .category: document.record(sample, indent: 1)
                case .correlation(let correlation): document.correlation(correlation)
                case .workout(let workout):
                    let routes = try await store.samples(
                        of: .workoutRoute, predicate: .associated(withWorkout: workout.uuid))
                    try document.workout(
                        workout, routes: routes.compactMap(\.workoutRoute).filter { $0.workoutUUID == workout.uuid })
                case .workoutRoute: break
                case .payload(let payload):
                    if try !document.payload(payload) { document.report.payloadsLeftOut += 1 }
                }
            }
            anchor = page.newAnchor
            if !page.hasMore { break }
        }
        let summaries = try await store.activitySummaries()
        for summary in summaries { document.activitySummary(summary) }
        document.report.activitySummaries = summaries.count
        document.footer()
    }

    /// Builds the archive: `apple_health_export/export.xml` and the side files (routes, electrocardiograms, FHIR
    /// resources), deflated.
    private func archive(_ zip: URL, from base: URL, sideFiles: [String]) throws {
        do {
            let archive = try Archive(url: zip, accessMode: .create)
            try archive.addEntry(
                with: "apple_health_export/export.xml", relativeTo: base, compressionMethod: .deflate)
            for file in sideFiles {
                try archive.addEntry(
                    with: "apple_health_export/" + file, relativeTo: base, compressionMethod: .deflate)
            }
        } catch {
            throw ExportError(code: .io, message: "cannot build the archive", file: zip.lastPathComponent)
        }
    }

    /// Moves a finished file into place, replacing what was there.
    private func replace(_ url: URL, with file: URL) throws {
        let manager = FileManager.default
        do {
            if manager.fileExists(atPath: url.path) { try manager.removeItem(at: url) }
            try manager.moveItem(at: file, to: url)
        } catch {
            throw ExportError(code: .io, message: "cannot move the export into place", file: url.lastPathComponent)
        }
    }
}
