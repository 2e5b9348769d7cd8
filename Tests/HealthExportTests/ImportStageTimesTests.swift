import Foundation
import HealthExport
import HealthStorageSQLite
import Testing

/// The import's stage times (issue 17, part 4): each task's spans are disjoint slices of the import, so they
/// never add up to more than its duration, and every stage that ran is seen. A clock that moves a second at every
/// read makes each measured span at least a second long.
@Suite struct ImportStageTimesTests {
    @Test func everyStageIsTimedAndEachTasksSpansFitInTheImport() async throws {
        let directory = try ImportSupport.directory()
        let (store, storage) = try ImportSupport.sqliteStore(in: directory)
        defer { try? storage.close() }
        var options = ExportImporter.Options()
        options.batchSize = 2  // several batches, so each task laps more than once
        let report = try await ImportSupport.importFile(
            try Fixture.url("v14-modern"), into: store, options: options)
        #expect(report.inserted > 4)
        let stages = report.stages
        #expect(stages.reading >= 1 && stages.validating >= 1 && stages.writing >= 1 && stages.committing >= 1)
        #expect(stages.waitingForWriter >= 0 && stages.waitingForParser >= 0)
        let parsing = stages.reading + stages.validating + stages.waitingForWriter
        let writing = stages.writing + stages.waitingForParser + stages.committing
        let importing = report.seconds - report.statisticsSeconds
        #expect(parsing <= importing, "parsing task \(parsing) s in an import of \(importing) s")
        #expect(writing <= importing, "writing task and commit \(writing) s in an import of \(importing) s")
    }
}
