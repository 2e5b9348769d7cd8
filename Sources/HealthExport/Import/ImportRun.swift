import Foundation
import HealthCore
import HealthQuery
import HealthStorage

/// One import run, the producer of ``HealthStore/bulkImport(options:_:)``: a thread of its own parses the
/// document, reads the routes' GPX files and validates the samples, while the storage's writer thread, which
/// calls ``run(_:)``, writes the batches. A small ``BatchQueue`` between them bounds memory.
struct ImportRun: Sendable {
    let url: URL
    let options: ExportImporter.Options
    let clock: any HealthClock
    let started: Date
    let progress: (@Sendable (ImportProgress) -> Void)?
    /// The store's validation, run on the parsing thread.
    let validator: BulkValidator

    /// What the parsing thread hands over.
    enum Item: Sendable {
        case batch(PreparedBatch, RouteNotes)
        case finished(ExportSummary)
        case failed(any Error)
    }

    /// What reading the routes' GPX files of one batch found.
    struct RouteNotes: Sendable {
        var withLocations = 0
        var issues: [ExportError] = []
        var skippedPoints = 0
    }

    /// Parses and writes everything; returns the tally for the report.
    /// - Throws: ``ExportError`` (malformed document, unreadable file, no `HealthData` root), ``StorageError``.
    func run(_ sink: HealthBulkSink) throws -> ImportTally {
        let queue = BatchQueue<Item>(capacity: options.queueDepth)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            defer { done.signal() }
            parse(into: queue)
        }
        thread.stackSize = 8 << 20
        thread.start()
        var tally = ImportTally()
        var outcome: Result<ImportTally, any Error>?
        while outcome == nil {
            guard let item = queue.pop() else {
                outcome = .failure(ExportError(code: .io, message: "the parser stopped", file: url.lastPathComponent))
                break
            }
            do {
                switch item {
                case .batch(let batch, let notes):
                    try tally.write(batch, notes: notes, to: sink)
                case .finished(let summary):
                    guard summary.hasHealthDataRoot else {
                        throw ExportError(
                            code: .notHealthExport, message: "the document's root element is not HealthData",
                            file: url.lastPathComponent)
                    }
                    if let characteristics = summary.characteristics {
                        _ = try sink.write(BulkBatch(characteristics: characteristics)) { sample, _ in sample }
                        tally.characteristicsImported = true
                    }
                    tally.summary = summary
                    outcome = .success(tally)
                case .failed(let error):
                    throw error
                }
            } catch {
                outcome = .failure(error)
            }
        }
        queue.cancel()
        done.wait()
        return try (outcome ?? .failure(ExportError(code: .io, message: "the import ended early"))).get()
    }

    /// The parsing thread's work.
    private func parse(into queue: BatchQueue<Item>) {
        let parser = ExportParser(
            options: .init(chunkSize: options.chunkSize, batchSize: options.batchSize, trackRepeats: false))
        let sideFiles = ExportSideFiles(url: url, isArchive: ExportSideFiles.isArchive(url))
        do {
            let summary = try parser.parse(fileAt: url) { batch in
                var batch = batch
                var notes = RouteNotes()
                if options.readRouteFiles, !batch.routeFiles.isEmpty { readRoutes(&batch, sideFiles, &notes) }
                try queue.push(.batch(PreparedBatch(batch, validator: validator), notes))
            } progress: { parsed in
                report(parsed)
            }
            queue.close(with: .finished(summary))
        } catch {
            queue.close(with: .failed(error))
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
