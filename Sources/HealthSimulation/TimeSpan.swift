import Foundation

/// A half-open time interval `[start, end)` with set operations the day plans need.
struct TimeSpan: Hashable {
    var start: Date
    var end: Date

    var seconds: TimeInterval { end.timeIntervalSince(start) }

    /// The overlap with `other` in seconds (0 when disjoint).
    func overlap(with other: TimeSpan) -> TimeInterval {
        max(0, min(end, other.end).timeIntervalSince(max(start, other.start)))
    }

    /// The parts of `spans` not covered by any of `holes`.
    static func subtracting(_ holes: [TimeSpan], from spans: [TimeSpan]) -> [TimeSpan] {
        var result = spans.filter { $0.end > $0.start }
        for hole in holes where hole.end > hole.start {
            result = result.flatMap { span -> [TimeSpan] in
                guard span.overlap(with: hole) > 0 else { return [span] }
                var parts: [TimeSpan] = []
                if span.start < hole.start { parts.append(TimeSpan(start: span.start, end: hole.start)) }
                if hole.end < span.end { parts.append(TimeSpan(start: hole.end, end: span.end)) }
                return parts
            }
        }
        return result
    }

    /// Sorted, merged union of `spans`.
    static func union(_ spans: [TimeSpan]) -> [TimeSpan] {
        var merged: [TimeSpan] = []
        for span in spans.sorted(by: { ($0.start, $0.end) < ($1.start, $1.end) }) where span.end > span.start {
            if let last = merged.last, span.start <= last.end {
                merged[merged.count - 1].end = max(last.end, span.end)
            } else {
                merged.append(span)
            }
        }
        return merged
    }

    /// This span cut into consecutive pieces of at most `length` seconds, from its start.
    func chunks(of length: TimeInterval) -> [TimeSpan] {
        var pieces: [TimeSpan] = []
        var cursor = start
        while cursor < end {
            let next = min(end, cursor.addingTimeInterval(length))
            pieces.append(TimeSpan(start: cursor, end: next))
            cursor = next
        }
        return pieces
    }
}
