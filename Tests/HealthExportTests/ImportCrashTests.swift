import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A killed import leaves the store exactly as it was; the next run completes it with no duplicates.
///
/// The child is this package's `ohk-import-child` executable (built beside the test bundle, like the storage
/// crash test's `ohk-crash-writer`): it imports a generated export into a SQLite store and prints a line per
/// parsed chunk. The test kills it with SIGKILL in the middle of the import, i.e. inside the one write
/// transaction with thousands of samples already written to the WAL, then reopens the store.
@Suite struct ImportCrashTests {
    static func childBinary() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("ohk-import-child") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs the child until it has printed `lines` progress lines, then kills it; returns what it printed.
    static func killChild(_ binary: URL, store: String, export: String, after lines: Int) async throws -> [String] {
        let process = Process()
        process.executableURL = binary
        process.arguments = [store, export]
        let output = Pipe()
        process.standardOutput = output
        let received = Mutex<[String]>([])
        let reader = Thread {
            var pending = Data()
            while true {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    received.withLock { $0.append(line) }
                }
            }
        }
        try process.run()
        reader.start()
        var waited = 0
        while received.withLock({ $0.filter { $0.hasPrefix("progress") }.count }) < lines, waited < 120_000,
            process.isRunning
        {
            try await Task.sleep(for: .milliseconds(5))
            waited += 5
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the import finished before it was killed")
        try await Task.sleep(for: .milliseconds(50))
        return received.withLock { $0 }
    }

    @Test(.timeLimit(.minutes(10)))  // a hang guard, generous for TSan on 2 cores
    func killedImportLeavesTheStoreUnchangedAndTheNextRunCompletesIt() async throws {
        let binary = try #require(
            Self.childBinary(),
            "ohk-import-child was not built beside the test bundle (run `swift build --build-tests`)")
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let export = directory.appendingPathComponent("export.xml")
        try GeneratedExportTests.run([
            try GeneratedExportTests.generator(), "--days", "12", "--seed", "11", "--no-truth", "--out", export.path,
            "-q",
        ])
        let path = directory.appendingPathComponent("health.sqlite").path

        // A store that already holds data, so "unchanged" is a real claim.
        var storage = try SQLiteStorage(path: path)
        _ = try await ImportSupport.importFile(try Fixture.url("v14-modern"), into: ImportSupport.store(storage))
        let before = try await ImportSupport.dump(ImportSupport.store(storage))
        let anchor = try await storage.currentAnchor()
        try storage.close()

        for lines in [2, 6] {
            let printed = try await Self.killChild(binary, store: path, export: export.path, after: lines)
            #expect(printed.filter { $0.hasPrefix("progress") }.count >= lines)
            #expect(!printed.contains { $0.hasPrefix("done") })
            storage = try SQLiteStorage(path: path)
            #expect(try storage.integrityCheck() == ["ok"])
            #expect(try await storage.currentAnchor() == anchor)
            let after = try await ImportSupport.dump(ImportSupport.store(storage))
            #expect(after == before, "killed after \(lines) chunks: \(after.firstDifference(from: before) ?? "")")
            try storage.close()
        }

        storage = try SQLiteStorage(path: path)
        defer { try? storage.close() }
        let store = ImportSupport.store(storage)
        let reference = try await ImportSupport.importFile(export, into: ImportSupport.store(InMemoryStorage()))
        let completed = try await ImportSupport.importFile(export, into: store)
        #expect(completed.inserted == reference.inserted)
        #expect(completed.inserted > 10_000)
        #expect(completed.alreadyPresent == 0)
        #expect(try await storage.count(matching: .noCorrelation) == before.samples.count - 2 + reference.inserted)
        let again = try await ImportSupport.importFile(export, into: store)
        #expect(again.inserted == 0)
        #expect(again.alreadyPresent == reference.inserted)
    }
}
