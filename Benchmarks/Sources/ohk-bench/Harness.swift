import Foundation

/// Measures wall-clock time of a block, best of `repetitions` after one warm-up, in seconds.
func measure(repetitions: Int = 3, warmUp: Bool = true, _ body: () async throws -> Void) async rethrows -> Double {
    if warmUp { try await body() }
    var best = Double.infinity
    for _ in 0..<repetitions {
        let start = ContinuousClock.now
        try await body()
        let elapsed = ContinuousClock.now - start
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
}

/// Whether to keep the benchmark's databases for inspection (`OHK_BENCH_KEEP=1`).
let keepFiles = ProcessInfo.processInfo.environment["OHK_BENCH_KEEP"] == "1"

/// Removes a benchmark directory unless `OHK_BENCH_KEEP=1`.
func removeUnlessKept(_ url: URL) {
    if keepFiles { print("kept \(url.path)") } else { try? FileManager.default.removeItem(at: url) }
}

/// A temporary directory removed at exit of the benchmark.
func temporaryDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-bench-\(name)-\(getpid())")
    try? FileManager.default.removeItem(at: url)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Prints one result row: name, time, rate, ratio to the baseline.
struct Report {
    var rows: [(String, Double, String, String)] = []

    mutating func add(_ name: String, seconds: Double, items: Int? = nil, baseline: Double? = nil) {
        let rate = items.map { String(format: "%.0f/s", Double($0) / seconds) } ?? ""
        let ratio = baseline.map { String(format: "%.2f×", seconds / $0) } ?? ""
        rows.append((name, seconds, rate, ratio))
        print(
            String(
                format: "%-58@ %10.2f ms %14@ %8@", name as NSString, seconds * 1000, rate as NSString,
                ratio as NSString))
    }

    func markdown() -> String {
        var lines = ["| benchmark | time | rate | ratio to baseline |", "|---|---:|---:|---:|"]
        for (name, seconds, rate, ratio) in rows {
            lines.append("| \(name) | \(String(format: "%.2f", seconds * 1000)) ms | \(rate) | \(ratio) |")
        }
        return lines.joined(separator: "\n")
    }
}
