import ArgumentParser
import Foundation
import HealthExport

/// `ohk import FILE`: the Health app's export into the store, all or nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import the Health app's export (export.zip or export.xml) into the store.",
        discussion: """
            On an iPhone: Health → your picture → Export All Health Data; copy export.zip here. \
            The import is all or nothing: a truncated or malformed file leaves the store unchanged \
            (exit 65, 'error: FILE:LINE:COLUMN: …'). Importing the same export again adds nothing; \
            a newer export adds what is new. A progress bar shows on a terminal (stderr); piped, the \
            import is quiet. After the commit, the merged totals of the cumulative types it touched \
            (steps, distance, energy, …) are prepared, so that 'ohk stats' answers in milliseconds.

            The summary lists records by type, samples inserted and already present, the sources, \
            workouts, and what was skipped and why. --format csv|json gives it as section,name,value \
            rows (sections: element, record, inserted, already present, samples, source, workout, \
            skipped, unknown element, disappeared, statistics prepared, issue).

            Examples:
              ohk import ~/export.zip
              ohk import ~/apple_health_export/export.xml --store /tmp/health.sqlite
              ohk import ~/export.zip --report-disappeared --format csv
            """)

    @Argument(help: "The export: export.zip as the Health app shares it, or its export.xml.")
    var file: String

    @Flag(help: "Also list samples imported earlier that this export no longer holds (they are kept).")
    var reportDisappeared = false

    @Flag(
        help: """
            Skip preparing the merged totals of the cumulative types after the import (steps, distance, \
            energy, …); the first 'ohk stats' of each then prepares them.
            """)
    var noPrepareStatistics = false

    @OptionGroup var options: StoreOptions

    func run() async throws {
        let url = try InputFile.readable(file)
        let store = try options.openStore()
        let importer = ExportImporter(
            store: store, clock: LiveEnvironment.clock,
            options: ExportImporter.Options(
                reportDisappeared: reportDisappeared, prepareStatistics: !noPrepareStatistics))
        let bar = ProgressBar.onTerminal(label: url.lastPathComponent)
        var progress: (@Sendable (ImportProgress) -> Void)?
        if let bar { progress = { bar.update($0) } }
        let report: ImportReport
        do {
            report = try await importer.importExport(at: url, progress: progress)
            bar?.finish()
        } catch let error as ExportError {
            bar?.finish()
            throw InputFile.badInput(error, path: file)
        } catch {
            bar?.finish()
            throw error
        }
        print(ImportSummary(path: file, report: report).render(options.format))
    }
}
