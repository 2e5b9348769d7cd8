import Foundation
import HealthTesting

/// Runs the built `ohk` executable (SwiftPM builds it beside the test bundle before `swift test` runs).
enum OHKProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func binary() -> URL? {
        [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug"),
        ].map { $0.appendingPathComponent("ohk") }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        guard let binary = binary() else {
            throw CocoaError(
                .fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "ohk was not built beside the tests"])
        }
        return try capture(binary, arguments, environment: environment)
    }

    /// Runs an executable without `OHK_STORE` from this environment (plus `environment`) and collects its exit
    /// status, stdout and stderr. Stderr is read on its own thread, so neither pipe can fill up and stall the child.
    static func capture(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["OHK_STORE"] = nil
        env.merge(environment) { _, new in new }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stderr = StderrBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            stderr.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        done.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr.data, as: UTF8.self))
    }

    /// Stderr's bytes, written by the reader thread before it finishes and read after.
    private final class StderrBox: @unchecked Sendable {
        var data = Data()
    }

    static func temporaryStore() throws -> String {
        try TestScratch.newFolder("cli").appendingPathComponent("health.sqlite").path
    }
}

extension OHKProcess {
    /// ``run(_:environment:)`` on a thread of its own, so a test awaiting it leaves the cooperative pool free for
    /// the work it observes.
    static func runDetached(_ arguments: [String]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Swift.Result(catching: { try run(arguments) })) }.start()
        }
    }
}
