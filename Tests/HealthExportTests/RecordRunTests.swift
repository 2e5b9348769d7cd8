import Foundation
import HealthCore
import HealthExport
import Testing

/// The mapper works out a record's type, unit, source revision and device once per run of records that repeat
/// them (ExportRecordMapper+Runs.swift). These exports change one of them at a time, or go back to an earlier
/// one, and every record must still get its own.
@Suite("Export parser: runs of repeated record attributes")
struct RecordRunTests {
    private static let watch =
        "&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
        + "hardware:Watch6,1, software:10.1&gt;"
    private static let watchNewPointer =
        "&lt;&lt;HKDevice: 0x7f11a0c40&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
        + "hardware:Watch6,1, software:10.1&gt;"
    private static let phone =
        "&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone, "
        + "hardware:iPhone16,2, software:17.2&gt;"

    private func record(
        _ type: String? = "HKQuantityTypeIdentifierStepCount", source: String = "Ana’s Apple Watch",
        version: String? = "10.1", device: String? = nil, unit: String = "count", minute: Int
    ) -> String {
        var attributes: [String] = []
        if let type { attributes.append("type=\"\(type)\"") }
        attributes.append("sourceName=\"\(source)\"")
        if let version { attributes.append("sourceVersion=\"\(version)\"") }
        if let device { attributes.append("device=\"\(device)\"") }
        attributes.append("unit=\"\(unit)\"")
        let time = String(format: "2024-01-05 07:%02d:00 +0100", minute)
        attributes.append("startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(minute + 1)\"")
        return " <Record " + attributes.joined(separator: " ") + "/>"
    }

    private func parse(_ records: [String]) throws -> (samples: [QuantitySample], summary: ExportSummary) {
        let text = (["<HealthData locale=\"en_US\">"] + records + ["</HealthData>"]).joined(separator: "\n")
        // Small chunks: runs continue across chunk boundaries and batches.
        let parser = ExportParser(options: .init(chunkSize: 200, batchSize: 2))
        let (batch, summary) = try parser.parse(data: Data(text.utf8))
        return (batch.samples.compactMap(\.quantitySample), summary)
    }

    @Test func recordsByTypeCountsEveryRunAndRecordsWithoutAType() throws {
        let steps = "HKQuantityTypeIdentifierStepCount"
        let energy = "HKQuantityTypeIdentifierActiveEnergyBurned"
        let (_, summary) = try parse([
            record(steps, minute: 0), record(steps, minute: 1), record(nil, minute: 2), record(steps, minute: 3),
            record(energy, unit: "kcal", minute: 4), record(steps, minute: 5), record(energy, unit: "kcal", minute: 6),
        ])
        #expect(summary.recordsByType == [steps: 4, energy: 2, "": 1])
        #expect(summary.recordCount == 7)
        #expect(summary.issues.count == 1)
    }

    /// Records inside a run whose type, source or unit is empty, unknown or missing: reported by what they wrote,
    /// and told apart from the run's records around them (the mapper's caches tell values apart by their bytes,
    /// absence included).
    @Test func emptyUnknownAndMissingValuesInsideARunAreReportedByTheirWrittenText() throws {
        let steps = "HKQuantityTypeIdentifierStepCount"
        let madeUp = "HKDataTypeSleepDurationGoal"
        let withoutUnit = record(steps, minute: 4).replacingOccurrences(of: "unit=\"count\" ", with: "")
        let (samples, summary) = try parse([
            record(steps, minute: 0), record("", minute: 1), record(madeUp, minute: 2),
            record(steps, source: "", minute: 3), withoutUnit, record(steps, minute: 5),
        ])
        #expect(samples.map { $0.sourceRevision?.source.name } == ["Ana’s Apple Watch", "", "Ana’s Apple Watch"])
        #expect(summary.recordsByType == [steps: 4, "": 1, madeUp: 1])
        #expect(summary.skipped.keys.map(\.element) == ["Record(\(madeUp))"])
        #expect(summary.issues.map(\.line) == [3, 6])
        #expect(summary.issues.map(\.message).allSatisfy { $0.hasPrefix("Record: ") })
    }

    @Test func progressCountsTheRecordsOfTheCurrentRun() throws {
        let text = (["<HealthData locale=\"en_US\">"] + (0..<5).map { record(minute: $0) } + ["</HealthData>"])
            .joined(separator: "\n")
        var seen: [Int] = []
        let summary = try ExportParser(options: .init(chunkSize: 1 << 20)).parse(chunks: [Data(text.utf8)]) { _ in
        } progress: {
            seen.append($0.recordsRead)
        }
        #expect(seen.first == 5)
        #expect(seen.last == 5)
        #expect(summary.recordCount == 5)
    }

