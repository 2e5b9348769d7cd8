import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A killed import leaves the store exactly as it was; the next run completes it with no duplicates.
///
/// The child is this test binary itself (a Swift Testing exit test): it imports a generated export into a SQLite
/// store and kills itself with SIGKILL after a number of parsed chunks, i.e. inside the one write transaction
/// with thousands of samples already written to the WAL. The parent then reopens the store.
@Suite struct ImportCrashTests {
    /// The child: imports `export` into the store at `store`, killing itself after `chunks` chunks were parsed.
    static func importUntilKilled(store path: String, export: String, chunks: Int) async throws {
        let storage = try SQLiteStorage(path: path)
        let seen = Locked(0)
        let importer = ExportImporter(
            store: ImportSupport.store(storage), clock: TickingClock(), options: .init(chunkSize: 1 << 16))
        _ = try await importer.importExport(at: URL(fileURLWithPath: export)) { _ in
            let count = seen.withLock { count in
                count += 1
                return count
            }
            if count >= chunks { kill(getpid(), SIGKILL) }
        }
    }

    @Test(.timeLimit(.minutes(10)))  // a hang guard, generous for TSan on 2 cores
    func killedImportLeavesTheStoreUnchangedAndTheNextRunCompletesIt() async throws {
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

        for chunks in [2, 6] {
            await #expect(processExitsWith: .signal(SIGKILL), "the import finished before it was killed") {
                [path = path as String, export = export.path as String, chunks = chunks as Int] in
                try await ImportCrashTests.importUntilKilled(store: path, export: export, chunks: chunks)
            }
            storage = try SQLiteStorage(path: path)
            #expect(try storage.integrityCheck() == ["ok"])
            #expect(try await storage.currentAnchor() == anchor)
            let after = try await ImportSupport.dump(ImportSupport.store(storage))
            #expect(after == before, "killed after \(chunks) chunks: \(after.firstDifference(from: before) ?? "")")
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
