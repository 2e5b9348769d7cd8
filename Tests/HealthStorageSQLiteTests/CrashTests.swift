import Foundation
import HealthCore
import HealthStorage
import HealthStorageSQLite
import HealthTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A writer process killed with SIGKILL at random points leaves a sound store with whole batches only.
///
/// The child is the `ohk-crash-writer` executable of this package. SwiftPM builds every target of the package
/// (executables included) before `swift test` runs, and puts executables in the same directory as the test
/// bundle, so the test finds it beside `CommandLine.arguments[0]` (or in `.build/debug`). A real separate
/// process is the point: only a process that dies mid-transaction tests SQLite's journal, which an in-process
/// task cancellation cannot.
@Suite struct CrashTests {
    static let batchSize = 300

    static func writerBinary() -> URL? {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(), Bundle.main.bundleURL,
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("ohk-crash-writer") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    @Test(.timeLimit(.minutes(10)))  // a hang guard: under TSan on a loaded 2-core CI machine a run took over 2 min
    func killedWritersLeaveOnlyWholeBatches() async throws {
        let binary = try #require(
            Self.writerBinary(),
            "ohk-crash-writer was not built beside the test bundle (run `swift build --build-tests`)")
        let path = try TemporaryDirectory.file("crash.sqlite")
        var rng = SplitMix64(seed: 20_241_123)
        var acknowledged: Set<Int> = []
        var killedMidRun = 0
        for round in 1...6 {
            let process = Process()
            process.executableURL = binary
            process.arguments = [path, "\(Self.batchSize)", "\(round)"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            try await Task.sleep(for: .milliseconds(120 + rng.nextInt(in: 0...400)))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal, "round \(round): the writer stopped by itself")
            let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            acknowledged.formUnion(lines.split(separator: "\n").compactMap { Int($0) })
            if process.terminationReason == .uncaughtSignal { killedMidRun += 1 }

            let storage = try SQLiteStorage(path: path)
            #expect(try storage.integrityCheck() == ["ok"], "round \(round)")
            let samples = try await storage.samples(matching: SampleRequest())
            #expect(samples.count % Self.batchSize == 0, "round \(round): \(samples.count) samples")
            var perBatch: [Int: Int] = [:]
            for stored in samples {
                let batch = stored.sample.metadata[MetadataKey("batch")]?.intValue ?? -1
                perBatch[batch, default: 0] += 1
            }
            #expect(perBatch.values.allSatisfy { $0 == Self.batchSize }, "round \(round): a partial batch")
            #expect(acknowledged.isSubset(of: Set(perBatch.keys)), "round \(round): an acknowledged batch is missing")
            let anchor = try await storage.currentAnchor()
            #expect(anchor == Int64(samples.count), "round \(round): anchor \(anchor)")
            try storage.close()
        }
        print("crash test: \(acknowledged.count) acknowledged batches")
        #expect(killedMidRun == 6)
        #expect(acknowledged.count >= 6, "the writer committed too few batches to test anything")
    }
}
