import Foundation
import Testing

/// `ohk import` end to end: generated exports against their ground truth, hand-written ones with exact answers.
@Suite struct ImportTests {
    static func run(_ arguments: [String], store: String, tz: String = "Asia/Tokyo") throws -> OHKProcess.Result {
        try OHKProcess.run(arguments + ["--store", store], environment: ["TZ": tz])
    }

    /// `section,name → value` of `ohk import --format csv`.
    static func sections(_ output: String) -> [String: [String: String]] {
        var result: [String: [String: String]] = [:]
        for row in CSVRows(output).rows where row.count == 3 { result[row[0], default: [:]][row[1]] = row[2] }
        return result
    }

    @Test func aGeneratedExportImportsToTheTruth() throws {
        let (export, truth) = try ExportFiles.generate("export.zip")
        let store = try OHKProcess.temporaryStore()
        let tz = truth.generator.hk_time_zone
        let imported = try Self.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.isEmpty, "no progress bar when stderr is not a terminal")
        let summary = Self.sections(imported.stdout)
        for element in ["Record", "Correlation", "Workout", "WorkoutRoute", "FileReference", "ActivitySummary"] {
            #expect(summary["element"]?[element] == truth.counts.elements[element].map(String.init), "\(element)")
        }
        #expect(
            summary["element"]?["Record_in_correlation"]
                == truth.counts.elements["Record_in_correlation"].map(String.init))
        #expect(summary["record"] == truth.counts.records_by_type.mapValues(String.init))
        let inserted = try #require(summary["samples"]?["inserted"].flatMap { Int($0) })
        #expect(inserted > 0)
        #expect(summary["statistics prepared"]?["HKQuantityTypeIdentifierStepCount"] != nil, "steps were prepared")
        #expect(summary["statistics prepared"]?["HKQuantityTypeIdentifierHeartRate"] == nil, "discrete: never")

        let stats = try Self.run(["stats", "steps", "--by", "day", "--format", "csv"], store: store, tz: tz)
        #expect(stats.status == 0, "\(stats.stderr)")
        let table = CSVRows(stats.stdout)
        #expect(table.header == ["day", "unit", "sum"])
        let daily = table.lastValueByFirstColumn
        #expect(Set(daily.keys) == Set(truth.steps.per_day.filter { $0.value.dedup > 0 }.keys))
        for (day, expected) in truth.steps.per_day {
            #expect(abs((daily[day] ?? 0) - expected.dedup) < 0.01, "\(day): merged steps as the truth has them")
        }

        let again = try Self.run(["import", export, "--format", "csv"], store: store, tz: tz)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.sections(again.stdout)["samples"]?["inserted"] == "0")
        #expect(Self.sections(again.stdout)["samples"]?["already present"] == String(inserted))
        let human = try Self.run(["import", export], store: store, tz: tz)
        #expect(human.stdout.contains("Imported \(export)"))
        #expect(human.stdout.contains("0 samples inserted, \(inserted) already present"))
        #expect(human.stdout.contains("Sources:") && human.stdout.contains("Jane’s Apple Watch"))
        #expect(human.stdout.contains("Workouts:"))
    }

    @Test func phoneAndWatchStepsMergeByPriority() throws {
        let folder = try ExportFiles.folder()
        let path = folder.appendingPathComponent("export.xml").path
        let body = [
            ExportFiles.steps(ExportFiles.phone, "2025-06-29 12:00:00 +0900", "2025-06-29 12:10:00 +0900", 40),
            ExportFiles.steps(ExportFiles.phone, "2025-06-30 08:00:00 +0900", "2025-06-30 09:00:00 +0900", 100),
            ExportFiles.steps(ExportFiles.watch, "2025-06-30 08:30:00 +0900", "2025-06-30 09:00:00 +0900", 80),
        ].joined(separator: "\n")
        try Data(ExportFiles.document(body).utf8).write(to: URL(fileURLWithPath: path))
        let store = try OHKProcess.temporaryStore()
        let imported = try Self.run(["import", path], store: store)
        #expect(imported.status == 0, "\(imported.stderr)")
        let merged = try Self.run(["stats", "steps", "--format", "csv"], store: store)
        #expect(merged.stdout == "day,unit,sum\n2025-06-29,count,40\n2025-06-30,count,130\n")
        let phoneFirst = try Self.run(
            ["stats", "steps", "--format", "csv", "--source-order", "Jane's iPhone"], store: store)
        #expect(phoneFirst.stdout == "day,unit,sum\n2025-06-29,count,40\n2025-06-30,count,100\n")
        let utc = try Self.run(["stats", "steps", "--by", "hour", "--format", "csv"], store: store, tz: "UTC")
        #expect(utc.stdout == "hour,unit,sum\n2025-06-29 03:00,count,40\n2025-06-29 23:00,count,130\n")
    }

    @Test func samplesNoLongerInTheExportAreReported() throws {
        let folder = try ExportFiles.folder()
        let records = [
            ExportFiles.steps(ExportFiles.phone, "2025-06-28 08:00:00 +0900", "2025-06-28 08:10:00 +0900", 10),
            ExportFiles.steps(ExportFiles.phone, "2025-06-29 08:00:00 +0900", "2025-06-29 08:10:00 +0900", 20),
            ExportFiles.steps(ExportFiles.phone, "2025-06-30 08:00:00 +0900", "2025-06-30 08:10:00 +0900", 30),
        ]
        let first = folder.appendingPathComponent("first.xml")
        let second = folder.appendingPathComponent("second.xml")
        try Data(ExportFiles.document(records.joined(separator: "\n")).utf8).write(to: first)
        try Data(ExportFiles.document(records.dropFirst().joined(separator: "\n")).utf8).write(to: second)
        let store = try OHKProcess.temporaryStore()
        #expect(try Self.run(["import", first.path], store: store).status == 0)
        let report = try Self.run(["import", second.path, "--report-disappeared", "--format", "csv"], store: store)
        #expect(report.status == 0, "\(report.stderr)")
        let summary = Self.sections(report.stdout)
        #expect(summary["disappeared"] == ["HKQuantityTypeIdentifierStepCount": "1"])
        #expect(summary["samples"]?["inserted"] == "0")
        #expect(summary["samples"]?["already present"] == "2")
        #expect(try Self.run(["samples", "steps", "--count"], store: store).stdout == "3\n", "kept")
        let without = try Self.run(["import", second.path, "--format", "csv"], store: store)
        #expect(Self.sections(without.stdout)["disappeared"] == nil)
    }

    @Test func theProgressBarShowsOnATerminalOnly() throws {
        let (export, _) = try ExportFiles.generate("export.zip", seed: 5)
        let store = try OHKProcess.temporaryStore()
        let result = try PseudoTerminal.runWithTerminalStderr(["import", export, "--store", store])
        #expect(result.status == 0, "\(result.terminal)")
        #expect(result.terminal.contains("importing export.zip"))
        #expect(result.terminal.contains("records"))
        #expect(result.terminal.contains("%"))
        #expect(!result.terminal.contains("error"))
        #expect(result.stdout.contains("Imported \(export)"))
        #expect(!result.stdout.contains("importing"), "the bar goes to stderr")
    }
}
