import Foundation
import HealthCore
import ZIPFoundation

/// The side files of an export: routes' GPX files and electrocardiogram CSVs, in the archive or in the folders
/// beside a bare `export.xml` (reference §8.1). Used on one thread.
final class ExportSideFiles {
    private let url: URL
    private let isArchive: Bool
    private var archive: Archive?
    private var entries: [String: Entry]?

    init(url: URL, isArchive: Bool) {
        self.url = url
        self.isArchive = isArchive
    }

    /// Whether a file starts with the zip signature.
    static func isArchive(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let signature = (try? handle.read(upToCount: 4)) ?? Data()
        return signature.elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    /// The number of electrocardiogram CSV files (`electrocardiograms/ecg_*.csv`).
    func electrocardiogramCount() -> Int {
        if isArchive {
            return (try? index())?.keys.filter(Self.isElectrocardiogram).count ?? 0
        }
        let folder = url.deletingLastPathComponent().appendingPathComponent("electrocardiograms")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { Self.isElectrocardiogram("electrocardiograms/" + $0) }.count
    }

    private static func isElectrocardiogram(_ path: String) -> Bool {
        path.hasPrefix("electrocardiograms/") && path.lowercased().hasSuffix(".csv")
    }

    /// The locations of a route's GPX file, by the path its `FileReference` gives.
    /// - Throws: ``ExportError`` `.io` (not found, unreadable) or `.notXML`, naming the file.
    func routeLocations(_ path: String) throws -> (locations: [RouteLocation], skipped: Int) {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        let data: Data
        if isArchive {
            guard let archive = try openArchive(), let entry = try index()[relative] else {
                throw ExportError(code: .io, message: "the route file is not in the archive", file: relative)
            }
            var collected = Data()
            do {
                _ = try archive.extract(entry, bufferSize: 1 << 16, skipCRC32: true) { collected.append($0) }
            } catch {
                throw ExportError(code: .io, message: "the route file cannot be inflated", file: relative)
            }
            data = collected
        } else {
            let file = url.deletingLastPathComponent().appendingPathComponent(relative)
            guard let contents = FileManager.default.contents(atPath: file.path) else {
                throw ExportError(code: .io, message: "the route file is missing or unreadable", file: relative)
            }
            data = contents
        }
        do {
            return try GPXReader.locations(in: data)
        } catch let error as ExportError {
            throw error.naming(relative)
        }
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
