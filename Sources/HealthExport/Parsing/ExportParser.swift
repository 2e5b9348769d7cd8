public import Foundation
import HealthCore

/// Reads a Health export (a bare `export.xml` or the `export.zip` archive) as a stream of batches.
///
/// The document is read in chunks (1 MiB by default) through ``XMLScanner`` and ``ExportRecordMapper``; it is
/// never held in memory. Batches are handed to a callback as they fill; the summary comes back at the end.
///
/// ```swift
/// let parser = ExportParser()
/// let summary = try parser.parse(fileAt: exportURL) { batch in
///     try store.save(batch.samples)
/// } progress: { progress in
///     print(progress.bytesRead, progress.recordsRead)
/// }
/// summary.recordCount
/// ```
public struct ExportParser: Sendable {
    /// Tuning.
    public struct Options: Sendable, Hashable {
        /// Bytes read per chunk.
        public var chunkSize: Int
        /// Items per batch (a batch is delivered once a chunk brings it to this size, and at the end).
        public var batchSize: Int
        /// Document bytes per batch: a batch is also delivered once the chunks that filled it come to this many
        /// bytes (4 MiB by default), whatever its item count. A record's memory grows with its text (a heartbeat
        /// series' beats, a workout's events, long metadata), so a run of heavy records makes smaller batches and a
        /// batch's memory stays bounded by the bytes it was read from. Plain records (about 400 bytes each) fill
        /// ``batchSize`` first.
        public var batchBytes = 4 << 20
        /// Whether exact duplicates get distinct UUIDs in the parser (about 16 bytes of memory per distinct record;
        /// see ``ExportRecordMapper/init(trackRepeats:)``). The importer turns it off.
        public var trackRepeats: Bool
        /// The reader's bounds (tag size, nesting, elements and metadata per top-level element).
        public var limits = ExportLimits()
        /// Chunks of an archive's document inflated ahead, on a thread of the reader's own, while the scanner
        /// reads the ones before (2 by default: inflating and its checksum then use the second core, for
        /// `inflateAhead + 2` chunks of memory). 0 inflates each chunk when the scanner asks for it, on the
        /// caller's thread. A bare XML file is always read when asked.
        public var inflateAhead = 2
        /// Whether plain records are read in one pass (``ExportRecordMapper/readsPlainRecordsInOnePass``; on by
        /// default). Off, the output is the same, more slowly: tests and the fuzzer compare the two.
        package var readsPlainRecordsInOnePass = true

        /// Creates options.
        public init(chunkSize: Int = 1 << 20, batchSize: Int = 4_096, trackRepeats: Bool = true) {
            self.chunkSize = max(1, chunkSize)
            self.batchSize = max(1, batchSize)
            self.trackRepeats = trackRepeats
        }
    }

    /// How far parsing has come.
    public struct Progress: Sendable, Hashable {
        /// XML bytes read.
        public var bytesRead: Int
        /// The XML's total size, when known.
        public var totalBytes: Int?
        /// Top-level records read.
        public var recordsRead: Int
    }

    /// The options.
    public var options: Options

    /// Creates a parser.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses a file: a zip archive (recognised by its signature) or a bare XML document.
    ///
    /// - Parameters:
    ///   - url: The `export.zip` or `export.xml`.
    ///   - batch: Receives the output in document order; may throw to stop.
    ///   - progress: Called after every chunk.
    /// - Returns: What the export held and what was skipped.
    /// - Throws: ``ExportError`` when the file is unreadable or the XML is malformed, or what `batch` throws.
    public func parse(
        fileAt url: URL, batch: (ExportBatch) throws -> Void, progress: (Progress) -> Void = { _ in }
    ) throws -> ExportSummary {
        try withoutActuallyEscaping(progress) { progress in
            let reader = try ExportReader(url: url, options: options)
            reader.onProgress = progress
            defer { reader.onProgress = nil }
            while let next = try reader.next() { try batch(next) }
            return reader.summary ?? ExportSummary()
        }
    }

