import Foundation
import HealthCore
import HealthQuery
import HealthRuntime
import Synchronization

/// Observers across processes (issue 16, part 3): this process runs an observer query on a SQLite file and
/// watches it for other processes' commits; a child process (`ohk-bench crossprocess-writer`) saves one step
/// sample at a time and prints each commit's anchor and wall-clock time. The latency of a save is the time from
/// its commit (in the writer) to the first observer firing that covers its anchor (here); both read the same
/// system clock.
enum CrossProcessBenchmarks {
    static let app = AppIdentity.owner(bundleIdentifier: "org.openhealthkit.bench", name: "bench")

    static func run(saves: Int, intervalMilliseconds: Int, pollMilliseconds: Int) async throws {
        let dir = try temporaryDirectory("crossprocess")
        defer { removeUnlessKept(dir) }
        let path = dir.appendingPathComponent("shared.sqlite").path
        let database = try HealthRuntime().open(.sqlite(path))
        let observer = database.store(for: app)
        try await database.watchOtherProcesses(every: .milliseconds(pollMilliseconds))
        let firings = Mutex<[(anchor: Int64, time: Double)]>([])
        let updates = observer.observe([.quantity(.stepCount)])
        let collector = Task {
            for await update in updates {
                let now = Date().timeIntervalSince1970
                firings.withLock { $0.append((update.anchor, now)) }
            }
        }
        defer { collector.cancel() }

        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        writer.arguments = [
            "crossprocess-writer", "--store", path, "--saves", String(saves), "--interval-ms",
            String(intervalMilliseconds),
        ]
        let output = Pipe()
        writer.standardOutput = output
        try writer.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        writer.waitUntilExit()
        let commits: [(anchor: Int64, time: Double)] = lines.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let anchor = Int64(parts[0]), let time = Double(parts[1]) else { return nil }
            return (anchor, time)
        }
        guard commits.count == saves, let last = commits.last?.anchor else {
            print(
                "crossprocess: the writer reported \(commits.count) of \(saves) commits (status \(writer.terminationStatus))"
            )
            exit(1)
        }
        let deadline = Date().addingTimeInterval(5)
        while firings.withLock({ $0.last?.anchor ?? 0 }) < last, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let seen = firings.withLock { $0 }
        var latencies: [Double] = []
        var missing = 0
        for commit in commits {
            guard let firing = seen.first(where: { $0.anchor >= commit.anchor }) else {
                missing += 1
                continue
            }
            latencies.append((firing.time - commit.time) * 1_000)
        }
        latencies.sort()
        func percentile(_ p: Double) -> Double {
            latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
        }
        print(
            String(
                format:
                    "cross-process save → observer: %d saves every %d ms, poll %d ms: p50 %.1f ms, p99 %.1f ms, max %.1f ms, %d firings, %d missing",
                saves, intervalMilliseconds, pollMilliseconds, percentile(0.5), percentile(0.99),
                latencies.last ?? .nan,
                seen.count, missing))
    }

    /// The child: saves `saves` step samples, one per commit, printing "anchor unix-seconds" after each.
    static func writer(store path: String, saves: Int, intervalMilliseconds: Int) async throws {
        let database = try HealthRuntime().open(.sqlite(path))
        let store = database.store(for: app)
        let start = Date(timeIntervalSince1970: 1_748_736_000)
        for index in 0..<saves {
            let begin = start.addingTimeInterval(Double(index) * 60)
            let anchor = try await store.save([
                .quantity(
                    QuantitySample(
                        uuid: UUID(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: 10),
                        start: begin,
                        end: begin.addingTimeInterval(60)))
            ])
            let line = "\(anchor) \(String(format: "%.6f", Date().timeIntervalSince1970))\n"
            FileHandle.standardOutput.write(Data(line.utf8))
            try await Task.sleep(for: .milliseconds(intervalMilliseconds))
        }
    }
}
