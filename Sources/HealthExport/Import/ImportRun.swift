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

    /// What reading the side files of one batch (GPX routes, FHIR resources, electrocardiograms) found.
    struct SideFileNotes: Sendable {
        var withLocations = 0
        var issues: [ExportError] = []
        var skippedPoints = 0
        var droppedClinicalRecords = 0
    }

    /// A batch made ready by the parsing task.
    struct Ready: Sendable {
        var batch: PreparedBatch
        var notes: SideFileNotes
    }

    /// Parses and writes everything; returns the tally for the report.
    /// - Throws: ``ExportError`` (malformed document, unreadable file, no `HealthData` root), ``HealthError``
    ///   (storage), `CancellationError`.
    func run(_ sink: HealthBulkSink) async throws -> ImportTally {
        let queue = BatchQueue<Ready>(capacity: options.queueDepth)
        return try await withThrowingTaskGroup(of: (ExportSummary, ImportStageTimes).self) { group in
            group.addTask { try await parse(into: queue) }
            var tally = ImportTally()
            var stopwatch = StageStopwatch(clock: clock)
            do {
                while let ready = try await queue.receive() {
                    tally.stages.waitingForParser += stopwatch.lap()
                    try await tally.write(ready.batch, notes: ready.notes, to: sink)
                    tally.stages.writing += stopwatch.lap()
                }
                tally.stages.waitingForParser += stopwatch.lap()
                FreedMemory.release()  // the batches' small parts, before the commit's index build
            } catch {
                queue.cancel()
                group.cancelAll()
                throw error
            }
            guard let (summary, parsing) = try await group.next() else {
                throw ExportError(code: .io, message: "the parser stopped", file: url.lastPathComponent)
            }
            tally.stages.reading = parsing.reading
            tally.stages.validating = parsing.validating
            tally.stages.waitingForWriter = parsing.waitingForWriter
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

    /// The parsing task's work: read, prepare and queue every batch; the summary and the task's stage times at
    /// the end (reading, validating, waiting for the writer).
    private func parse(into queue: BatchQueue<Ready>) async throws -> (ExportSummary, ImportStageTimes) {
        do {
            var parserOptions = ExportParser.Options(
                chunkSize: options.chunkSize, batchSize: options.batchSize, trackRepeats: false)
            parserOptions.limits = options.limits
            parserOptions.batchBytes = options.batchBytes
            parserOptions.inflateAhead = options.inflateAhead
            var stages = ImportStageTimes()
            var stopwatch = StageStopwatch(clock: clock)
            let reader = try ExportReader(url: url, options: parserOptions)
            reader.onProgress = { report($0) }
            let sideFiles = ExportSideFiles(
                url: url, isArchive: ExportSideFiles.isArchive(url),
                readsBesideDocument: options.readsSideFilesBesideDocument)
            while let next = try reader.next() {
                try Task.checkCancellation()
                var batch = next
                var notes = SideFileNotes()
                if options.readRouteFiles, !batch.routeFiles.isEmpty { readRoutes(&batch, sideFiles, &notes) }
                if !batch.clinicalFiles.isEmpty { readClinicalResources(&batch, sideFiles, &notes) }
                stages.reading += stopwatch.lap()
                let prepared = PreparedBatch(batch, validator: validator)
                stages.validating += stopwatch.lap()
                try await queue.send(Ready(batch: prepared, notes: notes))
                stages.waitingForWriter += stopwatch.lap()
            }
            var summary = reader.summary ?? ExportSummary()
            stages.reading += stopwatch.lap()
            if options.readElectrocardiograms {
                let sources = try await readElectrocardiograms(sideFiles, into: queue)
                stages.reading += stopwatch.lap()
                let known = Set(summary.sources.map(\.bundleIdentifier))
                summary.sources += sources.filter { !known.contains($0.bundleIdentifier) }
                summary.sources.sort { ($0.bundleIdentifier, $0.name) < ($1.bundleIdentifier, $1.name) }
            }
            queue.finish()
            return (summary, stages)
        } catch {
            queue.fail(error)
            throw error
        }
    }

    /// Fills routes' locations from their GPX files.
    private func readRoutes(_ batch: inout ExportBatch, _ sideFiles: ExportSideFiles, _ notes: inout SideFileNotes) {
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

    /// Completes clinical records from their FHIR files; a record whose file is missing, too large or not a FHIR
    /// resource is dropped with an issue naming the file (never its content).
    private func readClinicalResources(
        _ batch: inout ExportBatch, _ sideFiles: ExportSideFiles, _ notes: inout SideFileNotes
    ) {
        var positions: [UUID: Int] = [:]
        for (index, sample) in batch.samples.enumerated() where sample.payloadSample?.clinicalRecord != nil {
            positions[sample.uuid] = index
        }
        var dropped = IndexSet()
        for reference in batch.clinicalFiles {
            guard let index = positions[reference.recordUUID], var record = batch.samples[index].payloadSample,
                var content = record.clinicalRecord, var resource = content.fhirResource
            else { continue }
            let line = index < batch.lines.count ? batch.lines[index] : 0
            do {
                let relative = try ExportSideFiles.confined(reference.path)
                let data = try sideFiles.read(
                    relative, what: "FHIR resource file", limit: ClinicalRecordContent.maxResourceBytes)
                let read = try FHIRResourceReader.read(data, file: relative)
                resource.resourceType = read.resourceType
                resource.data = data
                content.fhirResource = resource
                if let name = read.displayName { content.displayName = name }
                record.payload = .clinicalRecord(content)
                batch.samples[index] = .payload(record)
            } catch let error as ExportError {
                dropped.insert(index)
                notes.issues.append(
                    ExportError(
                        code: error.code, message: "ClinicalRecord: \(error.message); not imported", line: line,
                        file: error.file))
            } catch {
                dropped.insert(index)
                notes.issues.append(
                    ExportError(code: .io, message: "ClinicalRecord: the FHIR resource file is unreadable"))
            }
        }
        for index in dropped.reversed() {
            batch.samples.remove(at: index)
            if index < batch.lines.count { batch.lines.remove(at: index) }
        }
        notes.droppedClinicalRecords += dropped.count
        batch.clinicalFiles = []
    }

    /// Reads `electrocardiograms/*.csv` into electrocardiogram samples, in batches after the document's. A file
    /// that does not read is an issue naming it and its line; the others import. Returns the sources they name.
    private func readElectrocardiograms(
        _ sideFiles: ExportSideFiles, into queue: BatchQueue<Ready>
    ) async throws -> [Source] {
        var resolver = ExportSourceResolver()
        var batch = ExportBatch()
        var notes = SideFileNotes()
        for path in sideFiles.electrocardiogramPaths() {
            try Task.checkCancellation()
            do {
                let data = try sideFiles.read(
                    path, what: "electrocardiogram file", limit: ElectrocardiogramCSV.maxBytes)
                let parsed = try ElectrocardiogramCSV.parse(data, file: path)
                batch.samples.append(.payload(Self.electrocardiogram(parsed, resolver: &resolver)))
                batch.lines.append(0)
            } catch let error as ExportError {
                notes.issues.append(error)
            }
            if batch.samples.count >= 64 {
                try await queue.send(Ready(batch: PreparedBatch(batch, validator: validator), notes: notes))
                batch = ExportBatch()
                notes = SideFileNotes()
            }
        }
        if !batch.samples.isEmpty || !notes.issues.isEmpty {
            try await queue.send(Ready(batch: PreparedBatch(batch, validator: validator), notes: notes))
        }
        return resolver.sources
    }

    /// The sample of a parsed electrocardiogram file: saved by the ECG app (source `ECG`, the file's software
    /// version), identified by its content like every exported sample.
    static func electrocardiogram(
        _ parsed: ElectrocardiogramCSV.Parsed, resolver: inout ExportSourceResolver
    ) -> PayloadSample {
        var key = KeyHasher()
        key.add(SampleType.electrocardiogram.identifier)
        key.add(electrocardiogramSource)
        key.add(parsed.softwareVersion ?? "")
        key.add(Int(parsed.recorded.timeIntervalSince1970))
        key.add(parsed.recording.samplingFrequency)
        key.add(parsed.recording.microvolts.count)
        for value in parsed.recording.microvolts { key.add(value) }
        let uuid = ExportIdentity.uuid(fromHash: key.value, prefix: ExportIdentity.timePrefix(parsed.recorded))
        let device = parsed.device.map { Device(name: $0) }
        var sample = PayloadSample.electrocardiogram(
            uuid: uuid, start: parsed.recorded, recording: parsed.recording, device: device)
        sample.sourceRevision = resolver.revision(
            named: electrocardiogramSource, version: parsed.softwareVersion, device: device)
        return sample
    }

    /// The source of imported electrocardiograms: the export does not name it; on the watch it is the ECG app.
    static let electrocardiogramSource = "ECG"

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
