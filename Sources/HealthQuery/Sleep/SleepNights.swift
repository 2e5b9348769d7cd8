import Foundation
import HealthCore

/// Sleep analysis samples → nights (a pure function; ``HealthStore/sleepNights(from:to:)`` reads the samples).
///
/// - A night is a run of sleep samples (any value, any source) with gaps of at most ``maximumGap`` between them,
///   filed under the local day its last sample ends — the wake-up day, as the Health app files a night. Two runs
///   that end on the same day (a nap after a night) are one entry.
/// - Asleep and awake are one timeline merged by source priority, as the Health app merges overlapping sources:
///   the highest-priority source's values (stages, unspecified asleep, awake) hold where it recorded anything,
///   the next source fills only what is left, and so on — an instant is counted once, as one value. Within one
///   source, stages come before unspecified asleep, and both before awake.
/// - In bed stays apart (a phone's in-bed and a watch's stages overlap by design): the union of every source's
///   in-bed intervals.
enum SleepNights {
    /// The longest gap inside one night.
    static let maximumGap: TimeInterval = 3 * 3_600

    static func nights(
        from samples: [CategorySample], calendar: Calendar, order: SourceOrder = SourceOrder()
    )
        -> [SleepNight]
    {
        let sleep = samples.filter { $0.endDate > $0.startDate }.sorted { $0.startDate < $1.startDate }
        var runs: [[CategorySample]] = []
        var runEnd = Date.distantPast
        for sample in sleep {
            if runs.isEmpty || sample.startDate.timeIntervalSince(runEnd) > maximumGap {
                runs.append([sample])
                runEnd = sample.endDate
            } else {
                runs[runs.count - 1].append(sample)
                runEnd = max(runEnd, sample.endDate)
            }
        }
        var byDay: [CalendarDay: [CategorySample]] = [:]
        for run in runs {
            guard let last = run.map(\.endDate).max(), let day = CalendarDay(last, in: calendar) else { continue }
            byDay[day, default: []] += run
        }
        return byDay.keys.sorted().compactMap { day in byDay[day].map { night(day, $0, order: order) } }
    }

    /// The timeline's values, in the order one source's own overlaps are resolved.
    static let timelineValues: [CategoryValueSleepAnalysis] = [
        .asleepCore, .asleepDeep, .asleepREM, .asleepUnspecified, .awake,
    ]

    private static func night(_ day: CalendarDay, _ samples: [CategorySample], order: SourceOrder) -> SleepNight {
        func intervals(_ samples: [CategorySample], _ value: CategoryValueSleepAnalysis) -> [DateInterval] {
            union(
                samples.filter { $0.value == value.rawValue }.map { DateInterval(start: $0.startDate, end: $0.endDate) }
            )
        }
        let inBed = intervals(samples, .inBed)
        // The timeline, source by source in priority order: each fills only what higher sources left.
        let bySource = Dictionary(grouping: samples) { $0.sourceRevision?.source.bundleIdentifier ?? "" }
        let sources = bySource.keys.sorted { left, right in
            let (l, r) = (order.rank(of: left), order.rank(of: right))
            return l != r ? l < r : left < right
        }
        var covered: [DateInterval] = []
        var time: [CategoryValueSleepAnalysis: TimeInterval] = [:]
        for source in sources {
            for value in timelineValues {
                let claimed = subtract(intervals(bySource[source] ?? [], value), covered)
                time[value, default: 0] += total(claimed)
                covered = union(covered + claimed)
            }
        }
        let core = time[.asleepCore] ?? 0
        let deep = time[.asleepDeep] ?? 0
        let rem = time[.asleepREM] ?? 0
        let unspecified = time[.asleepUnspecified] ?? 0
        return SleepNight(
            day: day, start: samples.map(\.startDate).min() ?? Date.distantPast,
            end: samples.map(\.endDate).max() ?? Date.distantPast, inBedStart: inBed.first?.start,
            inBedEnd: inBed.last?.end, inBed: total(inBed), asleep: core + deep + rem + unspecified, core: core,
            deep: deep, rem: rem, unspecified: unspecified, awake: time[.awake] ?? 0)
    }

    /// Sorted, non-overlapping intervals covering the same instants.
    static func union(_ intervals: [DateInterval]) -> [DateInterval] {
        var merged: [DateInterval] = []
        for interval in intervals.sorted(by: { $0.start < $1.start }) {
            if let last = merged.last, interval.start <= last.end {
                merged[merged.count - 1] = DateInterval(start: last.start, end: max(last.end, interval.end))
            } else {
                merged.append(interval)
            }
        }
        return merged
    }

    /// The parts of `intervals` outside `removed` (both sorted and non-overlapping).
    static func subtract(_ intervals: [DateInterval], _ removed: [DateInterval]) -> [DateInterval] {
        var result: [DateInterval] = []
        for interval in intervals {
            var pieces = [interval]
            for cut in removed where cut.end > interval.start && cut.start < interval.end {
                pieces = pieces.flatMap { piece -> [DateInterval] in
                    guard cut.end > piece.start, cut.start < piece.end else { return [piece] }
                    var left: [DateInterval] = []
                    if cut.start > piece.start { left.append(DateInterval(start: piece.start, end: cut.start)) }
                    if cut.end < piece.end { left.append(DateInterval(start: cut.end, end: piece.end)) }
                    return left
                }
            }
            result += pieces
        }
        return result
    }

    static func total(_ intervals: [DateInterval]) -> TimeInterval { intervals.reduce(0) { $0 + $1.duration } }
}

extension CalendarDay {
    /// The local day of an instant.
    init?(_ date: Date, in calendar: Calendar) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        self.init(year: year, month: month, day: day)
    }
}
