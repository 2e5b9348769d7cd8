import Foundation
import HealthCore
import HealthExport

/// The output of `ohk import`: a readable summary on a table, `section,name,value` rows in CSV and JSON.
struct ImportSummary {
    var path: String
    var report: ImportReport

    /// The element counts, named as the export names them.
    var elements: [(String, Int)] {
        let summary = report.summary
        return [
            ("Record", summary.recordCount),
            ("Record_in_correlation", summary.correlationMemberRecords),
            ("Correlation", summary.correlationsByType.values.reduce(0, +)),
            ("Workout", summary.workoutCount),
            ("WorkoutRoute", summary.workoutRoutes),
            ("FileReference", summary.routeFileReferences),
            ("ActivitySummary", summary.activitySummaries),
        ]
    }

    func render(_ format: OutputFormat) -> String {
        format == .table ? text() : rows().render(format)
    }

    /// Every figure as a row: element, record (by type), inserted / already present (by type), samples
    /// (totals), source (name → bundle identifier), workout (by activity), skipped (what: why), disappeared,
    /// unknown element, statistics prepared (type → seconds the preparation took, for all types together), issue
    /// (line:column → message).
    func rows() -> TableWriter {
        var table = TableWriter(columns: ["section", "name", "value"])
        func add(_ section: String, _ entries: some Sequence<(String, Int)>) {
            for (name, count) in entries { table.append([section, name, String(count)]) }
        }
        add("element", elements)
        add("record", report.summary.recordsByType.sorted { $0.key < $1.key })
        add("inserted", report.insertedByType.sorted { $0.key < $1.key })
        add("already present", report.alreadyPresentByType.sorted { $0.key < $1.key })
        add(
            "samples",
            [
                ("inserted", report.inserted), ("already present", report.alreadyPresent),
                ("skipped", report.skippedCount), ("activity summaries", report.activitySummaries),
                ("routes with locations", report.routesWithLocations),
            ])
        for source in report.sources { table.append(["source", source.name, source.bundleIdentifier]) }
        add("workout", report.summary.workoutsByType.sorted { $0.key < $1.key })
        add("skipped", report.skipped.map { ($0.key.description, $0.value) }.sorted { $0.0 < $1.0 })
        add("unknown element", report.summary.unknownElements.sorted { $0.key < $1.key })
        if let disappeared = report.disappeared {
            add("disappeared", disappeared.map { ($0.sampleType.identifier, $0.count) })
        }
        for type in report.statisticsPrepared {
            table.append(["statistics prepared", type.rawValue, String(format: "%.3f", report.statisticsSeconds)])
        }
        for issue in report.issues {
            table.append(["issue", "\(issue.line):\(issue.column)", "\(issue.code): \(issue.message)"])
        }
        return table
    }

    /// The most rows of one list the summary prints: a hostile export can name thousands of types or sources, and
    /// the terminal gets a bounded summary (`--format json` has them all).
    static let maxRows = 40

    /// The line saying how many rows of a list were not printed, if any.
    static func more(_ count: Int) -> [String] {
        count > maxRows ? ["  … \(count - maxRows) more (--format json lists them)"] : []
    }

    /// The summary for a person.
    func text() -> String {
        let summary = report.summary
        let correlations = summary.correlationsByType.values.reduce(0, +)
        var lines = [
            "Imported \(path) in \(String(format: "%.1f", report.seconds)) s",
            "  \(report.inserted) samples inserted, \(report.alreadyPresent) already present, "
                + "\(report.skippedCount) skipped",
            "  \(summary.recordCount) records (\(summary.correlationMemberRecords) more inside \(correlations) "
                + "correlations), \(summary.workoutCount) workouts, \(summary.workoutRoutes) routes, "
                + "\(summary.activitySummaries) activity summaries",
        ]
        if !report.statisticsPrepared.isEmpty {
            lines.append(
                "  statistics prepared for \(report.statisticsPrepared.count) cumulative types in "
                    + String(format: "%.1f", report.statisticsSeconds) + " s")
        }
        lines += [
            ""
        ]
        var types = TableWriter(
            columns: ["type", "records", "inserted", "already present"],
            numeric: ["records", "inserted", "already present"])
        let identifiers = Set(summary.recordsByType.keys).union(report.insertedByType.keys)
            .union(report.alreadyPresentByType.keys)
        let named = identifiers.map { (TypeNames.displayName(SampleType(identifier: $0)), $0) }.sorted { $0 < $1 }
        for (name, identifier) in named.prefix(Self.maxRows) {
            types.append([
                name, String(summary.recordsByType[identifier] ?? 0), String(report.insertedByType[identifier] ?? 0),
                String(report.alreadyPresentByType[identifier] ?? 0),
            ])
        }
        lines.append(types.render(.table))
        lines += Self.more(named.count)
        if !report.sources.isEmpty {
            lines.append("\nSources:")
            var sources = TableWriter(columns: ["name", "bundle identifier"])
            for source in report.sources.prefix(Self.maxRows) {
                sources.append([source.name, source.bundleIdentifier])
            }
            lines.append(sources.render(.table))
            lines += Self.more(report.sources.count)
        }
        if !summary.workoutsByType.isEmpty {
            lines.append("\nWorkouts:")
            lines += summary.workoutsByType.map { (WorkoutActivityType(exportName: $0.key)?.name ?? $0.key, $0.value) }
                .sorted { $0.0 < $1.0 }.prefix(Self.maxRows).map { "  \($0.0): \($0.1)" }
            lines += Self.more(summary.workoutsByType.count)
        }
        if !report.skipped.isEmpty {
            lines.append("\nSkipped:")
            lines += report.skipped.sorted { $0.key.description < $1.key.description }.prefix(Self.maxRows).map {
                "  \($0.value)  \($0.key)"
            }
            lines += Self.more(report.skipped.count)
        }
        if let disappeared = report.disappeared {
            lines.append("\nNo longer in this export (imported earlier, kept in the store):")
            lines += disappeared.isEmpty ? ["  none"] : disappeared.map { "  \($0.sampleType.identifier): \($0.count)" }
        }
        if report.issueCount > 0 {
            lines.append("\nProblems (\(report.issueCount); the elements were skipped):")
            lines += report.issues.prefix(10).map { "  \(path):\($0.line):\($0.column): \($0.code): \($0.message)" }
            if report.issueCount > 10 { lines.append("  … \(report.issueCount - 10) more (--format csv lists them)") }
        }
        return lines.joined(separator: "\n")
    }
}
