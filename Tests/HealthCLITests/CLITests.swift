import Foundation
import Testing

@Suite(.serialized) struct CLITests {
    @Test func helpListsEveryCommandAndEachHasExamples() throws {
        let help = try OHKProcess.run(["--help"])
        #expect(help.status == 0)
        for command in [
            "quickstart", "import", "stats", "samples", "workouts", "sources", "types", "export", "serve", "server",
            "sleep",
        ] {
            #expect(help.stdout.contains(command))
            let sub = try OHKProcess.run([command, "--help"])
            #expect(sub.status == 0)
            #expect(sub.stdout.contains("Examples:"), "\(command) --help shows examples")
        }
    }

    @Test func quickstartCreatesAStoreThenLeavesItAlone() throws {
        let store = try OHKProcess.temporaryStore()
        let first = try OHKProcess.run(["quickstart", "--store", store, "--days", "7"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Created \(store)"))
        #expect(first.stdout.contains("Average daily steps"))
        let next = first.stdout.components(separatedBy: "Next:\n").last?.split(separator: "\n").first ?? ""
        #expect(next.contains("ohk stats steps --by day"), "the first suggestion is the merged daily steps: \(next)")
        #expect(FileManager.default.fileExists(atPath: store))
        let count = try OHKProcess.run(["samples", "steps", "--count", "--store", store])
        #expect(count.status == 0)
        let steps = Int(count.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        #expect(steps > 100)
        let again = try OHKProcess.run(["quickstart", "--store", store])
        #expect(again.status == 0)
        #expect(again.stdout.contains("already exists"))
        let after = try OHKProcess.run(["samples", "steps", "--count", "--store", store])
        #expect(after.stdout == count.stdout, "an existing store is left untouched")
        let sources = try OHKProcess.run(["sources", "--store", store, "--format", "csv"])
        #expect(sources.stdout.hasPrefix("name,bundle identifier,samples"))
        #expect(sources.stdout.contains("Apple Watch"))
        let weights = try OHKProcess.run(["samples", "weight", "--store", store, "--format", "json", "--limit", "2"])
        let rows = try JSONSerialization.jsonObject(with: Data(weights.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 2)
        #expect(rows?.first?["unit"] as? String == "kg")
        #expect(rows?.first?["value"] is Double, "a value is a JSON number, not text")
        let daily = try OHKProcess.run(["stats", "steps", "--by", "day", "--store", store, "--format", "json"])
        let days = try JSONSerialization.jsonObject(with: Data(daily.stdout.utf8)) as? [[String: Any]]
        #expect(days?.isEmpty == false)
        #expect(days?.allSatisfy { $0["sum"] is Double || $0["sum"] is NSNull } == true)
        #expect(!daily.stdout.contains("\"sum\" : \""), "no sum is a string")
    }

    @Test func theStoreComesFromTheEnvironmentWhenNotGiven() throws {
        let store = try OHKProcess.temporaryStore()
        let created = try OHKProcess.run(["quickstart", "--days", "2"], environment: ["OHK_STORE": store])
        #expect(created.status == 0)
        #expect(created.stdout.contains(store))
    }

    @Test func errorsAreOneLineWithANonZeroExit() throws {
        let store = try OHKProcess.temporaryStore()
        let unknown = try OHKProcess.run(["samples", "nope", "--store", store])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("unknown type 'nope'"))
        let badDate = try OHKProcess.run(["samples", "steps", "--from", "yesterday", "--store", store])
        #expect(badDate.status != 0)
        #expect(badDate.stderr.contains("--from 'yesterday' is not a date"))
        let badDays = try OHKProcess.run(["quickstart", "--days", "0", "--store", store])
        #expect(badDays.status != 0)
    }

    @Test func typesAcceptEverydayNamesAndIdentifiers() throws {
        let types = try OHKProcess.run(["types", "--format", "csv"])
        #expect(types.status == 0)
        #expect(types.stdout.contains("step-count,steps,HKQuantityTypeIdentifierStepCount"))
        #expect(
            types.stdout.contains("heart-rate,heart-rate,HKQuantityTypeIdentifierHeartRate")
                || types.stdout.contains("heart-rate,hr,HKQuantityTypeIdentifierHeartRate"))
        let store = try OHKProcess.temporaryStore()
        #expect(try OHKProcess.run(["quickstart", "--days", "1", "--store", store]).status == 0)
        var counts: Set<String> = []
        for name in ["steps", "stepCount", "step-count", "HKQuantityTypeIdentifierStepCount"] {
            let result = try OHKProcess.run(["samples", name, "--count", "--store", store])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            counts.insert(result.stdout)
        }
        #expect(counts.count == 1, "every spelling names the same type: \(counts)")
        #expect(counts.first != "0\n")
    }
}
