// swift-tools-version: 6.1
// OpenHealthKit — HealthKit's data model and query engine, everywhere Swift runs.
//
// Layering (see docs/architecture.md): arrows point down only.
//   Examples/*, HealthSync (apps and libraries on HealthKit's API only: Apple's framework or OpenHealthKit)
//   OpenHealthKit · HealthCLI · HealthServer · HealthMCP      (surfaces: never import a storage target)
//        HealthRuntime  (the one composition target: store locations, live values, open databases)
//        HealthExport · HealthQuery (HealthStore: the only door to the data)
//        HealthStorage (+ HealthStorageSQLite, HealthStoragePostgres)
//        HealthCore (values only, no I/O)
import Foundation
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

// The examples say `import HealthKit`: Apple's framework where it exists, else the `HealthKit` module declared at
// the end of this file, which re-exports OpenHealthKit (as OpenCombine's shim does for Combine).
#if canImport(Darwin)
let healthKit: Target.Dependency = "OpenHealthKit"
#else
let healthKit: Target.Dependency = "HealthKit"
#endif

// HealthSync on an iPhone (or a Mac) imports Apple's HealthKit and depends on nothing of this package; elsewhere it
// builds against the HealthKit shim.
#if canImport(Darwin)
let healthSyncDependencies: [Target.Dependency] = []
#else
let healthSyncDependencies: [Target.Dependency] = [healthKit]
#endif

