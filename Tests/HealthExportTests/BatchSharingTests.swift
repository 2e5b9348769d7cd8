import Foundation
import HealthCore
import HealthExport
import HealthTesting
import Testing

/// The samples of one batch share their source revision, device and metadata key; the next batch gets its own,
/// equal ones, so
/// an importer's writing thread (copying one batch) and parsing thread (making the next) never update one
/// object's reference count at the same time. Record types come from the catalog (ExportRecordMapper).
@Suite("Export parser: what the samples of a batch share")
struct BatchSharingTests {
    static let device =
        "&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
        + "hardware:Watch6,1, software:10.1&gt;"

    /// Eight heart-rate records of one watch, each with a motion context, in batches of four.
    static func batches() throws -> [[QuantitySample]] {
        let records = (0..<8).map { minute in
            let time = String(format: "2024-01-05 07:%02d:00 +0100", minute)
            return " <Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"Ana’s Apple Watch\" "
                + "sourceVersion=\"10.1\" device=\"\(device)\" unit=\"count/min\" startDate=\"\(time)\" "
                + "endDate=\"\(time)\" value=\"\(60 + minute)\">\n"
                + "  <MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"1\"/>\n </Record>"
        }
        // A batch is taken after a chunk that leaves four samples waiting: one chunk per four records.
        let chunks = [
            "<HealthData locale=\"en_US\">\n", records[0..<4].joined(separator: "\n") + "\n",
            records[4..<8].joined(separator: "\n") + "\n", "</HealthData>\n",
        ].map { Data($0.utf8) }
        var batches: [[QuantitySample]] = []
        _ = try ExportParser(options: .init(chunkSize: 1 << 16, batchSize: 4)).parse(chunks: chunks) { batch in
            let samples = batch.samples.compactMap(\.quantitySample)
            if !samples.isEmpty { batches.append(samples) }
        }
        return batches
    }

    @Test func aBatchSharesItsRevisionAndDeviceAndTheNextBatchHasItsOwn() throws {
        let batches = try Self.batches()
        try #require(batches.map(\.count) == [4, 4])
        for batch in batches {
            let first = try #require(batch.first)
            let revision = try #require(first.sourceRevision)
            let device = try #require(first.device)
            for sample in batch.dropFirst() {
                #expect(try #require(sample.sourceRevision).isIdentical(to: revision))
                #expect(try #require(sample.device).isIdentical(to: device))
            }
        }
        let (one, two) = (batches[0][0], batches[1][0])
        #expect(one.sourceRevision == two.sourceRevision && one.device == two.device)
        #expect(try !#require(one.sourceRevision).isIdentical(to: #require(two.sourceRevision)))
        #expect(try !#require(one.device).isIdentical(to: #require(two.device)))
    }

    @Test func aBatchSharesItsMetadataKeyAndTheNextBatchHasItsOwn() throws {
        let batches = try Self.batches()
        try #require(batches.map(\.count) == [4, 4])
        let key = "HKMetadataKeyHeartRateMotionContext"
        func storage(_ sample: QuantitySample) throws -> UnsafeRawPointer? {
            let stored = try #require(sample.metadata.first { $0.key.rawValue == key })
            #expect(stored.value == .number(1))
            return utf8Storage(of: stored.key.rawValue)
        }
        for batch in batches {
            let first = try storage(try #require(batch.first))
            #expect(first != nil)
            for sample in batch.dropFirst() { #expect(try storage(sample) == first) }
        }
        #expect(try storage(batches[0][0]) != storage(batches[1][0]))
    }

    @Test func recordTypesAreTheCatalogs() throws {
        let sample = try #require(try Self.batches().first?.first)
        #expect(sample.quantityType == .heartRate)
        #expect(
            utf8Storage(of: sample.quantityType.rawValue)
                == utf8Storage(of: QuantityTypeIdentifier.heartRate.rawValue))
    }
}
