import Foundation
import HealthKit
import HealthSync

// phone-sim: a simulated iPhone on disk, for the live fault tests (IntegrationTests/server/test_phone_sync.py).
// The composition root: the live clock and randomness are used here only (HealthSync's retry jitter, install id).
//
//   phone-sim fill PHONE --days N --seed S          a new phone: N days of an iPhone and a Watch
//   phone-sim change PHONE --days N --seed S        random additions (several sources), deletions, an edit
//   phone-sim sync PHONE --days N --folder DIR --server URL [--device NAME] [--batch-limit N]
//                                                   HealthSync, once (token in OHK_SYNC_TOKEN); exit 0 when every
//                                                   type is synced with its history, 75 when it must run again
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
        let phone = Phone(path: path, days: days, uuidBase: 1 << 48)
        let changed = try await phone.change(seed: seed)
        print("added \(changed.added), deleted \(changed.deleted), re-saved \(changed.resaved)")
    case "holdings":
        for line in try await Phone(path: path, days: days, uuidBase: 1 << 56).holdings() { print(line) }
    case "daily-steps":
        let days = try await Phone(path: path, days: days, uuidBase: 1 << 56).dailySteps()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(days), as: UTF8.self))
    case "sync":
        guard let token = ProcessInfo.processInfo.environment["OHK_SYNC_TOKEN"], !token.isEmpty else {
            throw Usage(description: "phone-sim sync needs the device's mirror token in OHK_SYNC_TOKEN")
        }
        guard let folder = option("--folder", in: arguments),
            let server = option("--server", in: arguments).flatMap(URL.init(string:))
        else { throw Usage(description: "phone-sim sync needs --folder DIR and --server URL") }
        let phone = Phone(path: path, days: days, uuidBase: 1 << 56)
        var configuration = HealthSyncConfiguration(
            server: server, token: token, device: option("--device", in: arguments) ?? "anas-iphone",
            types: Phone.types, folder: URL(fileURLWithPath: folder), now: { Date() },
            random: { Double.random(in: 0..<1) })
        configuration.batchLimit = Int(option("--batch-limit", in: arguments) ?? "200") ?? 200
        configuration.backfillStep = 3 * 86_400
        configuration.initialRetryDelay = 0.1
        configuration.maximumRetryDelay = 1
        configuration.requestTimeout = 10
        let sync = try HealthSync(store: phone.store, configuration: configuration)
        try await sync.requestAuthorization()
        await sync.syncNow()
        let diagnostics = await sync.diagnostics()
        for type in diagnostics {
            print(
                "\(type.type) \(type.state.rawValue) sent=\(type.sent) rejected=\(type.rejected) "
                    + "history=\(type.backfillDone) \(type.lastError ?? "")")
        }
        return diagnostics.allSatisfy { $0.state == .synced && $0.backfillDone } ? 0 : 75
    default:
        throw Usage(description: "phone-sim: unknown command \(command)")
    }
    return 0
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
