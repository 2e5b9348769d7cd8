import Foundation
import HealthCore
import HealthExport
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing
import ZIPFoundation

@testable import HealthQuery

/// A clock that moves one second forward at every read, so progress rates are defined and deterministic.
final class TickingClock: HealthClock {
    private let current: Locked<Date>
    init(start: Date = Fixtures.epoch) { self.current = Locked(start) }
    var now: Date {
        current.withLock { date in
            defer { date = date.addingTimeInterval(1) }
            return date
        }
    }
}

/// Stores, files and canonical dumps for the import tests.
enum ImportSupport {
    static let calendar = Fixtures.calendar("Asia/Tokyo")

    /// A fresh temporary directory.
    static func directory() throws -> URL {
        try TestScratch.newFolder("import")
    }

    /// A store for the Health app's identity over a storage.
    static func store(_ storage: any SampleStorage) -> HealthStore {
        HealthStore(
            storage: storage, app: .healthApp, clock: TickingClock(), calendar: calendar,
            uuids: UUIDSequence(start: 1).next)
    }

    /// A store over a fresh SQLite file.
    static func sqliteStore(in directory: URL, name: String = "health.sqlite") throws -> (HealthStore, SQLiteStorage) {
        let storage = try SQLiteStorage(path: directory.appendingPathComponent(name).path)
        return (store(storage), storage)
    }

    /// Imports a file with default options.
    static func importFile(
        _ url: URL, into store: HealthStore, options: ExportImporter.Options = .init()
    ) async throws -> ImportReport {
        try await ExportImporter(store: store, clock: TickingClock(), options: options).importExport(at: url)
    }

    /// Writes a string to a file.
    static func write(_ text: String, to url: URL) throws {
        try Data(text.utf8).write(to: url)
    }

    /// Everything a store holds, in a canonical order: samples by UUID (compared as values, so dictionary
    /// order never matters), activity summaries by day, characteristics, and sources.
    struct Dump: Equatable {
        var samples: [AnySample] = []
        var summaries: [ActivitySummary] = []
        var characteristics = Characteristics()
        var sources: [String] = []

        /// The first sample that differs, for a readable failure.
        func firstDifference(from other: Dump) -> String? {
            for (mine, theirs) in zip(samples, other.samples) where mine != theirs {
                return
                    "\(ImportSupport.canonical(mine).prefix(800))\n  vs\n\(ImportSupport.canonical(theirs).prefix(800))"
            }
            if samples.count != other.samples.count { return "\(samples.count) vs \(other.samples.count) samples" }
            if summaries != other.summaries { return "summaries differ" }
            if characteristics != other.characteristics { return "characteristics differ" }
            if sources != other.sources { return "sources \(sources) vs \(other.sources)" }
            return nil
        }
    }

    /// Reads a whole store page by page.
    static func dump(_ store: HealthStore) async throws -> Dump {
        var dump = Dump()
        var anchor: Int64? = nil
        while true {
            let batch = try await store.storage.changes(
                after: anchor, matching: ChangeRequest(limit: 10_000, includeDeletions: false))
            for change in batch.changes {
                if case .added(let stored) = change { dump.samples.append(stored.sample) }
            }
            anchor = batch.newAnchor
            if !batch.hasMore { break }
        }
        dump.samples.sort { $0.uuid.uuidString < $1.uuid.uuidString }
        dump.summaries = try await store.storage.activitySummaries(from: nil, through: nil)
        dump.characteristics = try await store.storage.characteristics()
        dump.sources = try await store.storage.sources().map { "\($0.source.bundleIdentifier)=\($0.source.name)" }
            .sorted()
        return dump
    }

    /// A sample's description for failure messages (its JSON with sorted keys).
    static func canonical(_ sample: AnySample) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        let data: Data?
        switch sample {
        case .quantity(let value): data = try? encoder.encode(value)
        case .category(let value): data = try? encoder.encode(value)
        case .correlation(let value): data = try? encoder.encode(value)
        case .workout(let value): data = try? encoder.encode(value)
        case .workoutRoute(let value): data = try? encoder.encode(value)
        case .payload(let value): data = try? encoder.encode(value)
        }
        return data.map { String(decoding: $0, as: UTF8.self) } ?? "unencodable \(sample.uuid)"
    }
}

/// Builds small zip archives in the tests from in-memory files (no committed binaries).
enum ZipFixture {
    static func write(_ url: URL, entries: [(path: String, data: Data)]) throws {
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
    }

    /// The paths and contents of an archive's file entries.
    static func read(_ url: URL) throws -> [String: Data] {
        let archive = try Archive(url: url, accessMode: .read)
        var files: [String: Data] = [:]
        for entry in archive where entry.type == .file {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            files[entry.path] = data
        }
        return files
    }
}
