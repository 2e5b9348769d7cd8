// swift-tools-version: 6.1
// A libFuzzer target for the export scanner and parser, kept out of the main package so `swift test` never
// builds it. Run: scripts/fuzz [--seconds N] (builds with -sanitize=fuzzer,address into .build-fuzz).
import PackageDescription

let package = Package(
    name: "OpenHealthKitFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "OpenHealthKit", path: "..")
    ],
    targets: [
        .executableTarget(
            name: "ohk-fuzz",
            dependencies: [
                .product(name: "HealthExport", package: "OpenHealthKit")
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
