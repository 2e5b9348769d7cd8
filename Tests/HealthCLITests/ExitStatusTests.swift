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

    @Test func unknownCommandsAndOptionsAreUsageErrors() throws {
        for arguments in [["frobnicate"], ["samples"], ["types", "--format", "xml"]] {
            let result = try OHKProcess.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("error: "), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
    }
}
