import Foundation
import HealthCore
import ZIPFoundation

/// The side files of an export: routes' GPX files, electrocardiogram CSVs and clinical records' FHIR resources, in
/// the archive or in the folders
/// beside a bare `export.xml` (reference §8.1). Used on one thread.
final class ExportSideFiles {
    private let url: URL
    private let isArchive: Bool
    /// Whether a bare document's side files are read from the folders beside it (else it has none).
    private let readsBesideDocument: Bool
    private var archive: Archive?
    private var entries: [String: Entry]?

    init(url: URL, isArchive: Bool, readsBesideDocument: Bool = true) {
        self.url = url
        self.isArchive = isArchive
        self.readsBesideDocument = readsBesideDocument
    }

    /// Whether a file starts with the zip signature.
    static func isArchive(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let signature = (try? handle.read(upToCount: 4)) ?? Data()
        return signature.elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    /// The electrocardiogram CSV files (`electrocardiograms/*.csv`), as paths below the export folder, sorted.
    func electrocardiogramPaths() -> [String] {
        if isArchive {
            guard let entries = try? index() else { return [] }
            // The index holds each entry under its full path and under its path below the export folder.
            return Set(entries.keys.filter(Self.isElectrocardiogram)).sorted()
        }
        guard readsBesideDocument else { return [] }
        let folder = url.deletingLastPathComponent().appendingPathComponent("electrocardiograms")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.map { "electrocardiograms/" + $0 }.filter(Self.isElectrocardiogram).sorted()
    }

    private static func isElectrocardiogram(_ path: String) -> Bool {
        path.hasPrefix("electrocardiograms/") && path.lowercased().hasSuffix(".csv")
    }

    /// The locations of a route's GPX file, by the path its `FileReference` gives.
    /// - Throws: ``ExportError`` `.io` (not found, unreadable) or `.notXML`, naming the file.
    func routeLocations(_ path: String) throws -> (locations: [RouteLocation], skipped: Int) {
        let relative = try Self.confined(path)
        let data = try read(relative, what: "route file", limit: Self.maxSideFileBytes)
        do {
            return try GPXReader.locations(in: data)
        } catch let error as ExportError {
            throw error.naming(relative)
        }
    }

    /// The bytes of a side file at a path below the export folder (already confined), at most `limit` bytes.
    /// - Throws: ``ExportError`` `.io` naming the file: not found, too large, not inflatable, outside the folder.
    func read(_ relative: String, what: String, limit: Int) throws -> Data {
        guard isArchive else { return try readInsideFolder(relative, what: what, limit: limit) }
        guard let archive = try openArchive(), let entry = try index()[relative] else {
            throw ExportError(code: .io, message: "the \(what) is not in the archive", file: relative)
        }
        guard entry.uncompressedSize <= UInt64(limit) else {
            throw ExportError(
                code: .io, message: "the \(what) is larger than \(Self.megabytes(limit)); not read", file: relative)
        }
        var collected = Data()
        do {
            _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: true) { chunk in
                guard collected.count + chunk.count <= limit else { throw SideFileTooLarge() }
                collected.append(chunk)
            }
        } catch is SideFileTooLarge {
            throw ExportError(
                code: .io, message: "the \(what) is larger than \(Self.megabytes(limit)); not read", file: relative)
        } catch {
            throw ExportError(code: .io, message: "the \(what) cannot be inflated", file: relative)
        }
        return collected
    }

    private struct SideFileTooLarge: Error {}

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes >> 10) KB"
    }

    /// The largest side file read (a day-long GPX at one point a second is about 20 MB).
    static let maxSideFileBytes = 256 << 20

    /// A `FileReference` path as a path below the export folder: `/workout-routes/x.gpx` → `workout-routes/x.gpx`.
    /// Paths with `..`, `.`, empty or NUL components, backslashes or of more than 1,024 bytes leave (or may leave)
    /// the export and are refused, naming the reference (never its full text).
    /// - Throws: ``ExportError`` `.io`.
    static func confined(_ path: String) throws -> String {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        let leaves =
            relative.utf8.count > 1_024 || relative.isEmpty || relative.contains("\\") || relative.contains("\u{0}")
            || components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
        guard !leaves else {
            throw ExportError(
                code: .io, message: "the FileReference path leaves the export folder; not read",
                file: String(relative.prefix(80)))
        }
        return relative
    }

    /// A side file of a bare `export.xml`: a regular file below its folder once symbolic links are resolved — not
    /// a device, a FIFO or a link out of the export — and not larger than ``maxSideFileBytes``.
    private func readInsideFolder(_ relative: String, what: String, limit: Int) throws -> Data {
        guard readsBesideDocument else {
            throw ExportError(
                code: .io, message: "the \(what) is not read: this document came without its folder", file: relative)
        }
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().standardizedFileURL.path
        let file = url.deletingLastPathComponent().appendingPathComponent(relative).resolvingSymlinksInPath()
            .standardizedFileURL
        guard file.path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/") else {
            throw ExportError(
                code: .io, message: "the \(what) is a link out of the export folder; not read", file: relative)
        }
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path) else {
            throw ExportError(code: .io, message: "the \(what) is missing or unreadable", file: relative)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw ExportError(code: .io, message: "the \(what) is not a regular file; not read", file: relative)
        }
        if let size = attributes[.size] as? NSNumber, size.intValue > limit {
            throw ExportError(
                code: .io, message: "the \(what) is larger than \(Self.megabytes(limit)); not read",
                file: relative)
        }
        guard let contents = FileManager.default.contents(atPath: file.path) else {
            throw ExportError(code: .io, message: "the \(what) is missing or unreadable", file: relative)
        }
        return contents
    }

    private func openArchive() throws -> Archive? {
        if let archive { return archive }
        do {
            let opened = try Archive(url: url, accessMode: .read)
            archive = opened
        } catch {
            throw ExportError(code: .io, message: "cannot open the archive", file: url.lastPathComponent)
        }
        return archive
    }

    /// Archive entries by their path below the export folder (`workout-routes/…`), and by their full path.
    private func index() throws -> [String: Entry] {
        if let entries { return entries }
        var result: [String: Entry] = [:]
        if let archive = try openArchive() {
            for entry in archive where entry.type == .file && !entry.path.hasPrefix("__MACOSX/") {
                result[entry.path] = entry
                let parts = entry.path.split(separator: "/", maxSplits: 1)
                if parts.count == 2, result[String(parts[1])] == nil { result[String(parts[1])] = entry }
            }
        }
        entries = result
        return result
    }
}
