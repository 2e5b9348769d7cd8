// swift-tools-version: 6.1
// Benchmarks for OpenHealthKit, kept out of the main package so `swift test` never builds them.
// Run: cd Benchmarks && swift run -c release ohk-bench [store|query|all] [--samples N]
//      swift run -c release ohk-bench import --export PATH [--parse-only]   (peers: peers/run-peers.py)
import PackageDescription

let package = Package(
    name: "OpenHealthKitBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "OpenHealthKit", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
    ],
    targets: [
        .executableTarget(
            name: "ohk-bench",
            dependencies: [
                .product(name: "HealthCore", package: "OpenHealthKit"),
                .product(name: "HealthStorage", package: "OpenHealthKit"),
                .product(name: "HealthStorageSQLite", package: "OpenHealthKit"),
                .product(name: "HealthStoragePostgres", package: "OpenHealthKit"),
                .product(name: "HealthQuery", package: "OpenHealthKit"),
                .product(name: "HealthExport", package: "OpenHealthKit"),
                .product(name: "HealthRuntime", package: "OpenHealthKit"),
                .product(name: "HealthMCP", package: "OpenHealthKit"),
                .product(name: "HealthServer", package: "OpenHealthKit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HealthSimulation", package: "OpenHealthKit"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
