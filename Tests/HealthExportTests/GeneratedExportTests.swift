import Foundation
import HealthCore
import HealthExport
import HealthTesting
import Testing

/// Runs the project's export generator (python3) and checks the parser against its ground truth.
///
/// The generator is found through `OHK_GEN_HEALTH_EXPORT`, then `/work/shared/tools/gen-health-export`, then
/// `tools/` or `scripts/` of the package. Missing python3 or a missing generator fails the test.
@Suite("Generated export")
struct GeneratedExportTests {
    struct Truth: Decodable {
        struct Counts: Decodable {
            var elements: [String: Int]
            var records_by_type: [String: Int]
        }
        struct Export: Decodable {
            var export_date: String
        }
        var counts: Counts
        var export: Export
    }

    static func generator() throws -> String {
        var candidates: [String] = []
        if let path = ProcessInfo.processInfo.environment["OHK_GEN_HEALTH_EXPORT"] { candidates.append(path) }
        candidates.append("/work/shared/tools/gen-health-export")
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent("tools/gen-health-export").path)
        candidates.append(package.appendingPathComponent("scripts/gen-health-export").path)
        return try #require(
            candidates.first { FileManager.default.fileExists(atPath: $0) },
            "gen-health-export not found (set OHK_GEN_HEALTH_EXPORT)")
    }

    static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 \(arguments.joined(separator: " ")) failed")
    }

    static func generate(_ name: String) throws -> (url: URL, truth: Truth) {
        let url = try TestScratch.newFolder("export").appendingPathComponent(name)
        try run([try generator(), "--scale", "small", "--seed", "3", "--out", url.path, "-q"])
        let truthData = try Data(contentsOf: URL(fileURLWithPath: url.path + ".truth.json"))
        return (url, try JSONDecoder().decode(Truth.self, from: truthData))
    }

    static func parse(_ url: URL) throws -> (ExportBatch, ExportSummary, [ExportParser.Progress]) {
        var merged = ExportBatch()
        var progress: [ExportParser.Progress] = []
        let summary = try ExportParser(options: .init(chunkSize: 1 << 16)).parse(fileAt: url) { batch in
            merged.samples += batch.samples
            merged.activitySummaries += batch.activitySummaries
            merged.routeFiles += batch.routeFiles
        } progress: {
            progress.append($0)
        }
        return (merged, summary, progress)
    }

    static func check(_ batch: ExportBatch, _ summary: ExportSummary, against truth: Truth) throws {
        let elements = truth.counts.elements
        #expect(summary.recordsByType == truth.counts.records_by_type)
        #expect(summary.recordCount == elements["Record"])
        #expect(summary.correlationMemberRecords == elements["Record_in_correlation"])
        #expect(summary.correlationMemberCopiesSkipped == elements["Record_in_correlation"])
        #expect(summary.correlationsByType.values.reduce(0, +) == elements["Correlation"])
        #expect(summary.workoutCount == elements["Workout"])
        #expect(summary.workoutRoutes == elements["WorkoutRoute"])
        #expect(summary.routeFileReferences == elements["FileReference"])
        #expect(batch.routeFiles.count == elements["FileReference"])
        #expect(summary.activitySummaries == elements["ActivitySummary"])
        #expect(batch.activitySummaries.count == elements["ActivitySummary"])
        #expect(summary.exportDate == ExportDateParser.parse(truth.export.export_date))
        #expect(summary.issues.isEmpty)
        #expect(summary.unknownElements.isEmpty)
        #expect(summary.unknownAttributes.isEmpty)
        let plain = batch.samples.filter { $0.quantitySample != nil || $0.categorySample != nil }
        #expect(plain.count == (elements["Record"] ?? 0) - (elements["Record_in_correlation"] ?? 0))
        let workouts = batch.workouts
        #expect(
            workouts.map { $0.events.count + $0.activities.map(\.events.count).reduce(0, +) }.reduce(0, +)
                == elements["WorkoutEvent"])
        #expect(workouts.map(\.activities.count).reduce(0, +) == elements["WorkoutActivity"])
        #expect(
            workouts.map { $0.statistics.count + $0.activities.map(\.statistics.count).reduce(0, +) }.reduce(0, +)
                == elements["WorkoutStatistics"])
        let beats = plain.compactMap { $0.metadata[ExportMetadataKeys.instantaneousBeatsPerMinute]?.stringValue }
        #expect(beats.count == elements["HeartRateVariabilityMetadataList"])
        #expect(beats.map { $0.split(separator: "|").count }.reduce(0, +) == elements["InstantaneousBeatsPerMinute"])
        let members = batch.samples.compactMap(\.correlation).flatMap(\.objects)
        var entries = batch.samples.map { $0.metadata.count }.reduce(0, +) - beats.count
        entries += 2 * members.map(\.metadata.count).reduce(0, +)
        entries += workouts.flatMap(\.events).map(\.metadata.count).reduce(0, +)
        entries += workouts.flatMap(\.activities).map {
            $0.metadata.count + $0.events.map(\.metadata.count).reduce(0, +)
        }.reduce(0, +)
        #expect(entries == elements["MetadataEntry"])
        #expect(Set(batch.samples.map(\.uuid)).count == batch.samples.count)
    }

    @Test func bareXMLMatchesTheGroundTruth() throws {
        let (url, truth) = try Self.generate("export.xml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (batch, summary, progress) = try Self.parse(url)
        try Self.check(batch, summary, against: truth)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(summary.bytesRead == size)
        #expect(progress.last?.bytesRead == size)
        #expect(progress.last?.totalBytes == size)
        #expect(progress.map(\.bytesRead) == progress.map(\.bytesRead).sorted())
        let watch = try #require(summary.sources.first { $0.name.hasSuffix("Apple Watch") })
        #expect(watch.isAppleDevice)
        #expect(summary.sources.contains(Source.healthApp))
        let (again, _, _) = try Self.parse(url)
        #expect(again.samples.map(\.uuid) == batch.samples.map(\.uuid))
    }

    @Test func zipArchiveMatchesTheGroundTruth() throws {
        let (url, truth) = try Self.generate("export.zip")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (batch, summary, _) = try Self.parse(url)
        try Self.check(batch, summary, against: truth)
    }

    @Test func zipEntryIsFoundByContentUnderAnyName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("export.zip")
        let script = """
            import sys, zipfile
            src, out = sys.argv[1], sys.argv[2]
            data = open(src, 'rb').read()
            with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
                z.writestr('__MACOSX/apple_health_export/._导出.xml', b'<HealthData locale="x"/>')
                z.writestr('apple_health_export/.DS_Store', b'<HealthData locale="y"/>')
                z.writestr('apple_health_export/export_cda.xml', b'<?xml version="1.0"?><ClinicalDocument/>')
                z.writestr('apple_health_export/导出.xml', data)
            """
        try Self.run(["-c", script, try Fixture.url("v14-modern").path, zip.path])
        var merged = ExportBatch()
        let summary = try ExportParser().parse(fileAt: zip) { merged.samples += $0.samples }
        #expect(summary.locale == "en_US")
        #expect(merged.samples.count == (try Fixture.parse("v14-modern")).batch.samples.count)
    }

    @Test func archiveWithoutExportIsAnError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ohk-zip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let zip = directory.appendingPathComponent("other.zip")
        try Self.run([
            "-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').writestr('a.xml', b'<Other/>')", zip.path,
        ])
        #expect(throws: ExportError.self) { try ExportParser().parse(fileAt: zip) { _ in } }
        do {
            _ = try ExportParser().parse(fileAt: zip) { _ in }
        } catch let error as ExportError {
            #expect(error.code == .missingExport)
        }
    }
}
