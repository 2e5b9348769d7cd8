import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

/// Import → export → import gives the same store.
@Suite("Export round trip")
struct ExportRoundTripTests {
    @Test func generatedExportSurvivesExportAndReimport() async throws {
        let (url, truth) = try GeneratedExportTests.generate("export.zip")
        let directory = url.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (original, originalStorage) = try ImportSupport.sqliteStore(in: directory, name: "original.sqlite")
        defer { try? originalStorage.close() }
        _ = try await ImportSupport.importFile(url, into: original)

        let exported = directory.appendingPathComponent("again.zip")
        let written = try await ExportWriter(store: original, clock: TickingClock(), calendar: ImportSupport.calendar)
            .write(to: exported)
        #expect(
            written.recordCount == (truth.counts.elements["Record"] ?? 0)
                - (truth.counts.elements["Record_in_correlation"] ?? 0))
        #expect(written.workouts == truth.counts.elements["Workout"])
        #expect(written.routeFiles == truth.counts.elements["FileReference"])
        #expect(written.activitySummaries == truth.counts.elements["ActivitySummary"])

        let copy = ImportSupport.store(InMemoryStorage())
        let report = try await ImportSupport.importFile(exported, into: copy)
        #expect(report.issues.isEmpty, "\(report.issues.prefix(3))")
        #expect(report.skippedCount == 0, "\(report.skipped)")
        let before = try await ImportSupport.dump(original)
        let after = try await ImportSupport.dump(copy)
        #expect(after == before, "\(after.firstDifference(from: before) ?? "")")
    }
}
