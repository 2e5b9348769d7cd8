import Foundation

// ohk-bench [store|statistics|all] [--samples N] [--query-store N] [--years N]
let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let number = Int(arguments[index + 1])
    else { return value }
    return number
}

func runBenchmarks() async throws {
    let suite = arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "all"
    var report = Report()
    print("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB")
    if suite == "store" || suite == "all" {
        try await StoreBenchmarks.run(
            samples: option("--samples", default: 1_000_000), queryStoreSize: option("--query-store", default: 5_000_000),
            report: &report)
    }
    print("")
    print(report.markdown())
}

try await runBenchmarks()
