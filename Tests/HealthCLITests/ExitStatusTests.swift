import Foundation
import Testing

@Suite struct ExitStatusTests {
    @Test func helpDocumentsTheExitStatuses() throws {
        let help = try OHKProcess.run(["--help"])
        #expect(help.status == 0)
        for line in ["0   success", "64  usage", "65  bad input", "66  no input", "70  internal", "74  the store"] {
            #expect(help.stdout.contains(line), "\(line)")
        }
    }

    @Test func aStoreThatIsNotADatabaseIsAStoreError() throws {
        let store = try OHKProcess.temporaryStore()
        try Data("this is not an SQLite database, just text that is long enough to be read".utf8).write(
            to: URL(fileURLWithPath: store))
        let result = try OHKProcess.run(["samples", "steps", "--count", "--store", store])
        #expect(result.status == 74)
        #expect(result.stderr.hasPrefix("error: \(store): cannot open the store"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aMistypedStoreIsAnErrorAndCreatesNothing() throws {
        let store = try OHKProcess.temporaryStore()
        let folder = (store as NSString).deletingLastPathComponent + "/no-such-folder"
        let mistyped = folder + "/helth.sqlite"
        for arguments in [["stats", "steps"], ["samples", "steps", "--count"], ["sources"], ["workouts"]] {
            let result = try OHKProcess.run(arguments + ["--store", mistyped])
            #expect(result.status == 66, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(mistyped)"), "\(result.stderr)")
            #expect(result.stderr.contains("ohk quickstart") && result.stderr.contains("ohk import"))
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: mistyped))
        #expect(!FileManager.default.fileExists(atPath: folder), "not even the folder is made")
    }

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        for arguments in [["frobnicate"], ["samples"], ["types", "--format", "xml"]] {
            let result = try OHKProcess.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}
