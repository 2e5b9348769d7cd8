import Foundation
import HealthTesting
import Testing

/// Export files for the import tests: the project's generator (python3) with its ground truth, hand-written
/// documents, and broken files.
///
/// The generator is found through `OHK_GEN_HEALTH_EXPORT`, then `/work/shared/tools/gen-health-export`, then
/// `../shared/tools/gen-health-export` beside the package (as in CI).
enum ExportFiles {
    struct Truth: Decodable {
        struct Counts: Decodable {
            var elements: [String: Int]
            var records_by_type: [String: Int]
        }
        struct Day: Decodable { var dedup: Double }
        struct Steps: Decodable { var per_day: [String: Day] }
        struct Generator: Decodable { var hk_time_zone: String }
        struct Night: Decodable {
            var in_bed_seconds: Double
            var asleep_seconds: Double
            var awake_seconds: Double
            var stages_seconds: [String: Double]
            var watch_worn: Bool
        }
        struct Sleep: Decodable { var per_night: [String: Night] }
        var counts: Counts
        var steps: Steps
        var generator: Generator
        var sleep: Sleep
    }

    static var package: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    static func generator() throws -> String {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["OHK_GEN_HEALTH_EXPORT"] { candidates.append(path) }
        candidates.append("/work/shared/tools/gen-health-export")
        candidates.append(
            package.deletingLastPathComponent().appendingPathComponent("shared/tools/gen-health-export").path)
        return try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0) },
            "gen-health-export not found (set OHK_GEN_HEALTH_EXPORT)")
    }

    /// A fresh temporary folder.
    static func folder() throws -> URL {
        try TestScratch.newFolder("cli-export")
    }

    static func python(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(arguments.joined(separator: " ")) failed")
    }

    /// Runs the generator (small preset) into a temporary folder: `name` ends in .zip or .xml.
    static func generate(_ name: String, seed: Int = 3) throws -> (path: String, truth: Truth) {
        let url = try folder().appendingPathComponent(name)
        try python([try generator(), "--scale", "small", "--seed", String(seed), "--out", url.path, "-q"])
        let truth = try JSONDecoder().decode(
            Truth.self, from: Data(contentsOf: URL(fileURLWithPath: url.path + ".truth.json")))
        return (url.path, truth)
    }

    /// A zip archive holding the given entries (name → bytes), written by python3's zipfile.
    static func zip(_ entries: [String: Data], to path: String) throws {
        let folder = try folder()
        var arguments: [String] = []
        for (index, (name, data)) in entries.enumerated() {
            let file = folder.appendingPathComponent("entry\(index)")
            try data.write(to: file)
            arguments += [name, file.path]
        }
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
                for name, path in zip(sys.argv[2::2], sys.argv[3::2]):
                    z.write(path, name)
            """
        try python(["-c", script, path] + arguments)
    }

    /// A minimal export document holding the given elements.
    static func document(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_US">
         <ExportDate value="2025-07-01 10:00:00 +0900"/>
        \(body)
        </HealthData>

        """
    }

    static let phone =
        #"sourceName="Jane’s iPhone" sourceVersion="18.5" device="&lt;&lt;HKDevice: 0x1&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, hardware:iPhone16,2, software:18.5&gt;""#
    static let watch =
        #"sourceName="Jane’s Apple Watch" sourceVersion="11.5" device="&lt;&lt;HKDevice: 0x2&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,3, software:11.5&gt;""#

    /// A step record.
    static func steps(_ source: String, _ start: String, _ end: String, _ value: Int) -> String {
        #" <Record type="HKQuantityTypeIdentifierStepCount" \#(source) unit="count" creationDate="\#(end)" startDate="\#(start)" endDate="\#(end)" value="\#(value)"/>"#
    }
}
