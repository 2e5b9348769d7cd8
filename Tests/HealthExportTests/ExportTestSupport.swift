import Foundation
import HealthCore
import HealthExport
import Testing

/// Fixture loading and small helpers shared by the export tests.
enum Fixture {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "xml", subdirectory: "Fixtures"))
    }

    /// Parses a fixture file and merges its batches.
    static func parse(_ name: String) throws -> (batch: ExportBatch, summary: ExportSummary) {
        var merged = ExportBatch()
        let summary = try ExportParser(options: .init(chunkSize: 97, batchSize: 2)).parse(fileAt: url(name)) { batch in
            merged.samples += batch.samples
            merged.activitySummaries += batch.activitySummaries
            merged.routeFiles += batch.routeFiles
            merged.clinicalFiles += batch.clinicalFiles
        }
        return (merged, summary)
    }

    static func date(_ text: String) throws -> Date {
        try #require(ExportDateParser.parse(text))
    }

    static func unit(_ text: String) throws -> HealthUnit {
        try HealthUnit(from: text)
    }
}

extension ExportBatch {
    func quantities(_ type: QuantityTypeIdentifier) -> [QuantitySample] {
        samples.compactMap(\.quantitySample).filter { $0.quantityType == type }
    }

    func categories(_ type: CategoryTypeIdentifier) -> [CategorySample] {
        samples.compactMap(\.categorySample).filter { $0.categoryType == type }
    }

    var workouts: [Workout] { samples.compactMap(\.workout) }
}
