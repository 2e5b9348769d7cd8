import Foundation
import HealthCore
import HealthExport
import HealthStorageSQLite
import Testing

/// A batch is handed on once it holds `batchSize` items or once the chunks that filled it come to `batchBytes` of
/// the document (ExportParser.Options), so heavy records (heartbeat series, long metadata) make smaller batches
/// and the memory in flight stays bounded by bytes, whatever the records' shape.
@Suite("Export parser: batches bounded by the document's bytes")
struct BatchBytesTests {
    /// An HRV record with `beats` instantaneous beats: about 60 bytes of document per beat.
    private func heavyRecord(_ index: Int, beats: Int) -> String {
        let minute = index % 60
        let start = String(format: "2024-01-05 03:%02d:00 +0900", minute)
        let end = String(format: "2024-01-05 03:%02d:59 +0900", minute)
        var lines = [
            " <Record type=\"HKQuantityTypeIdentifierHeartRateVariabilitySDNN\" sourceName=\"Ana’s Apple Watch\" "
                + "sourceVersion=\"10.2\" unit=\"ms\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(20 + index)\">",
            "  <HeartRateVariabilityMetadataList>",
        ]
        for beat in 0..<beats {
            let second = Double(beat) * 0.8
            lines.append(
                String(
                    format: "   <InstantaneousBeatsPerMinute bpm=\"%d\" time=\"3:%02d:%05.2f AM\"/>", 60 + beat % 20,
                    minute, second))
        }
        lines += ["  </HeartRateVariabilityMetadataList>", " </Record>"]
        return lines.joined(separator: "\n")
    }

    private func plainRecord(_ index: Int) -> String {
        let time = String(format: "2024-01-05 07:%02d:%02d +0100", index / 60 % 60, index % 60)
        return " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Ana’s iPhone\" unit=\"count\" "
            + "startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(index + 1)\"/>"
    }

    private func document(_ records: [String]) -> Data {
        Data((["<HealthData locale=\"en_US\">"] + records + ["</HealthData>"]).joined(separator: "\n").utf8)
    }

    /// Every batch a parse hands on, in order.
    private func batches(_ data: Data, _ options: ExportParser.Options) throws -> [ExportBatch] {
        let chunks = stride(from: 0, to: data.count, by: options.chunkSize).map {
            data.subdata(in: $0..<min(data.count, $0 + options.chunkSize))
        }
        var batches: [ExportBatch] = []
        let summary = try ExportParser(options: options).parse(chunks: chunks) { batches.append($0) }
        #expect(summary.issues.isEmpty, "\(summary.issues)")
        return batches
    }

    @Test func heavyRecordsAreHandedOnByBytesWithTheSameSamples() throws {
        let data = document((0..<40).map { heavyRecord($0, beats: 50) })
        var options = ExportParser.Options(chunkSize: 1_024, batchSize: 10_000)
        options.batchBytes = 8 << 10
        let byBytes = try batches(data, options)
        options.batchBytes = .max
        let byCount = try batches(data, options)

        // 40 records of about 3 KB: one batch by count; by bytes, one per 8–9 KiB of the document.
        #expect(byCount.count == 1)
        let perBatch = (8 << 10) + options.chunkSize
        #expect(byBytes.count >= data.count / perBatch, "\(byBytes.count) batches for \(data.count) bytes")
        #expect(byBytes.count <= data.count / (8 << 10) + 1, "\(byBytes.count) batches for \(data.count) bytes")
        #expect(byBytes.dropLast().allSatisfy { $0.samples.count < byCount[0].samples.count / 4 })
        // Where the batches are cut changes nothing else: the same samples, in the same order.
        #expect(byBytes.flatMap(\.samples) == byCount[0].samples)
        #expect(byCount[0].samples.count == 80)  // each record: its HRV value and its heartbeat series
    }

    @Test func plainRecordsStillFillBatchesByCount() throws {
        // 600 records of about 180 bytes, 100 per batch: 18 KB a batch, far under the default 4 MiB.
        let data = document((0..<600).map(plainRecord))
        let batches = try batches(data, ExportParser.Options(chunkSize: 512, batchSize: 100))
        #expect(batches.map(\.samples.count).reduce(0, +) == 600)
        #expect(batches.dropLast().allSatisfy { (100..<105).contains($0.samples.count) }, "\(batches.map(\.count))")
    }

    @Test func anImportCutByBytesStoresWhatADefaultImportStores() async throws {
        let fixture = try Fixture.url("v14-modern")
        let directory = try ImportSupport.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var small = ExportImporter.Options()
        small.batchBytes = 1  // a batch after every chunk that brought a record
        small.chunkSize = 256
        let (defaultStore, defaultStorage) = try ImportSupport.sqliteStore(in: directory, name: "default.sqlite")
        defer { try? defaultStorage.close() }
        let (smallStore, smallStorage) = try ImportSupport.sqliteStore(in: directory, name: "small.sqlite")
        defer { try? smallStorage.close() }
        let expected = try await ImportSupport.importFile(fixture, into: defaultStore)
        let report = try await ImportSupport.importFile(fixture, into: smallStore, options: small)
        #expect(report.inserted == expected.inserted)
        #expect(report.inserted >= 10)
        #expect(try await ImportSupport.dump(smallStore) == ImportSupport.dump(defaultStore))
    }
}
