import Foundation
import HealthCore
import HealthQuery

/// One import run, the producer of ``HealthStore/bulkImport(options:_:)``: a task of its own parses the document,
/// reads the routes' GPX files and validates the samples, while the run's own task writes the batches through the
/// sink. A small ``BatchQueue`` between them bounds memory; neither ever blocks a thread (the parser suspends when
/// it is ahead, the writer while the storage writes), so parsing overlaps writing on two cores.
struct ImportRun: Sendable {
    let url: URL
    let options: ExportImporter.Options
    let clock: any HealthClock
    let started: Date
    let progress: (@Sendable (ImportProgress) -> Void)?
    /// The store's validation, run on the parsing task.
    let validator: BulkValidator

    /// What reading the routes' GPX files of one batch found.
    struct RouteNotes: Sendable {
        var withLocations = 0
        var issues: [ExportError] = []
        var skippedPoints = 0
    }

    /// A batch made ready by the parsing task.
    struct Ready: Sendable {
        var batch: PreparedBatch
        var notes: RouteNotes
    }

    /// Parses and writes everything; returns the tally for the report.
    /// - Throws: ``ExportError`` (malformed document, unreadable file, no `HealthData` root), ``HealthError``
    ///   (storage), `CancellationError`.
    func run(_ sink: HealthBulkSink) async throws -> ImportTally {
        let queue = BatchQueue<Ready>(capacity: options.queueDepth)
        return try await withThrowingTaskGroup(of: ExportSummary.self) { group in
            group.addTask { try await parse(into: queue) }
            var tally = ImportTally()
            do {
                while let ready = try await queue.receive() {
                    try await tally.write(ready.batch, notes: ready.notes, to: sink)
                }
            } catch {
                queue.cancel()
                group.cancelAll()
                throw error
            }
            guard let summary = try await group.next() else {
                throw ExportError(code: .io, message: "the parser stopped", file: url.lastPathComponent)
            }
            guard summary.hasHealthDataRoot else {
                throw ExportError(
                    code: .notHealthExport, message: "the document's root element is not HealthData",
                    file: url.lastPathComponent)
            }
            if let characteristics = summary.characteristics {
                _ = try await sink.write(BulkBatch(characteristics: characteristics)) { sample, _ in sample }
                tally.characteristicsImported = true
            }
            tally.summary = summary
            return tally
        }
    }

    /// The parsing task's work: read, prepare and queue every batch; the summary at the end.
    private func parse(into queue: BatchQueue<Ready>) async throws -> ExportSummary {
        do {
            var parserOptions = ExportParser.Options(
                chunkSize: options.chunkSize, batchSize: options.batchSize, trackRepeats: false)
            parserOptions.limits = options.limits
            let reader = try ExportReader(url: url, options: parserOptions)
            reader.onProgress = { report($0) }
            let sideFiles = ExportSideFiles(url: url, isArchive: ExportSideFiles.isArchive(url))
            while let next = try reader.next() {
                try Task.checkCancellation()
                var batch = next
                var notes = RouteNotes()
                if options.readRouteFiles, !batch.routeFiles.isEmpty { readRoutes(&batch, sideFiles, &notes) }
                try await queue.send(Ready(batch: PreparedBatch(batch, validator: validator), notes: notes))
            }
            queue.finish()
            return reader.summary ?? ExportSummary()
        } catch {
            queue.fail(error)
            throw error
        }
    }

    /// Fills routes' locations from their GPX files.
    private func readRoutes(_ batch: inout ExportBatch, _ sideFiles: ExportSideFiles, _ notes: inout RouteNotes) {
        var positions: [UUID: Int] = [:]
        for (index, sample) in batch.samples.enumerated() where sample.workoutRoute != nil {
            positions[sample.uuid] = index
        }
        for reference in batch.routeFiles {
            guard let index = positions[reference.routeUUID], var route = batch.samples[index].workoutRoute,
                route.locations.isEmpty
            else { continue }
            do {
                let (locations, skipped) = try sideFiles.routeLocations(reference.path)
                route.locations = locations
                batch.samples[index] = .workoutRoute(route)
                notes.withLocations += 1
                notes.skippedPoints += skipped
            } catch let error as ExportError {
                let line = index < batch.lines.count ? batch.lines[index] : 0
                notes.issues.append(
                    ExportError(
                        code: error.code, message: "WorkoutRoute: \(error.message); imported without locations",
                        line: line, file: error.file))
            } catch {
                notes.issues.append(ExportError(code: .io, message: "WorkoutRoute: the route file is unreadable"))
            }
        }
    }

    /// Reports progress with rates from the clock.
    private func report(_ parsed: ExportParser.Progress) {
        guard let progress else { return }
        let elapsed = clock.now.timeIntervalSince(started)
        var value = ImportProgress(
            bytesRead: parsed.bytesRead, totalBytes: parsed.totalBytes, recordsRead: parsed.recordsRead)
        if elapsed > 0 {
            value.recordsPerSecond = Double(parsed.recordsRead) / elapsed
            if let total = parsed.totalBytes, parsed.bytesRead > 0 {
                let bytesPerSecond = Double(parsed.bytesRead) / elapsed
                value.estimatedSecondsRemaining = Double(max(0, total - parsed.bytesRead)) / bytesPerSecond
            }
        }
        progress(value)
    }
}