    /// Parses a document given as a sequence of chunks (for example from a network stream).
    ///
    /// - Throws: ``ExportError`` when the XML is malformed, or what `batch` throws.
    public func parse(
        chunks: some Sequence<Data>, batch: (ExportBatch) throws -> Void, progress: (Progress) -> Void = { _ in }
    ) throws -> ExportSummary {
        var session = Session(options: options, totalBytes: nil)
        for chunk in chunks { try session.feed(chunk, batch: batch, progress: progress) }
        return try session.finish(batch: batch, progress: progress)
    }

    /// Parses a whole in-memory document and returns every batch merged into one (for small exports and tests).
    ///
    /// - Throws: ``ExportError`` when the XML is malformed.
    public func parse(data: Data) throws -> (batch: ExportBatch, summary: ExportSummary) {
        var merged = ExportBatch()
        let chunks = stride(from: 0, to: data.count, by: options.chunkSize).map {
            data.subdata(in: (data.startIndex + $0)..<(data.startIndex + min(data.count, $0 + options.chunkSize)))
        }
        let summary = try parse(chunks: chunks) { batch in
            merged.samples += batch.samples
            merged.lines += batch.lines
            merged.activitySummaries += batch.activitySummaries
            merged.routeFiles += batch.routeFiles
            merged.clinicalFiles += batch.clinicalFiles
        }
        return (merged, summary)
    }
}

/// One parse: the scanner, the mapper and the batching between them.
struct Session {
    let options: ExportParser.Options
    let totalBytes: Int?
    var scanner: XMLScanner
    var mapper: ExportRecordMapper
    /// Where the document stood when the last batch was handed on (``ExportParser/Options/batchBytes``).
    var batchStart = 0

    init(options: ExportParser.Options, totalBytes: Int?) {
        self.options = options
        self.totalBytes = totalBytes
        self.scanner = XMLScanner(maxTagBytes: options.limits.maxTagBytes, maxDepth: options.limits.maxDepth)
        self.mapper = ExportRecordMapper(trackRepeats: options.trackRepeats)
        mapper.limits.maxDescendants = options.limits.maxDescendants
        mapper.limits.maxMetadataEntries = options.limits.maxMetadataEntries
        mapper.limits.maxDistinctSources = options.limits.maxDistinctSources
        mapper.limits.maxDistinctDevices = options.limits.maxDistinctDevices
        mapper.readsPlainRecordsInOnePass = options.readsPlainRecordsInOnePass
        // A batch is handed on after the chunk that fills it, so it overshoots by up to a chunk's records.
        mapper.batchCapacity = min(options.batchSize + options.batchSize / 2, 1 << 16)
    }

    var progress: ExportParser.Progress {
        ExportParser.Progress(
            bytesRead: scanner.bytesConsumed, totalBytes: totalBytes, recordsRead: mapper.recordsRead)
    }

    mutating func feed(
        _ chunk: Data, batch: (ExportBatch) throws -> Void, progress report: (ExportParser.Progress) -> Void
    ) throws {
        var mapper = ExportRecordMapper()
        swap(&mapper, &self.mapper)
        defer { swap(&mapper, &self.mapper) }
        try scanner.feed(chunk) { token in mapper.consume(token) }
        let read = scanner.bytesConsumed - batchStart
        if mapper.pendingCount >= options.batchSize || (mapper.pendingCount > 0 && read >= options.batchBytes) {
            batchStart = scanner.bytesConsumed
            try batch(mapper.takeBatch())
        }
        report(
            ExportParser.Progress(
                bytesRead: scanner.bytesConsumed, totalBytes: totalBytes, recordsRead: mapper.recordsRead))
    }

    mutating func finish(
        batch: (ExportBatch) throws -> Void, progress report: (ExportParser.Progress) -> Void
    ) throws -> ExportSummary {
        var mapper = ExportRecordMapper()
        swap(&mapper, &self.mapper)
        defer { swap(&mapper, &self.mapper) }
        try scanner.finish { token in mapper.consume(token) }
        mapper.finish()
        let last = mapper.takeBatch()
        if !last.isEmpty { try batch(last) }
        var summary = mapper.summary
        summary.bytesRead = scanner.bytesConsumed
        summary.recoveredAttributeNames = scanner.recoveredAttributeNames
        report(
            ExportParser.Progress(
                bytesRead: scanner.bytesConsumed, totalBytes: totalBytes, recordsRead: summary.recordCount))
        return summary
    }
}
