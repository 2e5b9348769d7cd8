import Foundation
import Testing

/// `ohk export` then `ohk import` into a fresh store gives the same data.
@Suite struct RoundTripTests {
    @Test(arguments: ["backup.zip", "backup.xml"])
    func exportThenImportGivesTheSameStore(name: String) throws {
        let (export, _) = try ExportFiles.generate("export.zip")
        let first = try OHKProcess.temporaryStore()
        #expect(try ImportTests.run(["import", export], store: first).status == 0)
        let backup = try ExportFiles.folder().appendingPathComponent(name).path
        let written = try ImportTests.run(["export", backup], store: first)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("Wrote \(backup)"))
        let refused = try ImportTests.run(["export", backup], store: first)
        #expect(refused.status == 73)
        #expect(refused.stderr.hasPrefix("error: \(backup): already exists"))

        let second = try OHKProcess.temporaryStore()
        let imported = try ImportTests.run(["import", backup], store: second)
        #expect(imported.status == 0, "\(imported.stderr)")
        for query in [
            ["samples", "all", "--count"], ["samples", "steps", "--count"],
            ["stats", "steps", "--by", "day", "--format", "csv"],
            ["stats", "heart-rate", "--by", "day", "--format", "csv"],
            ["stats", "weight", "--by", "day", "--format", "csv"],
            ["workouts", "--format", "csv"],
        ] {
            let original = try ImportTests.run(query, store: first)
            let copy = try ImportTests.run(query, store: second)
            #expect(original.status == 0 && !original.stdout.isEmpty)
            #expect(copy.stdout == original.stdout, "\(query.joined(separator: " "))")
        }
    }
}
