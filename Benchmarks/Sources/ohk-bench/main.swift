import Foundation
import HealthRuntime

// ohk-bench [store|statistics|all] [--samples N] [--query-store N] [--years N]
// ohk-bench postgres [--url URL] [--query-store N] [--people N] [--per-person N] [--years N]   (a cluster)
// ohk-bench mcp [--years N]   (the agent tools on N years of a simulated person)
// ohk-bench dashboard [--years N]   (the dashboard's pages on N years: server time and size)
// ohk-bench crossprocess [--saves N] [--interval-ms N] [--poll-ms N]   (observer here, writer in a child process)
// ohk-bench import --export PATH [--store PATH] [--parse-only] [--inflate-ahead N] [--chunk-kib N] [--runs N]   (not part of `all`: it needs an export)
let arguments = Array(CommandLine.arguments.dropFirst())
// As `ohk` does: large blocks are mapped and unmapped (decision 0014), so the import's peak memory is the CLI's.
ProcessMemory.returnLargeBlocksToTheSystem()
// As `ohk` does: SQLite keeps no memory statistics, so it takes no global lock per allocation (decision 0017).
ProcessMemory.stopCountingSQLiteMemory()

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
        let number = Int(arguments[index + 1])
    else { return value }
    return number
}

func stringOption(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func runBenchmarks() async throws {
    let suite = arguments.first.flatMap { $0.hasPrefix("--") ? nil : $0 } ?? "all"
    var report = Report()
    print(
        "machine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
    )
    if suite == "store" || suite == "all" {
        try await StoreBenchmarks.run(
            samples: option("--samples", default: 1_000_000),
            queryStoreSize: option("--query-store", default: 5_000_000),
            report: &report)
    }
    if suite == "statistics" || suite == "all" {
        try await StatisticsBenchmarks.run(years: option("--years", default: 10), report: &report)
    }
    if suite == "postgres" {
        guard let url = stringOption("--url") ?? ProcessInfo.processInfo.environment["OHK_TEST_POSTGRES_URL"] else {
            FileHandle.standardError.write(
                Data("ohk-bench postgres: --url or $OHK_TEST_POSTGRES_URL is required\n".utf8))
            exit(2)
        }
        try await PostgresBenchmarks.run(
            url: url, queryStoreSize: option("--query-store", default: 5_000_000),
            people: option("--people", default: 100),
            perPerson: option("--per-person", default: 100_000), years: option("--years", default: 10), report: &report)
    }
    if suite == "save" {
        try await SaveBenchmarks.run(batches: option("--batches", default: 500), report: &report)
    }
    if suite == "mcp" {
        try await MCPBenchmarks.run(years: option("--years", default: 10))
    }
    if suite == "dashboard" {
        try await DashboardBenchmarks.run(years: option("--years", default: 10))
    }
    if suite == "crossprocess" {
        try await CrossProcessBenchmarks.run(
            saves: option("--saves", default: 200), intervalMilliseconds: option("--interval-ms", default: 25),
            pollMilliseconds: option("--poll-ms", default: 20))
    }
    if suite == "crossprocess-writer" {
        guard let store = stringOption("--store") else { exit(2) }
        try await CrossProcessBenchmarks.writer(
            store: store, saves: option("--saves", default: 200),
            intervalMilliseconds: option("--interval-ms", default: 25))
        return
    }
    if suite == "import" {
        guard let export = stringOption("--export") else {
            FileHandle.standardError.write(Data("ohk-bench import: --export PATH is required\n".utf8))
            exit(2)
        }
        try await ImportBenchmarks.run(
            export: export, store: stringOption("--store"), parseOnly: arguments.contains("--parse-only"),
            inflateAhead: option("--inflate-ahead", default: 2),
            chunkSize: option("--chunk-kib", default: 1_024) * 1_024,
            queueDepth: arguments.contains("--queue-depth") ? option("--queue-depth", default: 2) : nil,
            runs: option("--runs", default: 1), report: &report)
    }
    print("")
    print(report.markdown())
}

try await runBenchmarks()
