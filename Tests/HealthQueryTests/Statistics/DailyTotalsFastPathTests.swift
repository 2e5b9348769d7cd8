import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import Testing

/// Daily totals over years in one sweep: ten years of hourly watch samples and half-hourly phone samples.
@Suite struct DailyTotalsFastPathTests {
    @Test func tenYearsOfDailyTotals() throws {
        let calendar = Fixtures.calendar("America/New_York")
        let start = Fixtures.date(2015, 1, 1, in: calendar)
        let end = Fixtures.date(2025, 1, 1, in: calendar)
        let hours = Int(end.timeIntervalSince(start) / 3600)
        var inputs: [StatisticsInput] = []
        inputs.reserveCapacity(hours * 3)
        for hour in 0..<hours {
            let from = start.addingTimeInterval(Double(hour) * 3600)
            inputs.append(
                StatisticsInput(
                    sourceBundleIdentifier: Src.watch, start: from, end: from.addingTimeInterval(1800), value: 100,
                    uuid: UUIDSequence.uuid(UInt64(3 * hour))))
            for half in 0..<2 {
                let phoneStart = from.addingTimeInterval(Double(half) * 1800)
                inputs.append(
                    StatisticsInput(
                        sourceBundleIdentifier: Src.phone, start: phoneStart, end: phoneStart.addingTimeInterval(1800),
                        value: 40, uuid: UUIDSequence.uuid(UInt64(3 * hour + 1 + half))))
            }
        }
        let days = try StatisticsBuckets(anchor: start, interval: DateComponents(day: 1), calendar: calendar)
        let boundaries = days.boundaries(from: start, through: end.addingTimeInterval(-1))
        #expect(boundaries.count == 3654)  // 3653 days
        let sums = try CumulativeMerge(order: SourceOrder([Src.watch, Src.phone])).sums(
            of: inputs, boundaries: boundaries)
        // Each hour: the watch's 100 wins its half hour, the phone fills the other with 40.
        for (index, sum) in sums.enumerated() {
            let hoursInDay = (boundaries[index + 1].timeIntervalSince(boundaries[index]) / 3600).rounded()
            #expect(close(sum, 140 * hoursInDay))
        }
        #expect(close(sums.reduce(0) { $0 + ($1 ?? 0) }, 140 * Double(hours)))
    }
}
