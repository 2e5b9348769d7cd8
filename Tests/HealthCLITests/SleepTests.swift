import Foundation
import Testing

/// `ohk sleep` against the generator's ground truth: every night, in bed, asleep, each stage and awake.
@Suite struct SleepTests {
    @Test func everyNightEqualsTheTruth() throws {
        let (export, truth) = try ExportFiles.generate("export.zip")
        let store = try OHKProcess.temporaryStore()
        let tz = truth.generator.hk_time_zone
        let imported = try OHKProcess.run(["import", export, "--store", store], environment: ["TZ": tz])
        #expect(imported.status == 0, "\(imported.stderr)")
        let result = try OHKProcess.run(["sleep", "--store", store, "--format", "json"], environment: ["TZ": tz])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        var nights: [String: [String: Any]] = [:]
        for row in rows { if let night = row["night"] as? String { nights[night] = row } }
        #expect(Set(nights.keys) == Set(truth.sleep.per_night.keys), "one row per night, filed under the wake-up day")
        #expect(truth.sleep.per_night.values.contains { !$0.watch_worn }, "the fixture has a phone-only night")
        for (day, expected) in truth.sleep.per_night {
            let row = try #require(nights[day])
            func seconds(_ column: String) -> Double { ((row[column] as? Double) ?? .nan) * 60 }
            // Minutes with two decimals: within 0.6 s of the truth's seconds.
            let pairs: [(String, Double)] = [
                ("in bed min", expected.in_bed_seconds), ("asleep min", expected.asleep_seconds),
                ("awake min", expected.awake_seconds), ("core min", expected.stages_seconds["AsleepCore"] ?? 0),
                ("deep min", expected.stages_seconds["AsleepDeep"] ?? 0),
                ("rem min", expected.stages_seconds["AsleepREM"] ?? 0),
            ]
            for (column, truthSeconds) in pairs {
                #expect(
                    abs(seconds(column) - truthSeconds) <= 0.6,
                    "\(day) \(column): \(seconds(column)) s vs \(truthSeconds) s")
            }
            if !expected.watch_worn {
                #expect(
                    seconds("in bed min") > 0 && seconds("asleep min") == 0, "\(day): a phone-only night is in bed only"
                )
            }
        }
        let june = try OHKProcess.run(
            ["sleep", "--store", store, "--format", "csv", "--from", "2100-01-01"], environment: ["TZ": tz])
        #expect(june.status == 0)
        #expect(june.stdout.split(separator: "\n").count == 1, "only the header when no night is in the window")
    }
}
