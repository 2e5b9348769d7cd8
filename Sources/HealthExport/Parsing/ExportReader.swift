public import Foundation

/// Reads a Health export (a bare `export.xml` or the `export.zip` archive) one batch at a time, on demand.
///
/// Pull-based: the document is scanned only within calls to ``next()``, so a caller can hand each batch on
/// asynchronously (the importer awaits the storage between batches) without a thread of its own. The document is
/// read in chunks (1 MiB by default); an archive's document is inflated a few chunks ahead on a thread of the
/// reader's own (``ExportParser/Options/inflateAhead``), which stops when the reader is dropped. It is never held
/// in memory.
///
/// ```swift
/// let reader = try ExportReader(url: exportZip)
/// while let batch = try reader.next() {
///     try await store.save(batch.samples)
///     print(reader.progress.recordsRead)
/// }
/// reader.summary?.recordCount
/// ```
public final class ExportReader {
    private let url: URL
    private let options: ExportParser.Options
    private var source: ChunkSource
    private var session: Session
    private var ready: [ExportBatch] = []
    private var readyIndex = 0
    /// The name errors carry: the file, or `export.zip/apple_health_export/export.xml` inside an archive.
    private let documentName: String
    /// What ``next()`` threw: once it has thrown, it throws the same again (the document is not read further, so
    /// what came before an error is never completed into a whole export).
    private var failure: (any Error)?
    /// What the export held, once ``next()`` has returned nil.
    public private(set) var summary: ExportSummary?
    /// Called after every chunk read (and once at the end), from within ``next()``.
    public var onProgress: ((ExportParser.Progress) -> Void)?

    /// Opens an export: a zip archive (recognised by its signature; the document inside is found by its content)
    /// or a bare XML document.
    ///
    /// - Throws: ``ExportError`` naming the file: `.io` (unreadable, damaged archive), `.missingExport` (a zip
    ///   without a `HealthData` document).
    public init(url: URL, options: ExportParser.Options = ExportParser.Options()) throws {
        self.url = url
        self.options = options
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw ExportError(code: .io, message: "cannot open \(url.lastPathComponent)", file: url.lastPathComponent)
        }
        let signature = (try? handle.read(upToCount: 4)) ?? Data()
        if signature.elementsEqual([0x50, 0x4B, 0x03, 0x04]) {
            let (entry, directory) = try Self.exportEntry(in: url, handle: handle)
            try? handle.close()
            try options.limits.check(entry, name: url.lastPathComponent + "/" + entry.path)
            let depth = options.inflateAhead
            let reader = try ZipEntryReader(
                url: url, entry: entry, directory: directory, chunkSize: options.chunkSize,
                buffers: depth > 0 ? depth + 2 : 1)
            source = depth > 0 ? .prefetched(ZipEntryPrefetcher(reader: reader, depth: depth)) : .zip(reader)
            documentName = url.lastPathComponent + "/" + entry.path
            session = Session(options: options, totalBytes: Int(exactly: entry.uncompressedSize))
        } else {
            try? handle.seek(toOffset: 0)
            let total = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? nil
            source = .file(handle)
            documentName = url.lastPathComponent
            session = Session(options: options, totalBytes: total)
        }
    }

    deinit {
        switch source {
        case .file(let handle): try? handle.close()
        case .prefetched(let prefetcher): prefetcher.abandon()
        case .zip: break
        }
    }

    /// How far reading has come.
    public var progress: ExportParser.Progress { session.progress }

    /// The next batch of samples in document order, or nil once the document has ended (``summary`` is set then).
    ///
    /// - Throws: ``ExportError`` naming the file (and line and column for malformed XML); after that, the same
    ///   error at every call.
    public func next() throws -> ExportBatch? {
        if let failure { throw failure }
        do {
            while true {
                if readyIndex < ready.count {
                    defer { readyIndex += 1 }
                    return ready[readyIndex]
                }
                ready.removeAll(keepingCapacity: true)
                readyIndex = 0
                if summary != nil { return nil }
                if let chunk = try source.nextChunk(options.chunkSize, name: documentName) {
                    try session.feed(chunk, batch: { ready.append($0) }, progress: { onProgress?($0) })
                } else {
                    summary = try session.finish(batch: { ready.append($0) }, progress: { onProgress?($0) })
                }
            }
        } catch let error as ExportError {
            let named = error.naming(documentName)
            failure = named
            throw named
        } catch {
            failure = error
            throw error
        }
    }

    /// The entry holding the export document, found by content: names ending in .xml first, shallowest first;
    /// the first file whose first bytes contain `<HealthData` or `<!DOCTYPE HealthData`. `__MACOSX/` entries,
    /// `.DS_Store` and `._*` files are ignored.
    private static func exportEntry(
        in url: URL, handle: FileHandle
    ) throws -> (ZipDirectory.Entry, ZipDirectory) {
        let directory = try ZipDirectory(handle: handle, name: url.lastPathComponent)
        let candidates = directory.entries.filter { entry in
            guard !entry.isDirectory else { return false }
            let name = entry.path.split(separator: "/").last.map(String.init) ?? entry.path
            return !entry.path.hasPrefix("__MACOSX/") && !entry.path.contains("/__MACOSX/") && name != ".DS_Store"
                && !name.hasPrefix("._")
        }
        let ordered = candidates.sorted { lhs, rhs in
            let left = (lhs.path.lowercased().hasSuffix(".xml") ? 0 : 1, lhs.path.split(separator: "/").count)
            let right = (rhs.path.lowercased().hasSuffix(".xml") ? 0 : 1, rhs.path.split(separator: "/").count)
            return left < right
        }
        for entry in ordered where isExportDocument(entry, url: url, directory: directory) {
            return (entry, directory)
        }
        throw ExportError(
            code: .missingExport, message: "the archive holds no HealthData document", file: url.lastPathComponent)
    }

    private static func isExportDocument(_ entry: ZipDirectory.Entry, url: URL, directory: ZipDirectory) -> Bool {
        guard let reader = try? ZipEntryReader(url: url, entry: entry, directory: directory, chunkSize: 16_384) else {
            return false
        }
        // A damaged entry: decide on what could be read.
        let head = (try? reader.next()) ?? Data()
        let text = String(decoding: head.prefix(16_384), as: UTF8.self)
        return text.contains("<HealthData") || text.contains("<!DOCTYPE HealthData")
    }
}

/// Where a document's bytes come from.
private enum ChunkSource {
    case file(FileHandle)
    case zip(ZipEntryReader)
    /// An archive's entry inflated ahead on its own thread (``ExportParser/Options/inflateAhead``).
    case prefetched(ZipEntryPrefetcher)

    func nextChunk(_ size: Int, name: String) throws -> Data? {
        switch self {
        case .file(let handle):
            let chunk: Data
            do { chunk = try handle.read(upToCount: size) ?? Data() } catch {
                throw ExportError(code: .io, message: "cannot read \(name)")
            }
            return chunk.isEmpty ? nil : chunk
        case .zip(let reader):
            return try reader.next()
        case .prefetched(let prefetcher):
            return try prefetcher.next()
        }
    }
}
