import ArgumentParser
import Foundation
import HealthExport

/// `ohk export FILE`: the store as the Health app's export.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the store as the Health app's export: export.zip (or a bare export.xml).",
        discussion: """
            FILE ending in .zip gets the Health app's layout (apple_health_export/export.xml and \
            workout-routes/*.gpx); ending in .xml, the bare document. 'ohk import' reads either back. \
            An existing FILE is left alone (exit 73) unless --force is given.

            Examples:
              ohk export ~/backup.zip
              ohk export /tmp/export.xml --store /tmp/health.sqlite --force
            """)

    @Argument(help: "The file to write (.zip or .xml).")
    var file: String

    @Flag(help: "Replace FILE if it exists.")
    var force = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        let suffix = URL(fileURLWithPath: file).pathExtension.lowercased()
        guard suffix == "zip" || suffix == "xml" else {
            throw ValidationError("\(file): the file name must end in .zip or .xml")
        }
    }

    func run() async throws {
        let url = URL(fileURLWithPath: file)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError(.cannotCreate, "\(file): the folder \(folder) does not exist")
        }
        if FileManager.default.fileExists(atPath: file) {
            guard force else { throw CLIError(.cannotCreate, "\(file): already exists; pass --force to replace it") }
            do { try FileManager.default.removeItem(at: url) } catch {
                throw CLIError(.cannotCreate, "\(file): cannot be replaced")
            }
        }
        let store = try options.openExistingStore()
        let writer = ExportWriter(store: store, clock: LiveEnvironment.clock, calendar: LiveEnvironment.calendar)
        let report: ExportWriteReport
        do {
            report = try await writer.write(to: url)
        } catch let error as ExportError {
            try? FileManager.default.removeItem(at: url)  // no partial export is left behind
            throw CLIError(.cannotCreate, InputFile.badInput(error, path: file).message)
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        var table = TableWriter(columns: ["section", "name", "value"])
        for (type, count) in report.recordsByType.sorted(by: { $0.key < $1.key }) {
            table.append(["record", type, String(count)])
        }
        for (name, count) in [
            ("Record", report.recordCount), ("Correlation", report.correlations), ("Workout", report.workouts),
            ("ActivitySummary", report.activitySummaries), ("route file", report.routeFiles),
            ("XML bytes", report.xmlBytes),
        ] {
            table.append(["element", name, String(count)])
        }
        guard options.format == .table else {
            print(table.render(options.format))
            return
        }
        print(
            """
            Wrote \(file): \(report.recordCount) records of \(report.recordsByType.count) types, \
            \(report.correlations) correlations, \(report.workouts) workouts, \(report.routeFiles) route files, \
            \(report.activitySummaries) activity summaries (\(report.xmlBytes) bytes of XML).
            """)
    }
}