let package = Package(
    name: "OpenHealthKit",
    platforms: [.macOS(.v15), .iOS(.v17)],
    products: [
        .library(name: "HealthCore", targets: ["HealthCore"]),
        .library(name: "HealthStorage", targets: ["HealthStorage"]),
        .library(name: "HealthStorageSQLite", targets: ["HealthStorageSQLite"]),
        .library(name: "HealthStoragePostgres", targets: ["HealthStoragePostgres"]),
        .library(name: "HealthQuery", targets: ["HealthQuery"]),
        .library(name: "HealthSimulation", targets: ["HealthSimulation"]),
        .library(name: "HealthExport", targets: ["HealthExport"]),
        .library(name: "HealthRuntime", targets: ["HealthRuntime"]),
        .library(name: "OpenHealthKit", targets: ["OpenHealthKit"]),
        .library(name: "HealthMCP", targets: ["HealthMCP"]),
        .library(name: "HealthCharts", targets: ["HealthCharts"]),
        .library(name: "HealthServer", targets: ["HealthServer"]),
        .library(name: "HealthSync", targets: ["HealthSync"]),
        .executable(name: "ohk", targets: ["ohk"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        // The server (HealthServer only): HTTP, graceful shutdown, logs, token hashes and webhook signatures,
        // webhook delivery. Hummingbird without its swift-configuration trait (not used; less to build).
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio.git", "2.101.2"..<"3.0.0"),
        // HTTPRequestPart/HTTPResponsePart for the server's connection guard (already a dependency of Hummingbird).
        .package(url: "https://github.com/apple/swift-nio-extras.git", "1.34.1"..<"2.0.0"),
        // The agent tools (HealthMCP only): the Model Context Protocol's Swift SDK.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
        // The server database backend (HealthStoragePostgres only).
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", "2.37.6"..<"3.0.0"),
    ],
    targets: [
        // Values: identifiers and the type catalog, units, quantities, samples, metadata, validation, predicates.
        .target(name: "HealthCore", swiftSettings: swiftSettings),
        // The storage contract, the change log with anchors, and the in-memory reference implementation.
        .target(name: "HealthStorage", dependencies: ["HealthCore"], swiftSettings: swiftSettings),
        // Process-wide SQLite settings that need C (`sqlite3_config` is variadic): used by HealthStorageSQLite.
        .target(name: "OHKSQLiteSettings", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The embedded default backend: SQLite through GRDB (the only target that imports GRDB).
        .target(
            name: "HealthStorageSQLite",
            dependencies: [
                "HealthCore", "HealthStorage", "OHKSQLiteSettings", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // The server database backend: many people in one PostgreSQL database through postgres-nio (the only target
        // that imports PostgresNIO).
        .target(
            name: "HealthStoragePostgres",
            dependencies: [
                "HealthCore", "HealthStorage", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // HealthStore: authorization, validation, save/delete, every query kind, statistics and the merge.
        .target(name: "HealthQuery", dependencies: ["HealthCore", "HealthStorage"], swiftSettings: swiftSettings),
        // Seeded, deterministic mock data: the seed apps' scenarios and the quickstart's demo month.
        .target(name: "HealthSimulation", dependencies: ["HealthCore"], swiftSettings: swiftSettings),
        // zlib, for the export reader's streaming inflate and CRC-32 (Debian: zlib1g-dev).
        .systemLibrary(name: "OHKZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The Health app's export.zip / export.xml in and out (the only target that imports ZIPFoundation).
        .target(
            name: "HealthExport",
            dependencies: [
                "HealthCore", "HealthQuery", "OHKZlib", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: swiftSettings
        ),
        // The composition target: store locations, default paths, live clock/calendar/UUIDs, the registry of open
        // databases (one engine per app per database). The only library target that opens a backend.
        .target(
            name: "HealthRuntime",
            dependencies: [
                "HealthCore", "HealthStorage", "HealthStorageSQLite", "HealthStoragePostgres", "HealthQuery",
            ],
            swiftSettings: swiftSettings
        ),
        // HealthKit's public API spelled as Apple spells it, a thin translation onto HealthQuery.
        .target(
            name: "OpenHealthKit",
            dependencies: ["HealthCore", "HealthQuery", "HealthSimulation", "HealthRuntime"],
            swiftSettings: swiftSettings
        ),
        // Mirrors a phone's HealthKit store into `ohk serve` (decision 0031): `import HealthKit` and Foundation only, so
        // the same files build against Apple's framework on an iPhone.
        .target(name: "HealthSync", dependencies: healthSyncDependencies, swiftSettings: swiftSettings),
        // The composition root of the command line: live clock, calendar and UUIDs; one command per file.
        .target(
            name: "HealthCLI",
            dependencies: [
                "HealthCore", "HealthQuery", "HealthSimulation", "HealthExport", "HealthRuntime", "HealthServer",
                "HealthMCP", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // HealthKit over HTTP for many people and apps: tokens and grants, the /v1 API, SSE, webhooks.
        .target(
            name: "HealthServer",
            dependencies: [
                "HealthCore", "HealthQuery", "HealthExport", "HealthRuntime", "HealthMCP", "HealthCharts",
                "HealthAPIInput", "OHKZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ],
            resources: [.copy("Resources/openapi.json"), .copy("Resources/dashboard")],
            swiftSettings: swiftSettings
        ),
        // Tools for AI agents over MCP: one person's data answered through HealthStore, over stdio or HTTP.
        .target(
            name: "HealthMCP",
            dependencies: [
                "HealthCore", "HealthQuery", .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Charts as SVG for the dashboard: scales, calendar time axes, bars, bands, lines, hypnograms, routes. Values
        // in, markup out: no I/O, no third-party code.
        .target(name: "HealthCharts", swiftSettings: swiftSettings),
        // What the server reads from requests before it touches the engine: query parameters, wire dates, the
        // shape of a JSON body. Foundation and HealthCore only, so the fuzzer (Fuzz/) can run it without the
        // HTTP stack.
        .target(name: "HealthAPIInput", dependencies: ["HealthCore"], swiftSettings: swiftSettings),
        .executableTarget(name: "ohk", dependencies: ["HealthCLI", "HealthRuntime"], swiftSettings: swiftSettings),
        // Fixtures for tests of every layer: fixed clock and calendar, seeded generator, sample builders.
        .target(
            name: "HealthTesting", dependencies: ["HealthCore", "HealthStorage", "HealthSimulation"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HealthCoreTests",
            dependencies: [
                "HealthCore",
                "HealthTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthQueryTests",
            dependencies: [
                "HealthCore", "HealthStorage", "HealthStorageSQLite", "HealthQuery", "HealthTesting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthCLITests",
            dependencies: [
                "HealthCLI", "HealthCore", "HealthQuery", "HealthRuntime", "OpenHealthKit", "HealthTesting",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "OpenHealthKitTests",
            dependencies: ["OpenHealthKit", "HealthCore", "HealthQuery", "HealthStorage", "HealthTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthExportTests",
            dependencies: [
                "HealthCore", "HealthStorage", "HealthStorageSQLite", "HealthQuery", "HealthExport", "HealthTesting",
                "HealthSimulation",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthSimulationTests",
            dependencies: ["HealthCore", "HealthSimulation", "HealthTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthStorageSQLiteTests",
            dependencies: ["HealthCore", "HealthSimulation", "HealthStorage", "HealthStorageSQLite", "HealthTesting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthStoragePostgresTests",
            dependencies: [
                "HealthCore", "HealthStorage", "HealthStoragePostgres", "HealthTesting", "HealthQuery",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthServerTests",
            dependencies: [
                "HealthServer", "HealthCore", "HealthQuery", "HealthRuntime", "HealthTesting", "HealthStorage",
                "OHKZlib",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "HealthMCPTests",
            dependencies: [
                "HealthMCP", "HealthCore", "HealthQuery", "HealthRuntime", "HealthSimulation", "HealthTesting",
                .product(name: "MCP", package: "swift-sdk"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "HealthChartsTests", dependencies: ["HealthCharts"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HealthAPIInputTests", dependencies: ["HealthAPIInput", "HealthCore"], swiftSettings: swiftSettings),
        .testTarget(
            name: "HealthStorageTests",
            dependencies: ["HealthCore", "HealthStorage", "HealthTesting"],
            swiftSettings: swiftSettings
        ),
        // HealthSync end to end: a simulated phone mirrored into a live server on loopback, through faults.
        .testTarget(
            name: "HealthSyncTests",
            dependencies: [
                "HealthSync", healthKit, "HealthServer", "HealthCore", "HealthQuery", "HealthRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // The example apps (Examples/README.md): HealthKit apps on OpenHealthKit only (`import HealthKit`), each with
        // tests.
        // Fixed clocks, calendars and the two backends, for the examples' tests.
        .target(
            name: "ExampleTestSupport", dependencies: ["OpenHealthKit"],
            path: "Examples/Shared/ExampleTestSupport",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "RunWay", dependencies: [healthKit],
            path: "Examples/RunWay/Sources/RunWay",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "RunWayTests",
            dependencies: ["RunWay", healthKit, "ExampleTestSupport"],
            path: "Examples/RunWay/Tests/RunWayTests",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "StepTracker", dependencies: [healthKit],
            path: "Examples/StepTracker/Sources/StepTracker",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StepTrackerTests",
            dependencies: ["StepTracker", healthKit, "ExampleTestSupport"],
            path: "Examples/StepTracker/Tests/StepTrackerTests",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "StepCounter", dependencies: [healthKit],
            path: "Examples/StepCounter/Sources/StepCounter",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StepCounterTests",
            dependencies: ["StepCounter", healthKit, "ExampleTestSupport"],
            path: "Examples/StepCounter/Tests/StepCounterTests",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "StepWidget", dependencies: [healthKit],
            path: "Examples/StepWidget/Sources/StepWidget",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StepWidgetTests",
            dependencies: ["StepWidget", healthKit, "ExampleTestSupport"],
            path: "Examples/StepWidget/Tests/StepWidgetTests",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "PrancerciseTracker", dependencies: [healthKit],
            path: "Examples/PrancerciseTracker/Sources/PrancerciseTracker",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PrancerciseTrackerTests",
            dependencies: ["PrancerciseTracker", healthKit, "ExampleTestSupport"],
            path: "Examples/PrancerciseTracker/Tests/PrancerciseTrackerTests",
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "PhoneSync", dependencies: [healthKit, "HealthSync"],
            path: "Examples/PhoneSync/Sources/PhoneSync",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "PhoneSyncTests",
            dependencies: [
                "PhoneSync", "HealthSync", healthKit, "ExampleTestSupport", "HealthServer", "HealthQuery", "HealthCore",
                "HealthRuntime", .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Examples/PhoneSync/Tests/PhoneSyncTests",
            swiftSettings: swiftSettings),
        // A simulated iPhone on disk for the server's live fault tests (IntegrationTests/server/test_phone_sync.py):
        // not a product; scripts/server-tests builds it beside `ohk`.
        .executableTarget(
            name: "phone-sim",
            dependencies: [
                healthKit, "HealthSync", "HealthCore", "HealthQuery", "HealthServer", "HealthSimulation",
                "HealthTesting", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/Tools/PhoneSim",
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer target of the export scanner and parser (Fuzz/README.md). It reaches HealthExport's `package`
// internals, so it must be in this package, but it is declared only when `scripts/fuzz` builds it (OHK_FUZZ=1,
// in its own .build-fuzz folder): it is neither a product nor part of `swift build` / `swift test`.
if ProcessInfo.processInfo.environment["OHK_FUZZ"] == "1" {
    package.targets.append(
        .executableTarget(
            name: "ohk-fuzz", dependencies: ["HealthCore", "HealthExport", "HealthAPIInput"],
            path: "Fuzz/Sources/ohk-fuzz",
            swiftSettings: swiftSettings))
}

// `import HealthKit` on platforms without Apple's framework: a module of that name that re-exports OpenHealthKit
// (and, through it, Foundation, as Apple's framework does), so a HealthKit file compiles unchanged, module-qualified
// names included. Not declared on Apple platforms, where `import HealthKit` is Apple's framework.
#if !canImport(Darwin)
package.products.append(.library(name: "HealthKit", targets: ["HealthKit"]))
package.targets += [
    .target(name: "HealthKit", dependencies: ["OpenHealthKit"], swiftSettings: swiftSettings),
    .testTarget(name: "HealthKitShimTests", dependencies: ["HealthKit"], swiftSettings: swiftSettings),
]
// OpenHealthKitTests keeps the `#if canImport(HealthKit) … #else import OpenHealthKit` form compiling; with the shim
// in the build that condition must not depend on build order, so the tests depend on the shim.
for target in package.targets where target.name == "OpenHealthKitTests" {
    target.dependencies.append("HealthKit")
}
#endif
