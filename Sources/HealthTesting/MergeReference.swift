import Foundation
public import HealthCore

/// A simple, exact reference for the watch-first merge of a cumulative type, used to check statistics.
///
/// Rule (reference §6.4 with two sources, the preferred one ranked first): every sample of the preferred
/// source counts in full; a sample of any other source counts only for the part of its interval that no
/// preferred sample covers, prorated by time (a uniform rate over its interval); an instantaneous sample of
/// another source counts in full unless a preferred sample covers its instant. The preferred source's own
/// overlaps add up, as do the other sources' overlaps with each other (exact for two sources).
///
/// ```swift
/// // Watch 09:00–09:10 1000 steps; phone 09:05–09:15 600 steps
/// MergeReference.preferredSourceTotal(of: .stepCount, in: samples, unit: .count(), preferring: watch) // 1300
/// ```
public enum MergeReference {
    /// The merged total of `type` over all of `samples`, in `unit`.
    /// - Parameters:
    ///   - type: A cumulative quantity type.
    ///   - samples: Any samples; others are ignored.
    ///   - unit: The unit of the result (compatible with the type).
    ///   - preferred: The source that wins wherever it has a sample (the watch).
    /// - Returns: The total; 0 when there are no samples of the type.
    /// - Complexity: O(n log n + n·k) for n samples and k merged preferred intervals touched.
    public static func preferredSourceTotal(
        of type: QuantityTypeIdentifier,
        in samples: [AnySample],
        unit: HealthUnit,
        preferring preferred: Source
    ) -> Double {
        let matching = samples.compactMap(\.quantitySample).filter { $0.quantityType == type }
        let winners = matching.filter { $0.sourceRevision?.source == preferred }
        let others = matching.filter { $0.sourceRevision?.source != preferred }
        let covered = ReferenceSpan.union(winners.map { ReferenceSpan(start: $0.startDate, end: $0.endDate) })
        var total = 0.0
        for sample in winners { total += (try? sample.quantity.doubleValue(for: unit)) ?? 0 }
        for sample in others {
            let value = (try? sample.quantity.doubleValue(for: unit)) ?? 0
            let span = ReferenceSpan(start: sample.startDate, end: sample.endDate)
            guard span.seconds > 0 else {
                let hidden = covered.contains { $0.start <= span.start && span.start < $0.end }
                if !hidden { total += value }
                continue
            }
            let hiddenSeconds = overlap(of: span, with: covered)
            total += value * (span.seconds - hiddenSeconds) / span.seconds
        }
        return total
    }

    /// Seconds of `span` covered by the sorted, disjoint `covered` spans (binary search for the first).
    private static func overlap(of span: ReferenceSpan, with covered: [ReferenceSpan]) -> Double {
        var low = 0
        var high = covered.count
        while low < high {
            let middle = (low + high) / 2
            if covered[middle].end <= span.start { low = middle + 1 } else { high = middle }
        }
        var seconds = 0.0
        var index = low
        while index < covered.count, covered[index].start < span.end {
            seconds += span.overlap(with: covered[index])
            index += 1
        }
        return seconds
    }
}

/// A half-open interval `[start, end)` of the reference merge (kept apart from the simulator's own intervals, so
/// the oracle shares no code with what it checks).
private struct ReferenceSpan {
    var start: Date
    var end: Date

    var seconds: TimeInterval { end.timeIntervalSince(start) }

    func overlap(with other: ReferenceSpan) -> TimeInterval {
        max(0, min(end, other.end).timeIntervalSince(max(start, other.start)))
    }

    /// Sorted, merged union of `spans`.
    static func union(_ spans: [ReferenceSpan]) -> [ReferenceSpan] {
        var merged: [ReferenceSpan] = []
        for span in spans.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) where span.end > span.start {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        return merged
    }
}
