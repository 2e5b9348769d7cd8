import Foundation
import HealthCore
import HealthExport
import Testing

/// A record's `value` must read the same inside a run of records of its type as at the run's start. The mapper
/// works out what repeats once per run (ExportRecordMapper+Runs.swift), so a faster reading of the values inside a
/// run — from their bytes, with no string (decision 0013; BENCHMARKS.md, "Where the parse's time goes, by
/// subtraction") — is where a reading could drift. Every spelling must give the same sample, UUID and issue.
@Suite("Export parser: record values read in a run and at its start")
struct RecordValueSpellingTests {
    private static let spellings = [
        "72", "0.529", "-3.25", "007", "0", "-0", "1e3", "+5", "72.", ".5", " 7", "1&#48;", "9007199254740993",
        "0.1234567890123456789012345", "nan", "inf", "", "abc", "&#x31;&#x32;",
    ]

    private func record(_ type: String, unit: String, value: String, minute: Int) -> String {
        let time = String(format: "2024-01-05 07:%02d:00 +0100", minute)
        return " <Record type=\"\(type)\" sourceName=\"Watch\" sourceVersion=\"10.1\" unit=\"\(unit)\" "
            + "startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(value)\"/>"
    }

    /// The samples and issues of one document.
    private func parse(_ records: [String]) throws -> (samples: [AnySample], issues: [String]) {
        let text = (["<HealthData locale=\"en_US\">"] + records + ["</HealthData>"]).joined(separator: "\n")
        let (batch, summary) = try ExportParser().parse(data: Data(text.utf8))
        return (batch.samples, summary.issues.map(\.message))
    }

    /// Each spelling as the second record of a run of its type (where a faster reading inside a run would take it)
    /// and as the first of a run, after a record of another type: the same sample or issue.
    private func expectSameReading(type: String, unit: String, otherType: String, otherUnit: String) throws {
        for (index, spelling) in Self.spellings.enumerated() {
            let minute = 10 + index
            let inRun = try parse([
                record(type, unit: unit, value: "1", minute: 0),
                record(type, unit: unit, value: spelling, minute: minute),
            ])
            let atStart = try parse([
                record(otherType, unit: otherUnit, value: "1", minute: 0),
                record(type, unit: unit, value: spelling, minute: minute),
            ])
            // The first record of each document is a plain one of its own; the second is the one compared.
            #expect(Array(inRun.samples.dropFirst()) == Array(atStart.samples.dropFirst()), "\(spelling)")
            #expect(inRun.issues == atStart.issues, "\(spelling)")
        }
    }

    @Test func quantityValuesReadInARunEqualThoseReadAtItsStart() throws {
        try expectSameReading(
            type: "HKQuantityTypeIdentifierStepCount", unit: "count",
            otherType: "HKQuantityTypeIdentifierActiveEnergyBurned", otherUnit: "kcal")
        // The spellings the fast path takes, read in a run, are the numbers `Double(text)` reads.
        let (samples, issues) = try parse(
            ["1", "0.529", "-3.25", "007", "9007199254740993"].enumerated().map { index, value in
                record("HKQuantityTypeIdentifierBodyMass", unit: "kg", value: value, minute: index)
            })
        #expect(issues.isEmpty)
        #expect(
            try samples.compactMap { try $0.quantitySample?.quantity.doubleValue(for: .gramUnit(with: .kilo)) }
                == [1, 0.529, -3.25, 7, 9_007_199_254_740_992])
    }

    @Test func categoryValuesReadInARunEqualThoseReadAtItsStart() throws {
        // A category's value is its symbolic name or an integer: never read as a quantity's number.
        try expectSameReading(
            type: "HKCategoryTypeIdentifierSleepAnalysis", unit: "", otherType: "HKQuantityTypeIdentifierStepCount",
            otherUnit: "count")
        let (samples, _) = try parse(
            ["0", "2", "HKCategoryValueSleepAnalysisAsleepREM"].enumerated().map { index, value in
                record("HKCategoryTypeIdentifierSleepAnalysis", unit: "", value: value, minute: index)
            })
        #expect(samples.compactMap { $0.categorySample?.value } == [0, 2, 5])
    }

    @Test func aRunThatSwitchesBetweenAQuantityAndACategoryTypeReadsEachAsItsOwn() throws {
        let steps = "HKQuantityTypeIdentifierStepCount"
        let sleep = "HKCategoryTypeIdentifierSleepAnalysis"
        let (samples, issues) = try parse([
            record(steps, unit: "count", value: "3", minute: 0), record(sleep, unit: "", value: "2", minute: 1),
            record(steps, unit: "count", value: "4", minute: 2), record(sleep, unit: "", value: "1", minute: 3),
            record(sleep, unit: "", value: "0", minute: 4), record(steps, unit: "count", value: "5", minute: 5),
        ])
        #expect(issues.isEmpty)
        #expect(try samples.compactMap { try $0.quantitySample?.quantity.doubleValue(for: .count()) } == [3, 4, 5])
        #expect(samples.compactMap { $0.categorySample?.value } == [2, 1, 0])
    }
}
