import Foundation
import Testing

/// Broken exports: one clear line naming the file, a non-zero status, and the store as it was.
@Suite struct BadInputTests {
    struct Snapshot: Equatable {
        var count: String
        var steps: String
        var workouts: String
    }

    static func snapshot(_ store: String) throws -> Snapshot {
        Snapshot(
            count: try ImportTests.run(["samples", "all", "--count"], store: store).stdout,
            steps: try ImportTests.run(["stats", "steps", "--by", "day", "--format", "csv"], store: store).stdout,
            workouts: try ImportTests.run(["workouts", "--format", "csv"], store: store).stdout)
    }

    @Test func brokenFilesAreOneLineErrorsAndLeaveTheStoreUnchanged() throws {
        let (zip, _) = try ExportFiles.generate("export.zip")
        let (xml, _) = try ExportFiles.generate("export.xml", seed: 4)
        let store = try OHKProcess.temporaryStore()
        #expect(try ImportTests.run(["import", xml], store: store).status == 0)
        let before = try Self.snapshot(store)
        #expect(before.count != "0\n")

        let folder = try ExportFiles.folder()
        func file(_ name: String, _ data: Data) throws -> String {
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            return url.path
        }
        let zipBytes = try Data(contentsOf: URL(fileURLWithPath: zip))
        let xmlBytes = try Data(contentsOf: URL(fileURLWithPath: xml))
        let noExport = folder.appendingPathComponent("photos.zip").path
        try ExportFiles.zip(["readme.txt": Data("holiday photos\n".utf8)], to: noExport)
        let cases: [(path: String, status: Int32, hasPosition: Bool)] = [
            (try file("truncated.zip", zipBytes.prefix(zipBytes.count / 2)), 65, false),
            (try file("truncated.xml", xmlBytes.prefix(xmlBytes.count * 3 / 5)), 65, true),
            (try file("notes.txt", Data("These are my notes, not an export.\n".utf8)), 65, false),
            (try file("empty.xml", Data()), 65, false),
            (noExport, 65, false),
            (folder.appendingPathComponent("missing.zip").path, 66, false),
        ]
        for (path, status, hasPosition) in cases {
            let result = try ImportTests.run(["import", path], store: store)
            #expect(result.status == status, "\(path): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(path)"), "names the file: \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            if hasPosition {
                #expect(
                    result.stderr.contains(
                        try Regex("^error: \(NSRegularExpression.escapedPattern(for: path)):[0-9]+:[0-9]+: ")),
                    "line and column: \(result.stderr)")
            }
            #expect(try Self.snapshot(store) == before, "\(path): the store is unchanged")
        }
    }
}
