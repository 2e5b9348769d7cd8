import Foundation
import HealthCore
import HealthExport
import Testing

/// Runs of records that share attribute values, and records that change them one at a time: each sample gets
/// its own record's type, source, version, unit and device (the mapper reuses a decoded value only when the
/// raw bytes are the same).
@Suite("Record attributes")
struct RecordAttributeTests {
    static let device1 =
        "&lt;&lt;HKDevice: 0x1&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch7,3&gt;"
    static let device2 = "&lt;&lt;HKDevice: 0x2&gt;, name:iPhone, manufacturer:Apple Inc., model:iPhone&gt;"

    static func record(
        _ type: String, _ source: String, _ version: String, _ unit: String, _ device: String?
    )
        -> String
    {
        let deviceAttribute = device.map { " device=\"\($0)\"" } ?? ""
        return
            " <Record type=\"HKQuantityTypeIdentifier\(type)\" \(source) sourceVersion=\"\(version)\" unit=\"\(unit)\""
            + " creationDate=\"2024-01-05 10:00:00 +0100\" startDate=\"2024-01-05 09:00:00 +0100\""
            + " endDate=\"2024-01-05 09:01:00 +0100\" value=\"5\"\(deviceAttribute)/>"
    }

    @Test func everyRecordKeepsItsOwnValues() throws {
        let records = [
            Self.record("StepCount", "sourceName=\"Ana’s Watch\"", "10.1", "count", Self.device1),
            Self.record("StepCount", "sourceName=\"Ana’s Watch\"", "10.1", "count", Self.device1),
            Self.record("StepCount", "sourceName=\"Ana’s iPhone\"", "17.2", "count", Self.device2),
            Self.record("HeartRate", "sourceName=\"Ana’s iPhone\"", "17.2", "count/min", Self.device2),
            Self.record("HeartRate", "sourceName=\"Ana’s iPhone\"", "17.3", "count/min", nil),
            Self.record("StepCount", "source=\"Old &amp; App\"", "1", "count", nil),
            Self.record("StepCount", "sourceName=\"Ana’s Watch\"", "10.1", "count", Self.device1),
        ]
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
             <ExportDate value="2024-01-06 08:00:00 +0100"/>
            \(records.joined(separator: "\n"))
            </HealthData>

            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).xml")
        try Data(document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var samples: [QuantitySample] = []
        _ = try ExportParser(options: .init(chunkSize: 61, batchSize: 3)).parse(fileAt: url) { batch in
            samples += batch.samples.compactMap(\.quantitySample)
        }
        #expect(samples.count == 7)
        let seen = samples.map {
            [
                $0.quantityType.rawValue, $0.sourceRevision?.source.name ?? "-", $0.sourceRevision?.version ?? "-",
                $0.quantity.unit.unitString, $0.device?.name ?? "-",
            ].joined(separator: " | ")
        }
        #expect(
            seen == [
                "HKQuantityTypeIdentifierStepCount | Ana’s Watch | 10.1 | count | Apple Watch",
                "HKQuantityTypeIdentifierStepCount | Ana’s Watch | 10.1 | count | Apple Watch",
                "HKQuantityTypeIdentifierStepCount | Ana’s iPhone | 17.2 | count | iPhone",
                "HKQuantityTypeIdentifierHeartRate | Ana’s iPhone | 17.2 | count/min | iPhone",
                "HKQuantityTypeIdentifierHeartRate | Ana’s iPhone | 17.3 | count/min | -",
                "HKQuantityTypeIdentifierStepCount | Old & App | 1 | count | -",
                "HKQuantityTypeIdentifierStepCount | Ana’s Watch | 10.1 | count | Apple Watch",
            ])
    }
}
