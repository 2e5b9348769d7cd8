import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import HealthTesting
import Testing

/// The generator's `.truth.json` (per-day merged "watch wins" and raw step totals) is met by the merge.
@Suite struct GeneratorTruthTests {
    /// Runs `gen-health-export` (the shared tool beside the repository) into a temporary folder.
    static func generate(days: Int, seed: Int) throws -> (xml: URL, truth: [String: Any]) {
        let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        // `OHK_GEN_HEALTH_EXPORT`, else the shared tool beside the repository, else the workplace's copy.
        let candidates = [
            ProcessInfo.processInfo.environment["OHK_GEN_HEALTH_EXPORT"],
            repo.deletingLastPathComponent().appendingPathComponent("shared/tools/gen-health-export").path,
            "/work/shared/tools/gen-health-export",
        ].compactMap { $0 }
        let found = candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
        let tool = URL(fileURLWithPath: found)
        let folder = try TestScratch.newFolder("truth-\(seed)")
        let xml = folder.appendingPathComponent("export.xml")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", tool.path, "--scale", "small", "--days", String(days), "--seed", String(seed),
            "--out", xml.path, "-q",
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "gen-health-export failed at \(tool.path)"])
        }
        let truthData = try Data(contentsOf: URL(fileURLWithPath: xml.path + ".truth.json"))
        let truth = try JSONSerialization.jsonObject(with: truthData) as? [String: Any] ?? [:]
        return (xml, truth)
    }

    @Test(arguments: [1, 2])
    func dailyMergedAndRawStepTotalsMatchTheTruth(seed: Int) async throws {
        let (xml, truth) = try Self.generate(days: 7, seed: seed)
        defer { try? FileManager.default.removeItem(at: xml.deletingLastPathComponent()) }
        let text = try String(contentsOf: xml, encoding: .utf8)
        let records = TinyExportReader.records(of: "HKQuantityTypeIdentifierStepCount", in: text)
        #expect(records.count > 100)
        let zone = try #require((truth["generator"] as? [String: Any])?["hk_time_zone"] as? String)
        let calendar = Fixtures.calendar(zone)
        let uuids = UUIDSequence(start: 1)
        let store = HealthStore(
            storage: InMemoryStorage(), app: .healthApp, clock: ManualClock(), calendar: calendar,
            uuids: { uuids.next() })
        let samples: [AnySample] = records.map { record in
            let isWatch = record.hardware.hasPrefix("Watch")
            let source = Source(
                name: record.sourceName, bundleIdentifier: isWatch ? "com.apple.health.watch" : "com.apple.health.phone"
            )
            return .quantity(
                QuantitySample(
                    uuid: uuids.next(), type: .stepCount, quantity: Quantity(unit: .count(), doubleValue: record.value),
                    start: record.start, end: record.end,
                    sourceRevision: SourceRevision(source: source, productType: record.hardware)))
        }
        try await store.save(samples)
        let firstDay = try #require((truth["generator"] as? [String: Any])?["first_day"] as? String)
        let anchor = try #require(
            CalendarDay(firstDay).flatMap { Fixtures.date($0.year, $0.month, $0.day, in: calendar) as Date? })
        let daily = try await store.statisticsCollection(
            of: .stepCount, options: [.cumulativeSum, .separateBySource], anchorDate: anchor,
            intervalComponents: DateComponents(day: 1))
        let perDay = try #require((truth["steps"] as? [String: Any])?["per_day"] as? [String: [String: Double]])
        #expect(perDay.count == 7)
        var totalRaw = 0.0
        var totalMerged = 0.0
        for (day, figures) in perDay {
            let date = try #require(CalendarDay(day).map { Fixtures.date($0.year, $0.month, $0.day, 12, in: calendar) })
            let bucket = try #require(daily.statistics(for: date), "no bucket for \(day)")
            let merged = try #require(bucket.sumQuantity()).doubleValue(for: .count())
            let expected = try #require(figures["dedup"])
            #expect(abs(merged - expected) <= 1e-6 * max(1, expected), "merged steps on \(day)")
            let raw = bucket.bySource.values.compactMap(\.sum).reduce(0, +)
            #expect(abs(raw - (figures["raw"] ?? -1)) <= 1e-9 * max(1, raw), "raw steps on \(day)")
            #expect(raw >= merged - 1e-9, "the merge never exceeds the naive sum on \(day)")
            totalRaw += raw
            totalMerged += merged
        }
        #expect(totalRaw > totalMerged * 1.05, "over a week the naive sum double-counts")
    }
}

/// A tiny, test-only reader for the generator's `<Record …/>` lines (the importer has its own scanner).
enum TinyExportReader {
    struct Record {
        var sourceName: String
        var hardware: String
        var value: Double
        var start: Date
        var end: Date
    }

    static func records(of type: String, in text: String) -> [Record] {
        var found: [Record] = []
        for line in text.split(separator: "\n") where line.contains("<Record type=\"\(type)\"") {
            let attributes = attributesOf(String(line))
            guard let name = attributes["sourceName"], let value = attributes["value"].flatMap(Double.init),
                let start = attributes["startDate"].flatMap(date), let end = attributes["endDate"].flatMap(date)
            else { continue }
            let device = attributes["device"] ?? ""
            let hardware =
                device.components(separatedBy: "hardware:").dropFirst().first?
                .components(separatedBy: ",").first ?? ""
            found.append(Record(sourceName: name, hardware: hardware, value: value, start: start, end: end))
        }
        return found
    }

    static func attributesOf(_ line: String) -> [String: String] {
        var result: [String: String] = [:]
        let parts = line.components(separatedBy: "\" ")
        for part in parts {
            guard let equals = part.range(of: "=\"") else { continue }
            let key = part[..<equals.lowerBound].split(separator: " ").last.map(String.init) ?? ""
            var value = String(part[equals.upperBound...])
            if let close = value.range(of: "\"/>") { value = String(value[..<close.lowerBound]) }
            result[key] = value.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        return result
    }

    /// `yyyy-MM-dd HH:mm:ss ±hhmm`.
    static func date(_ text: String) -> Date? {
        let pieces = text.split(separator: " ")
        guard pieces.count == 3, let offset = Int(pieces[2]) else { return nil }
        let day = pieces[0].split(separator: "-").compactMap { Int($0) }
        let time = pieces[1].split(separator: ":").compactMap { Int($0) }
        guard day.count == 3, time.count == 3 else { return nil }
        let seconds = (abs(offset) / 100 * 3600 + abs(offset) % 100 * 60) * (offset < 0 ? -1 : 1)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: seconds) ?? calendar.timeZone
        return calendar.date(
            from: DateComponents(
                year: day[0], month: day[1], day: day[2], hour: time[0], minute: time[1], second: time[2]))
    }
}
