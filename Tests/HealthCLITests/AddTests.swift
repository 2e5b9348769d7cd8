import Foundation
import Testing

/// `ohk add`: one sample through HealthStore's validation; bad input is refused with nothing written.
@Suite struct AddTests {
    @Test func addsASampleThatTheReadCommandsSee() throws {
        let store = try OHKProcess.temporaryStore()
        let added = try OHKProcess.run(
            ["add", "steps", "1200", "--start", "2025-06-01 08:00", "--end", "2025-06-01 08:30", "--store", store])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(UUID(uuidString: added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil)
        let weight = try OHKProcess.run(["add", "weight", "160", "--unit", "lb", "--store", store])
        #expect(weight.status == 0, "\(weight.stderr)")
        let rows = try OHKProcess.run(["samples", "steps", "--format", "json", "--store", store])
        let json = try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]]
        #expect(json?.count == 1)
        #expect(json?.first?["value"] as? Double == 1200)
        #expect(try OHKProcess.run(["samples", "all", "--count", "--store", store]).stdout == "2\n")
    }

    @Test func badInputIsRefusedAndNothingIsWritten() throws {
        let store = try OHKProcess.temporaryStore()
        #expect(try OHKProcess.run(["add", "steps", "1", "--store", store]).status == 0)
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["sleep-analysis", "1"], 64, "not a quantity type"),
            (["steps", "10", "--unit", "kg"], 64, "does not measure"),
            (["steps", "10", "--unit", "parsecs"], 64, "is not a unit"),
            (["steps", "10", "--start", "yesterday"], 64, "is not a date"),
            (["steps", "10", "--start", "2025-06-01 09:00", "--end", "2025-06-01 08:00"], 65, "not saved"),
            (["steps", "--", "-5"], 65, "not saved"),  // a negative value follows "--"
        ]
        for (arguments, status, says) in cases {
            let result = try OHKProcess.run(["add", "--store", store] + arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(says), "\(arguments): \(result.stderr)")
        }
        #expect(try OHKProcess.run(["samples", "all", "--count", "--store", store]).stdout == "1\n")
    }
}
