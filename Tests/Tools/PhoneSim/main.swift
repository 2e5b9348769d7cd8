import Foundation
import HealthKit
import HealthSync

#if canImport(Glibc)
import Glibc
import CoreFoundation
#endif

// phone-sim: a simulated iPhone on disk, for the live fault tests (IntegrationTests/server/test_phone_sync.py).
// The composition root: the live clock and randomness are used here only (HealthSync's retry jitter, install id).
//
//   phone-sim fill PHONE --days N --seed S          a new phone: N days of an iPhone and a Watch
//   phone-sim change PHONE --days N --seed S        random additions (several sources), deletions, an edit;
//                                                   then "deleted UUID" for each sample it deleted
//   phone-sim sync PHONE --days N --folder DIR --server URL [--device NAME] [--batch-limit N]
//                                                   HealthSync, once (token in OHK_SYNC_TOKEN); exit 0 when every
//                                                   type is synced with its history, 75 when it must run again
//                  [--types all] [--backfill-days D]  every quantity and category type instead of the four
//                  [--transport urlsession|nio]     HealthSync's URLSession (the default), or swift-nio's client
//                                                   (the Linux simulator without corelibs' URLSession costs)
//   phone-sim live PHONE --days N --folder DIR --server URL --saves K [--every SECONDS]
//                                                   HealthSync started (observers), synced, then K step samples
//                                                   saved by the Watch, one every SECONDS; prints
//                                                   "saved UUID MONOTONIC-SECONDS" per save (CLOCK_MONOTONIC)
//   phone-sim holdings PHONE --days N               every sample, as the server's JSON, a line each
//   phone-sim daily-steps PHONE --days N            {"YYYY-MM-DD": merged steps} from HKStatisticsCollectionQuery

struct Usage: Error, CustomStringConvertible {
    var description: String
}

func option(_ name: String, in arguments: [String]) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func run(_ arguments: [String]) async throws -> Int32 {
    guard arguments.count >= 2 else { throw Usage(description: "usage: phone-sim COMMAND PHONE [options]") }
    let command = arguments[0]
    let path = arguments[1]
    let days = Int(option("--days", in: arguments) ?? "14") ?? 14
    let seed = UInt64(option("--seed", in: arguments) ?? "1") ?? 1
    switch command {
    case "fill":
        let phone = Phone(path: path, days: days, uuidBase: 1)
        print(try await phone.fill(seed: seed))
    case "change":
        let phone = Phone(path: path, days: days, uuidBase: 1 << 40)
        let changed = try await phone.change(seed: seed)
        print("added \(changed.added), deleted \(changed.deleted.count), re-saved \(changed.resaved)")
        for uuid in changed.deleted { print("deleted \(uuid.uuidString)") }
    case "holdings":
        for line in try await Phone(path: path, days: days, uuidBase: 1 << 41).holdings() { print(line) }
    case "daily-steps":
        let days = try await Phone(path: path, days: days, uuidBase: 1 << 41).dailySteps()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(days), as: UTF8.self))
    case "sync":
        let phone = Phone(path: path, days: days, uuidBase: 1 << 41)
        let sync = try makeSync(phone, arguments)
        try await sync.requestAuthorization()
        await sync.syncNow()
        return report(await sync.diagnostics())
    case "live":
        let phone = Phone(path: path, days: days, uuidBase: 1 << 42)
        let sync = try makeSync(phone, arguments)
        try await sync.requestAuthorization()
        try await sync.start()
        await sync.syncNow()
        say("ready")
        let every = Double(option("--every", in: arguments) ?? "1") ?? 1
        for index in 0..<(Int(option("--saves", in: arguments) ?? "10") ?? 10) {
            try await Task.sleep(nanoseconds: UInt64(every * 1_000_000_000))
            let uuid = try await phone.saveWatchSteps(index, seed: seed)
            say("saved \(uuid.uuidString) \(monotonicSeconds())")
        }
        try await Task.sleep(nanoseconds: 2_000_000_000)  // the last wake's batch
        _ = report(await sync.diagnostics())
    default:
        throw Usage(description: "phone-sim: unknown command \(command)")
    }
    return 0
}

/// A HealthSync for the phone, configured from the command line (the token from OHK_SYNC_TOKEN).
func makeSync(_ phone: Phone, _ arguments: [String]) throws -> HealthSync {
    guard let token = ProcessInfo.processInfo.environment["OHK_SYNC_TOKEN"], !token.isEmpty else {
        throw Usage(description: "phone-sim needs the device's mirror token in OHK_SYNC_TOKEN")
    }
    guard let folder = option("--folder", in: arguments),
        let server = option("--server", in: arguments).flatMap(URL.init(string:))
    else { throw Usage(description: "phone-sim needs --folder DIR and --server URL") }
    var configuration = HealthSyncConfiguration(
        server: server, token: token, device: option("--device", in: arguments) ?? "anas-iphone",
        types: option("--types", in: arguments) == "all" ? Phone.everyType : Phone.types,
        folder: URL(fileURLWithPath: folder), now: { Date() }, random: { Double.random(in: 0..<1) })
    configuration.batchLimit = Int(option("--batch-limit", in: arguments) ?? "200") ?? 200
    configuration.backfillStep = (Double(option("--backfill-days", in: arguments) ?? "3") ?? 3) * 86_400
    configuration.initialRetryDelay = 0.1
    configuration.maximumRetryDelay = 1
    configuration.requestTimeout = 30
    switch option("--transport", in: arguments) ?? "urlsession" {
    case "urlsession": break
    case "nio": configuration.transport = NIOTransport()
    case let other: throw Usage(description: "phone-sim: --transport is urlsession or nio, not \(other)")
    }
    return try HealthSync(store: phone.store, configuration: configuration)
}

/// Prints each type's diagnostics; 0 when every type is synced with its history, 75 when a sync must run again.
func report(_ diagnostics: [SyncTypeDiagnostics]) -> Int32 {
    for type in diagnostics where type.sent > 0 || type.state != .synced || !type.backfillDone {
        print(
            "\(type.type) \(type.state.rawValue) sent=\(type.sent) rejected=\(type.rejected) "
                + "history=\(type.backfillDone) \(type.lastError ?? "")")
    }
    print("sent \(diagnostics.reduce(0) { $0 + $1.sent })")
    return diagnostics.allSatisfy { $0.state == .synced && $0.backfillDone } ? 0 : 75
}

/// A line on standard output at once (a reader waits for it).
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// CLOCK_MONOTONIC in seconds: the clock Python's `time.monotonic()` reads, so another process can compare.
func monotonicSeconds() -> String {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return String(format: "%.6f", Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
}

do {
    exit(try await run(Array(CommandLine.arguments.dropFirst())))
} catch let usage as Usage {
    FileHandle.standardError.write(Data((usage.description + "\n").utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("phone-sim: \(error)\n".utf8))
    exit(1)
}
