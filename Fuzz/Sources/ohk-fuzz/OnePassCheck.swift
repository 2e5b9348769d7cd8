import Foundation
import HealthCore
import HealthExport

/// The optimised build must take the one-pass reader of plain records (decision 0013), or ``ParserCheck``'s
/// comparison with the reader off compares the general path with itself.
///
/// A release-only miscompile once made the reader give up on every record while every (debug) test passed
/// (BENCHMARKS.md, "The plain record read in one pass"): this target is the project's one `-O` build in CI, so it
/// checks, once per process on its first input, that a run of 200 heart-rate records (every other one with a
/// metadata entry) has 199 read in one pass and maps to the same samples as with the reader off.
enum OnePassCheck {
    /// True once the check has run; it aborts (as a finding) when the reader is not taken or maps differently.
    static let passed: Bool = run()

    private static func run() -> Bool {
        let document = Data(Self.document.utf8)
        var on = ExportRecordMapper()
        let taken = map(document, &on)
        var off = ExportRecordMapper()
        off.readsPlainRecordsInOnePass = false
        let general = map(document, &off)
        invariant(
            on.plainRecordsRead == 199,
            "the optimised build read \(on.plainRecordsRead) of 200 plain records in one pass, not 199")
        invariant(off.plainRecordsRead == 0, "the reader ran while switched off")
        invariant(taken.count == 200, "the one-pass reader's run mapped to \(taken.count) samples, not 200")
        invariant(taken == general, "the one-pass reader mapped a run differently from the general path")
        return true
    }

    private static func map(_ document: Data, _ mapper: inout ExportRecordMapper) -> [AnySample] {
        var scanner = XMLScanner()
        do {
            try scanner.feed(document) { mapper.consume($0) }
            try scanner.finish { mapper.consume($0) }
        } catch {
            invariant(false, "the one-pass check's document did not scan: \(error)")
        }
        mapper.finish()
        return mapper.takeBatch().samples
    }

    private static let document: String = {
        let watch =
            "&lt;&lt;HKDevice: 0x2e54920b0&gt;, name:Apple Watch, manufacturer:Apple Inc., model:Watch, "
            + "hardware:Watch6,1, software:10.1&gt;"
        var lines = ["<HealthData locale=\"en_US\">"]
        for minute in 0..<200 {
            let time = String(format: "2024-03-01 %02d:%02d:00 +0100", minute / 60, minute % 60)
            let head =
                "<Record type=\"HKQuantityTypeIdentifierHeartRate\" sourceName=\"W\" sourceVersion=\"10.1\" "
                + "device=\"\(watch)\" unit=\"count/min\" startDate=\"\(time)\" endDate=\"\(time)\" "
                + "value=\"\(60 + minute % 40).\(minute % 10)\""
            lines.append(
                minute % 2 == 0
                    ? head + "/>"
                    : head
                        + "><MetadataEntry key=\"HKMetadataKeyHeartRateMotionContext\" value=\"\(minute % 3)\"/></Record>"
            )
        }
        lines.append("</HealthData>")
        return lines.joined(separator: "\n")
    }()
}
