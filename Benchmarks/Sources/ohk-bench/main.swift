import Foundation

// ohk-bench [store|all] [--samples N] [--query-store N]
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), arguments.index(after: index) < arguments.endIndex,
        let number = Int(arguments[arguments.index(after: index)])
    else { return value }
    return number
}
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
