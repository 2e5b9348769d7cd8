import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStoragePostgres
import HealthStorageSQLite

/// Issue 5's figures: a Health export imported end to end into a fresh SQLite store through `ExportImporter`,
/// and the parse alone (`ExportParser`, nothing stored), one run per process so that `/usr/bin/time -v` around
/// the process gives the peak memory of that run alone (see `peers/run-peers.py`, which runs the peers too).
///
/// Prints the human-readable rows and one machine-readable line per run:
/// `RESULT suite=import seconds=… records=… inserted=… store_bytes=…` (or `suite=parse`).
enum ImportBenchmarks {
    /// The clock of the benchmark process (a composition root: it reads the system clock).
    static let clock = ClosureClock { Date() }  // live: composition root

    static func run(
        export: String, store: String?, parseOnly: Bool, inflateAhead: Int, chunkSize: Int, queueDepth: Int?, runs: Int,
        report: inout Report
    ) async throws {
        let url = URL(fileURLWithPath: export)
        for run in 1...max(1, runs) {
            if parseOnly {
                try parse(url, inflateAhead: inflateAhead, chunkSize: chunkSize, run: run, report: &report)
            } else {
                try await importExport(
                    url, store: store, inflateAhead: inflateAhead, chunkSize: chunkSize, queueDepth: queueDepth,
                    run: run,
                    report: &report)
            }
        }
    }

    /// Parses the export into samples (typed, with their identities) and drops them. Besides the wall time, it
    /// prints the CPU time of the thread that scanned and mapped (`scan_cpu_seconds`): with the archive inflated
    /// ahead on a thread of its own, that is the parse "from the inflated bytes" on one core.
    static func parse(_ url: URL, inflateAhead: Int, chunkSize: Int, run: Int, report: inout Report) throws {
        var samples = 0
        var options = ExportParser.Options(chunkSize: chunkSize, trackRepeats: false)
        options.inflateAhead = inflateAhead
        let start = ContinuousClock.now
        let cpuStart = threadCPUSeconds()
        let summary = try ExportParser(options: options).parse(fileAt: url) { batch in
            samples += batch.samples.count
        }
        let cpu = threadCPUSeconds() - cpuStart
        let seconds = elapsed(since: start)
        let name = "ExportParser parse-only \(url.lastPathComponent) (run \(run))"
        report.add(name, seconds: seconds, items: summary.recordCount)
        print(
            "RESULT suite=parse seconds=\(seconds) records=\(summary.recordCount) samples=\(samples) "
                + "scan_cpu_seconds=\(cpu) inflate_ahead=\(inflateAhead)")
    }

    /// The calling thread's CPU time so far (`CLOCK_THREAD_CPUTIME_ID`).
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Imports the export into a fresh SQLite store: open, import (one transaction), close (WAL checkpoint); with a
    /// `postgres://` store, into a new person of that database (the run's person name is made unique).
    static func importExport(
        _ url: URL, store: String?, inflateAhead: Int, chunkSize: Int, queueDepth: Int?, run: Int,
        report: inout Report
    ) async throws {
        var importOptions = ExportImporter.Options(chunkSize: chunkSize)
        importOptions.inflateAhead = inflateAhead
        if let queueDepth { importOptions.queueDepth = max(1, queueDepth) }
        if let store, store.hasPrefix("postgres://") {
            let person = "import-\(UUID().uuidString.prefix(8).lowercased())-\(run)"
            let storage = try PostgresStorage(url: store + "?person=\(person)&sslmode=disable")
            try await storage.prepare()
            let start = ContinuousClock.now
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let uuids: @Sendable () -> UUID = { UUID() }  // live: composition root
            let healthStore = HealthStore(
                storage: storage, app: .healthApp, clock: clock, calendar: calendar, uuids: uuids)
            let imported = try await ExportImporter(store: healthStore, clock: clock, options: importOptions)
                .importExport(at: url)
            let seconds = elapsed(since: start)
            let records = imported.summary.recordCount
            report.add(
                "ExportImporter → PostgresStorage \(url.lastPathComponent) (run \(run))", seconds: seconds,
                items: records)
            printStages(imported.stages, statistics: imported.statisticsSeconds)
            print(
                "RESULT suite=import-postgres seconds=\(seconds) records=\(records) inserted=\(imported.inserted) "
                    + "statistics_seconds=\(imported.statisticsSeconds) " + stageFields(imported.stages))
            return
        }
        let dir = try temporaryDirectory("import")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = store ?? dir.appendingPathComponent("import-\(run).sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let start = ContinuousClock.now
        let storage = try SQLiteStorage(path: path)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let uuids: @Sendable () -> UUID = { UUID() }  // live: composition root
        let healthStore = HealthStore(storage: storage, app: .healthApp, clock: clock, calendar: calendar, uuids: uuids)
        let importer = ExportImporter(store: healthStore, clock: clock, options: importOptions)
        let imported = try await importer.importExport(at: url)
        let importSeconds = elapsed(since: start)
        // Read while the store is open: SQLite reports no memory in use when its statistics are off (decision 0017).
        let memoryStatistics = SQLiteProcessSettings.keepsMemoryStatistics ? "on" : "off"
        try storage.close()
        let seconds = elapsed(since: start)
        let bytes = ["", "-wal"].reduce(0) { total, suffix in
            total + ((try? FileManager.default.attributesOfItem(atPath: path + suffix)[.size] as? Int) ?? 0)
        }
        let records = imported.summary.recordCount
        let name = "ExportImporter → SQLiteStorage \(url.lastPathComponent) (run \(run))"
        report.add(name, seconds: seconds, items: records)
        printStages(imported.stages, statistics: imported.statisticsSeconds)
        print(
            "RESULT suite=import seconds=\(seconds) import_seconds=\(importSeconds) records=\(records) "
                + "inserted=\(imported.inserted) present=\(imported.alreadyPresent) store_bytes=\(bytes) "
                + "sqlite_memory_statistics=\(memoryStatistics) "
                + "statistics_seconds=\(imported.statisticsSeconds) " + stageFields(imported.stages))
    }

    /// The import's stage times (issue 17, part 4), task by task: which half waits for the other is not the
    /// bottleneck.
    static func printStages(_ stages: ImportStageTimes, statistics: Double) {
        print(
            String(
                format: "  parsing task: reading %.2f s, validating %.2f s, waiting for the writer %.2f s",
                stages.reading, stages.validating, stages.waitingForWriter))
        print(
            String(
                format: "  writing task: writing %.2f s, waiting for the parser %.2f s",
                stages.writing, stages.waitingForParser))
        print(String(format: "  then: committing %.2f s, statistics %.2f s", stages.committing, statistics))
    }

    /// The stage times as `key=value` fields of a RESULT line.
    static func stageFields(_ stages: ImportStageTimes) -> String {
        [
            ("reading", stages.reading), ("validating", stages.validating),
            ("waiting_for_writer", stages.waitingForWriter), ("writing", stages.writing),
            ("waiting_for_parser", stages.waitingForParser), ("committing", stages.committing),
        ].map { "stage_\($0.0)=" + String(format: "%.3f", $0.1) }.joined(separator: " ")
    }

    static func elapsed(since start: ContinuousClock.Instant) -> Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
