import Foundation
import Testing

@Suite struct WorkoutsTests {
    @Test func workoutsListTheQuickstartRuns() throws {
        let store = try StatsTests.demo.get()
        let listed = try OHKProcess.run(["workouts", "--store", store, "--format", "csv"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let table = CSVRows(listed.stdout)
        #expect(table.header == ["start", "end", "activity", "minutes", "km", "kcal", "source"])
        #expect(!table.rows.isEmpty)
        #expect(table.column("start") == table.column("start").sorted(), "oldest first")
        for row in table.rows {
            #expect((Double(row[3]) ?? 0) > 0)
            #expect(row[0] < row[1])
        }
        let count = try OHKProcess.run(["workouts", "--count", "--store", store])
        let samples = try OHKProcess.run(["samples", "workouts", "--count", "--store", store])
        #expect(count.stdout == "\(table.rows.count)\n")
        #expect(samples.stdout == count.stdout)
        let runs = CSVRows(
            try OHKProcess.run(["workouts", "--activity", "running", "--store", store, "--format", "csv"]).stdout)
        #expect(runs.rows.count == table.rows.filter { $0[2] == "running" }.count)
        let byExportName = try OHKProcess.run([
            "workouts", "--activity", "HKWorkoutActivityTypeRunning", "--store", store, "--format", "csv",
        ])
        #expect(CSVRows(byExportName.stdout).rows == runs.rows)
    }
}

@Suite struct CountTests {
    @Test func countsAgreeWithTheListings() throws {
        let store = try StatsTests.demo.get()
        for type in ["all", "steps", "heart-rate", "sleep"] {
            let count = try OHKProcess.run(["samples", type, "--count", "--store", store])
            let listed = CSVRows(try OHKProcess.run(["samples", type, "--store", store, "--format", "csv"]).stdout)
            #expect(count.stdout == "\(listed.rows.count)\n", "\(type)")
        }
        let sources = CSVRows(try OHKProcess.run(["sources", "--store", store, "--format", "csv"]).stdout)
        let total = sources.column("samples").compactMap { Int($0) }.reduce(0, +)
        #expect(try OHKProcess.run(["samples", "all", "--count", "--store", store]).stdout == "\(total)\n")
    }
}