    @Test func aSourceSeenOnlyOnSkippedRecordsIsNotASource() throws {
        let (samples, summary) = try parse([
            record("HKDataTypeSleepDurationGoal", source: "Goals", minute: 0),
            record(source: "Broken", unit: "furlongs", minute: 1),
            record(minute: 2),
            record("HKDataTypeSleepDurationGoal", minute: 3),
            record(source: "Broken", unit: "furlongs", minute: 4),
        ])
        #expect(samples.count == 1)
        #expect(summary.sources.map(\.name) == ["Ana’s Apple Watch"])
        #expect(summary.issues.count == 2)
    }

    @Test func eachRecordKeepsItsOwnVersionDeviceAndUnit() throws {
        let (samples, summary) = try parse([
            record(version: "10.1", device: Self.watch, minute: 0),
            record(version: "10.1", device: Self.watchNewPointer, minute: 1),
            record(version: "10.2", device: Self.watchNewPointer, minute: 2),
            record(version: nil, device: Self.watchNewPointer, minute: 3),
            record(version: "10.1", device: nil, minute: 4),
            record(version: "10.1", device: Self.phone, minute: 5),
            record(source: "Ana’s iPhone", version: "17.2", device: Self.phone, minute: 6),
            record(version: "10.1", device: Self.watch, unit: "count/min", minute: 7),
        ])
        #expect(summary.issues.isEmpty)
        try #require(samples.count == 8)
        #expect(
            samples.map { $0.sourceRevision?.version } == ["10.1", "10.1", "10.2", nil, "10.1", "10.1", "17.2", "10.1"])
        #expect(
            samples.map(\.device?.hardwareVersion) == [
                "Watch6,1", "Watch6,1", "Watch6,1", "Watch6,1", nil, "iPhone16,2", "iPhone16,2", "Watch6,1",
            ])
        #expect(
            samples.map { $0.sourceRevision?.source.name } == Array(repeating: "Ana’s Apple Watch", count: 6)
                + ["Ana’s iPhone", "Ana’s Apple Watch"])
        #expect(samples.map(\.quantity.unit.unitString) == Array(repeating: "count", count: 7) + ["count/min"])
        // The same device written with a new pointer is the same device.
        #expect(samples[0].device == samples[1].device)
    }
    /// An iPhone's and a watch's records interleaved by time switch source, version and device at every record;
    /// here six of each take turns, more than the mapper's caches hold (four), with a new device pointer on every
    /// record. Every record must still get its own values, and its identity must not depend on what came before:
    /// the same records in reverse order get the same UUIDs.
    @Test func sourcesAndDevicesTakingTurnsKeepTheirOwnValuesAndIdentities() throws {
        let triples = (0..<6).map { index in
            (
                // The last two share a source name, with versions of their own.
                source: "Source \(min(index, 4))", version: "\(index).0",
                device: "name:Device \(index), manufacturer:Apple Inc., hardware:Model\(index),1&gt;"
            )
        }
        // Two taking turns (within the caches), then all six in rounds (beyond them).
        let order = [0, 1, 0, 1, 1, 0] + (0..<18).map { $0 % 6 } + [5, 3, 5, 3]
        let records = order.enumerated().map { position, index in
            let triple = triples[index]
            let pointer = "&lt;&lt;HKDevice: 0x\(String(0x1000 + position, radix: 16))&gt;, "
            return record(
                source: triple.source, version: triple.version, device: pointer + triple.device, minute: position)
        }
        let (samples, summary) = try parse(records)
        #expect(summary.issues.isEmpty)
        try #require(samples.count == order.count)
        #expect(samples.map { $0.sourceRevision?.source.name } == order.map { triples[$0].source })
        #expect(samples.map { $0.sourceRevision?.version } == order.map { triples[$0].version })
        #expect(samples.map(\.device?.name) == order.map { "Device \($0)" })
        #expect(samples.map(\.device?.hardwareVersion) == order.map { "Model\($0),1" })
        let (reversed, _) = try parse(records.reversed())
        #expect(Set(samples.map(\.uuid)).count == order.count)
        #expect(Set(samples.map(\.uuid)) == Set(reversed.map(\.uuid)))
    }
}
