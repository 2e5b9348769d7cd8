// ohk-import-child STORE EXPORT [--disappeared] [--parse-only]
//
// Imports a Health export (export.zip or export.xml) into the SQLite store at STORE through ExportImporter and
// prints one `progress <bytes> <records>` line per parsed chunk, then `done <inserted> <present> <seconds> <records/s>`.
// The atomic-import crash test in HealthExportTests kills it with SIGKILL mid-import and checks that the store
// is unchanged; run in release mode it is also the import throughput probe:
//
//     swift build -c release --product ohk-import-child
//     .build/release/ohk-import-child /tmp/probe.sqlite medium.zip
//
// This executable is a composition root: it reads the system clock.
import Foundation
import HealthCore
import HealthExport
import HealthQuery
import HealthStorageSQLite

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ohk-import-child STORE EXPORT [--disappeared]\n".utf8))
    exit(2)
}
let clock = ClosureClock { Date() }  // live: composition root
if arguments.contains("--parse-only") {
    // Parser throughput alone: no store.
    let started = Date()  // live: composition root
    var samples = 0
    do {
        let summary = try ExportParser(options: .init(trackRepeats: false)).parse(
            fileAt: URL(fileURLWithPath: arguments[2])
        ) { batch in
            samples += batch.samples.count
        }
        let seconds = Date().timeIntervalSince(started)  // live: composition root
        print(
            "parsed \(summary.recordCount) records, \(samples) samples in \(String(format: "%.2f", seconds)) s: "
                + "\(String(format: "%.0f", Double(summary.recordCount) / seconds)) records/s")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("ohk-import-child: \(error)\n".utf8))
        exit(1)
    }
}
let storage: SQLiteStorage
do {
    storage = try SQLiteStorage(path: arguments[1])
} catch {
    FileHandle.standardError.write(Data("ohk-import-child: \(error)\n".utf8))
    exit(1)
}
var calendar = Calendar(identifier: .gregorian)
calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
let store = HealthStore(
    storage: storage, app: .healthApp, clock: clock, calendar: calendar, uuids: { UUID() })  // live: composition root
let importer = ExportImporter(
    store: store, clock: clock, options: .init(reportDisappeared: arguments.contains("--disappeared")))
let started = Date()  // live: composition root
do {
    let report = try await importer.importExport(at: URL(fileURLWithPath: arguments[2])) { progress in
        FileHandle.standardOutput.write(Data("progress \(progress.bytesRead) \(progress.recordsRead)\n".utf8))
    }
    let seconds = Date().timeIntervalSince(started)  // live: composition root
    let records = report.summary.recordCount
    print(
        "done \(report.inserted) \(report.alreadyPresent) \(String(format: "%.2f", seconds)) "
            + "\(String(format: "%.0f", Double(records) / seconds))")
    if let disappeared = report.disappeared { print("disappeared \(disappeared)") }
    try storage.close()
} catch {
    FileHandle.standardError.write(Data("ohk-import-child: \(error)\n".utf8))
    exit(1)
}
