import Foundation
import HealthKit

/// HealthSync's files, each written atomically (to a temporary name, then renamed), so a kill at any instruction
/// leaves every file whole — the old one or the new one:
///
/// - `anchors/TYPE.anchor`: the `HKQueryAnchor` the server acknowledged last, archived with `NSKeyedArchiver`
///   (secure coding); written only after the server's reply to the batch that reached it.
/// - `backfill/TYPE.json`: how far back the backfill has reached (newest first), and whether it is done.
/// - `outbox/NNNNNNNNNN.json`: a batch built and not yet acknowledged, with what to save once it is.
/// - `sequence`: the next batch number; `install`: this folder's random id. Batch ids are `DEVICE-INSTALL-N`, never
///   reused — not even by a reinstalled app whose new folder starts counting again (the server would answer a reused
///   id with the old batch's reply and apply nothing).
struct SyncFolder: Sendable {
    let root: URL

    /// This folder's install id: 16 hex digits, made once from `random` when the folder is new.
    let install: String

    init(_ root: URL, random: () -> Double) throws {
        self.root = root
        for folder in ["anchors", "backfill", "outbox"] {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            // A kill during an atomic write leaves its temporary file (a dot-name beside the target; Foundation on
            // Linux writes `.dat.nosync…`). Nothing reads it; without this, each such kill would keep its bytes.
            for name in (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [] where name.hasPrefix(".")
            {
                try? FileManager.default.removeItem(at: url.appendingPathComponent(name))
            }
        }
        let file = root.appendingPathComponent("install")
        if let text = try? String(contentsOf: file, encoding: .utf8), text.utf8.count == 16 {
            install = text
        } else {
            let digits = Array("0123456789abcdef")
            let made = String((0..<16).map { _ in digits[min(15, Int(random() * 16))] })
            try Data(made.utf8).write(to: file, options: .atomic)
            install = made
        }
    }

    // MARK: Anchors

    func anchor(for type: HKSampleType) throws -> HKQueryAnchor? {
        guard let data = try? Data(contentsOf: anchorFile(type)) else { return nil }
        return try NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
    }

    func saveAnchor(_ archived: Data, for type: HKSampleType) throws {
        try archived.write(to: anchorFile(type), options: .atomic)
    }

    static func archive(_ anchor: HKQueryAnchor) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
    }

    private func anchorFile(_ type: HKSampleType) -> URL {
        root.appendingPathComponent("anchors").appendingPathComponent("\(type.identifier).anchor")
    }

    // MARK: Backfill progress

    /// How far back a type's backfill has reached: every sample starting at or after `reached` was sent (with
    /// `reached` nil: nothing yet; `done`: the whole history).
    struct Backfill: Codable, Sendable, Equatable {
        var reached: Date?
        var done: Bool
    }

    func backfill(for type: HKSampleType) -> Backfill? {
        guard let data = try? Data(contentsOf: backfillFile(type)) else { return nil }
        return try? JSONDecoder().decode(Backfill.self, from: data)
    }

    func saveBackfill(_ backfill: Backfill, for type: HKSampleType) throws {
        try JSONEncoder().encode(backfill).write(to: backfillFile(type), options: .atomic)
    }

    private func backfillFile(_ type: HKSampleType) -> URL {
        root.appendingPathComponent("backfill").appendingPathComponent("\(type.identifier).json")
    }

    // MARK: The outbox

    /// A batch waiting for the server's reply, and what its reply lets HealthSync save.
    struct Entry: Codable, Sendable {
        /// Its number (its file's name).
        var sequence: Int
        /// The type's identifier.
        var type: String
        /// The request body.
        var body: Data
        /// A live batch: the archived anchor to save after the reply.
        var anchor: Data?
        /// A backfill batch: the progress to save after the reply.
        var backfill: Backfill?
        /// Samples and deletions in it.
        var items: Int
    }

    /// Takes the next batch number (written before the batch exists, so a number is never used twice).
    func nextSequence() throws -> Int {
        let file = root.appendingPathComponent("sequence")
        let current = (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 1
        let highest = (try? entryNames().last.flatMap { Int($0.prefix(10)) }) ?? 0
        let next = max(current, highest + 1)
        try Data(String(next + 1).utf8).write(to: file, options: .atomic)
        return next
    }

    func add(_ entry: Entry) throws {
        try JSONEncoder().encode(entry).write(to: entryFile(entry.sequence), options: .atomic)
    }

    func remove(_ entry: Entry) throws {
        try FileManager.default.removeItem(at: entryFile(entry.sequence))
    }

    /// The pending batches, oldest first. A file that cannot be read (never written whole, by the atomic write) is
    /// an error, not skipped.
    func pending() throws -> [Entry] {
        let folder = root.appendingPathComponent("outbox")
        return try entryNames().map {
            try JSONDecoder().decode(Entry.self, from: Data(contentsOf: folder.appendingPathComponent($0)))
        }
    }

    /// The outbox's entry files, oldest first (their names are their zero-padded numbers).
    private func entryNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("outbox").path)
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
    }

    private func entryFile(_ sequence: Int) -> URL {
        root.appendingPathComponent("outbox").appendingPathComponent(String(format: "%010d.json", sequence))
    }
}
