import Foundation
import HealthCore
import HealthExport

/// Everything one parse produced: the public content of its batches, merged, and the summary or the error.
struct ParseOutcome: Equatable {
    var batch = Output()
    var summary: ExportSummary?
    var error: ExportError?

    /// The public parts of ``ExportBatch`` (internal bookkeeping may differ with how batches were merged).
    struct Output: Equatable {
        var samples: [AnySample] = []
        var activitySummaries: [ActivitySummary] = []
        var routeFiles: [RouteFileReference] = []

        init() {}

        init(_ batch: ExportBatch) {
            append(batch)
        }

        mutating func append(_ batch: ExportBatch) {
            samples += batch.samples
            activitySummaries += batch.activitySummaries
            routeFiles += batch.routeFiles
        }
    }
}

/// The full path (scanner, mapper, batching): one chunk against the planned chunks, plus the promises of a parse.
enum ParserCheck {
    /// Parses `body` in one chunk and in the planned chunks, and traps unless the two agree with each other and
    /// with the scanner's outcome. Fixed-size plans go through `parse(data:)`, varying ones through `parse(chunks:)`.
    static func run(_ body: [UInt8], plan: ChunkPlan, scan: ScanOutcome) {
        let data = Data(body)
        let whole = outcome { try merged(ExportParser().parse(data: data)) }
        let chunked: ParseOutcome
        if let size = plan.fixedSize {
            let parser = ExportParser(options: .init(chunkSize: size, batchSize: plan.batchSize))
            chunked = outcome { try merged(parser.parse(data: data)) }
        } else {
            chunked = parseChunks(data, plan: plan)
        }
        if whole != chunked { reportDifference(whole, chunked, plan: plan) }
        // The one-pass reader of plain records must map the same as the general path.
        var general = ExportParser.Options()
        general.readsPlainRecordsInOnePass = false
        let generalPath = outcome { try merged(ExportParser(options: general).parse(data: data)) }
        if whole != generalPath {
            reportDifference(
                whole, generalPath, plan: plan, what: "parsing with the one-pass reader of plain records off")
        }
        invariant(whole.error == scan.error, "the parser's error \(describe(whole.error)) is not the scanner's")
        guard let summary = whole.summary else { return }
        checkSummary(summary, whole.batch, scan: scan, byteCount: body.count)
    }

    /// Runs `parse` and keeps its result or its typed error; any other error traps.
    private static func outcome(_ parse: () throws -> (ParseOutcome.Output, ExportSummary)) -> ParseOutcome {
        do {
            let (batch, summary) = try parse()
            return ParseOutcome(batch: batch, summary: summary)
        } catch let error as ExportError {
            return ParseOutcome(error: error)
        } catch {
            invariant(false, "the parser threw a \(type(of: error)), not an ExportError")
            return ParseOutcome()
        }
    }

    private static func merged(
        _ result: (batch: ExportBatch, summary: ExportSummary)
    ) -> (
        ParseOutcome.Output, ExportSummary
    ) {
        (ParseOutcome.Output(result.batch), result.summary)
    }

    /// `parse(chunks:)` over `Data` slices of the planned sizes, checking every batch and progress report.
    private static func parseChunks(_ data: Data, plan: ChunkPlan) -> ParseOutcome {
        let parser = ExportParser(options: .init(chunkSize: 1, batchSize: plan.batchSize))
        var lastBytes = 0
        var lastRecords = 0
        return outcome {
            var merged = ParseOutcome.Output()
            let summary = try parser.parse(chunks: plan.ranges.map { data[$0] }) { batch in
                invariant(!batch.isEmpty, "an empty batch was delivered")
                merged.append(batch)
            } progress: { progress in
                invariant(progress.bytesRead >= lastBytes && progress.bytesRead <= data.count, "progress bytes")
                invariant(progress.recordsRead >= lastRecords, "progress records go backwards")
                lastBytes = progress.bytesRead
                lastRecords = progress.recordsRead
            }
            return (merged, summary)
        }
    }

    /// The summary counts what the batches hold, and imported objects have distinct identities.
    private static func checkSummary(
        _ summary: ExportSummary, _ batch: ParseOutcome.Output, scan: ScanOutcome, byteCount: Int
    ) {
        invariant(summary.bytesRead == byteCount, "bytesRead \(summary.bytesRead) of \(byteCount)")
        invariant(summary.recoveredAttributeNames == scan.recoveredAttributeNames, "recovered names differ")
        invariant(batch.samples.count == summary.samplesEmitted, "samplesEmitted disagrees with the samples")
        invariant(batch.activitySummaries.count == summary.activitySummaries, "activity summaries disagree")
        invariant(batch.routeFiles.count == summary.routeFileReferences, "route file references disagree")
        invariant(
            summary.issues.count == min(summary.issueCount, ExportSummary.maximumIssues),
            "issues disagree with issueCount")
        var seen: Set<UUID> = []
        for sample in batch.samples {
            invariant(seen.insert(sample.uuid).inserted, "two imported objects share a UUID")
            if case .correlation(let correlation) = sample {
                for member in correlation.quantitySamples {
                    invariant(seen.insert(member.uuid).inserted, "a correlation member shares a UUID")
                }
                for member in correlation.categorySamples {
                    invariant(seen.insert(member.uuid).inserted, "a correlation member shares a UUID")
                }
            }
        }
    }

    private static func describe(_ error: ExportError?) -> String {
        error.map(String.init(describing:)) ?? "no error"
    }

    private static func reportDifference(
        _ whole: ParseOutcome, _ chunked: ParseOutcome, plan: ChunkPlan, what: String? = nil
    ) {
        var message =
            what.map { "\($0) differs from one chunk\n" }
            ?? "parsing in chunks (\(plan.ranges.prefix(16).map(\.count))…) differs from one chunk\n"
        message += "  error: \(describe(whole.error)) vs \(describe(chunked.error))\n"
        message += differences(whole.batch, chunked.batch)
        if let left = whole.summary, let right = chunked.summary { message += differences(left, right) }
        invariant(false, message)
    }

    /// The stored properties of two values that differ (by `==` where they are equatable), one line each.
    private static func differences<T>(_ left: T, _ right: T) -> String {
        var lines: [String] = []
        for (one, two) in zip(Mirror(reflecting: left).children, Mirror(reflecting: right).children) {
            let label = one.label ?? "?"
            if let first = one.value as? [AnySample], let second = two.value as? [AnySample], first != second {
                let index = zip(first, second).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                lines.append("  \(label): \(first.count) vs \(second.count), first difference at \(index ?? -1)")
                if let index {
                    lines.append("    one chunk: \(first[index])")
                    lines.append("    in chunks: \(second[index])")
                }
                continue
            }
            let a = String(describing: one.value)
            let b = String(describing: two.value)
            let equal = (one.value as? any Equatable).map { isEqual($0, two.value) } ?? (a == b)
            if !equal { lines.append("  \(label): \(a.prefix(600))\n    vs \(b.prefix(600))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func isEqual<T: Equatable>(_ left: T, _ right: Any) -> Bool {
        (right as? T) == left
    }
}
