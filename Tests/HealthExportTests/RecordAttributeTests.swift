import Foundation
import HealthCore
import Testing

@testable import HealthExport

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

    /// The pointer prefix a device description is compared without (issue 17): only the `&lt;&lt;…&gt;` head with
    /// nothing but plain bytes inside counts.
    @Test func devicePointerPrefix() {
        func length(_ text: String) -> Int {
            Array(text.utf8).withUnsafeBufferPointer { RecordValueCache.pointerPrefixLength($0) }
        }
        #expect(length("&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:Apple Watch&gt;") == 33)
        #expect(length("&lt;&lt;HKDevice: 0x1&gt;, name:iPhone&gt;") == 25)
        #expect(length("name:Apple Watch") == 0)
        #expect(length("&lt;&lt;HKDevice: 0x1&amp;&gt;, name:x&gt;") == 0)
        #expect(length("&lt;&lt;HKDevice: 0x1>, name:x&gt;") == 0)
        #expect(length("&lt;&lt;HKDevice: 0x1") == 0)
        #expect(length("&lt;&lt;" + String(repeating: "9", count: 60) + "&gt;, name:x") == 0)
    }

    /// Records whose device differs only by its pointer share one device; a different device after the pointer,
    /// or a description without one, is its own.
    @Test func devicesDifferingOnlyByPointerAreOne() throws {
        let devices = [
            "&lt;&lt;HKDevice: 0xa1&gt;, name:Apple Watch, model:Watch&gt;",
            "&lt;&lt;HKDevice: 0xb2c3&gt;, name:Apple Watch, model:Watch&gt;",
            "&lt;&lt;HKDevice: 0xd4&gt;, name:Apple Watch, model:Watch, hardware:Watch7,3&gt;",
            "&lt;&lt;HKDevice: 0xe5&gt;, name:Apple Watch, model:Watch&gt;",
            "name:Apple Watch, model:Watch",
            "&lt;&lt;HKDevice: 0xf6&gt;, name:iPhone&gt;",
        ]
        let records = devices.map { Self.record("StepCount", "sourceName=\"Ana\"", "1", "count", $0) }
        let document = "<HealthData locale=\"en_US\">\n" + records.joined(separator: "\n") + "\n</HealthData>\n"
        let (batch, _) = try ExportParser(options: .init(chunkSize: 4_096, batchSize: 100)).parse(
            data: Data(document.utf8))
        let seen = batch.samples.compactMap(\.quantitySample).map {
            [$0.device?.name ?? "-", $0.device?.hardwareVersion ?? "-"]
        }
        #expect(
            seen == [
                ["Apple Watch", "-"], ["Apple Watch", "-"], ["Apple Watch", "Watch7,3"], ["Apple Watch", "-"],
                ["Apple Watch", "-"], ["iPhone", "-"],
            ])
        // Records 1, 2 and 4 have the same content (their pointers are not part of it): repeats, each its own UUID.
        let uuids = batch.samples.map(\.uuid)
        #expect(Set(uuids).count == uuids.count)
    }

    /// Attribute names are told apart from lent bytes: every name the mapper reads, near misses of the same
    /// length, the empty name, and a one-character literal (which may have no pointer representation).
    @Test func namesAreToldApartFromLentBytes() {
        func attribute(_ name: String) -> RecordAttribute {
            Array(name.utf8).withUnsafeBufferPointer { RecordAttribute($0) }
        }
        let known: [(String, RecordAttribute)] = [
            ("type", .type), ("value", .value), ("unit", .unit), ("sourceName", .sourceName), ("source", .sourceName),
            ("sourceVersion", .sourceVersion), ("device", .device), ("startDate", .startDate),
            ("endDate", .endDate), ("creationDate", .ignored), ("min", .minimum), ("max", .maximum),
            ("average", .average), ("recordCount", .recordCount),
        ]
        for (name, expected) in known { #expect(attribute(name) == expected, "\(name)") }
        for name in ["typo", "mix", "values", "sourceNamf", "", "HKMetadataKeyX", "endDatE"] {
            #expect(attribute(name) == .other, "\(name)")
        }
        let x = Array("x".utf8)
        #expect(x.withUnsafeBufferPointer { XMLStartTag.bytes($0, equal: "x") })
        #expect(!x.withUnsafeBufferPointer { XMLStartTag.bytes($0, equal: "y") })
        #expect([UInt8]().withUnsafeBufferPointer { XMLStartTag.bytes($0, equal: "") })
    }
}
