import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import Testing

@Suite struct StatisticsBucketsTests {
    struct DSTDay: Sendable, CustomTestStringConvertible {
        var zone: String
        var day: (Int, Int, Int)
        var hours: Int
        var testDescription: String { "\(zone) \(day.0)-\(day.1)-\(day.2)" }
    }

    static let dstDays = [
        DSTDay(zone: "America/New_York", day: (2024, 3, 10), hours: 23),
        DSTDay(zone: "America/New_York", day: (2024, 11, 3), hours: 25),
        DSTDay(zone: "Europe/Berlin", day: (2024, 3, 31), hours: 23),
        DSTDay(zone: "Europe/Berlin", day: (2024, 10, 27), hours: 25),
    ]

    @Test(arguments: dstDays)
    func dailyBucketsOnDSTDays(_ case_: DSTDay) throws {
        let calendar = Fixtures.calendar(case_.zone)
        let midnight = Fixtures.date(case_.day.0, case_.day.1, case_.day.2, in: calendar)
        // Anchored at local midnight far from the day, in the past and in the future.
        for anchor in [Fixtures.date(2001, 1, 1, in: calendar), Fixtures.date(2050, 6, 1, in: calendar)] {
            let days = try StatisticsBuckets(anchor: anchor, interval: DateComponents(day: 1), calendar: calendar)
            let bucket = try #require(days.bucket(containing: midnight.addingTimeInterval(12 * 3600)))
            #expect(bucket.start == midnight)
            #expect(bucket.duration == Double(case_.hours) * 3600)
        }
    }

    /// Hourly samples over four days: the DST day's bucket holds exactly its 23 or 25 samples.
    @Test(arguments: dstDays)
    func dstDayHoldsExactlyItsHourlySamples(_ case_: DSTDay) throws {
        let calendar = Fixtures.calendar(case_.zone)
        let midnight = Fixtures.date(case_.day.0, case_.day.1, case_.day.2, in: calendar)
        let inputs = (-48..<72).map { (hour: Int) -> StatisticsInput in
            let start: Date = midnight.addingTimeInterval(Double(hour) * 3600)
            let uuid: UUID = UUIDSequence.uuid(UInt64(hour + 100))
            return StatisticsInput(
                sourceBundleIdentifier: Src.watch, start: start, end: start.addingTimeInterval(3600), value: 10,
                uuid: uuid)
        }
        let days = try StatisticsBuckets(
            anchor: Fixtures.date(2024, 1, 1, in: calendar), interval: DateComponents(day: 1), calendar: calendar)
        let computation = try StatisticsComputation(
            type: .stepCount, options: [.cumulativeSum, .duration], sourceOrder: SourceOrder())
        let collection = computation.collection(of: inputs, buckets: days)
        let day = try #require(collection.first { $0.startDate == midnight })
        #expect(close(day.merged.sum, Double(case_.hours) * 10))
        #expect(day.merged.duration == Double(case_.hours) * 3600)
        #expect(close(collection.reduce(0.0) { $0 + ($1.merged.sum ?? 0) }, 1200))
    }

    @Test func monthBucketsHaveCalendarLengths() throws {
        let utc = Fixtures.calendar()
        let months = try StatisticsBuckets(
            anchor: Fixtures.date(2024, 1, 1), interval: DateComponents(month: 1), calendar: utc)
        let days = (-11...11).compactMap { months.bucket(at: $0) }.map { Int($0.duration / 86_400) }
        // 2023-02 … 2024-12: 28 in Feb 2023, 29 in Feb 2024.
        #expect(days == [28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
        #expect(months.index(containing: Fixtures.date(2024, 2, 29, 23, 59, 59)) == 1)
        #expect(months.index(containing: Fixtures.date(2024, 3, 1)) == 2)
    }

    @Test func monthBucketsMultiplyInsteadOfAdding() throws {
        let utc = Fixtures.calendar()
        let months = try StatisticsBuckets(
            anchor: Fixtures.date(2024, 1, 31), interval: DateComponents(month: 1), calendar: utc)
        #expect(months.start(ofBucket: 1) == Fixtures.date(2024, 2, 29))
        #expect(months.start(ofBucket: 2) == Fixtures.date(2024, 3, 31))  // not Mar 29
        #expect(months.start(ofBucket: -1) == Fixtures.date(2023, 12, 31))
    }

    @Test func indexFarFromTheAnchorInBothDirections() throws {
        let calendar = Fixtures.calendar("Europe/Berlin")
        let anchor = Fixtures.date(2024, 1, 1, 3, 34, in: calendar)
        for interval in [
            DateComponents(day: 1), DateComponents(hour: 1), DateComponents(month: 1), DateComponents(year: 1),
            DateComponents(weekOfYear: 1), DateComponents(minute: 15), DateComponents(day: 3, hour: 5),
        ] {
            let buckets = try StatisticsBuckets(anchor: anchor, interval: interval, calendar: calendar)
            for date in [
                Fixtures.date(1975, 7, 4, 12), Fixtures.date(2024, 1, 1, 2, 34), Fixtures.date(2090, 2, 28, 23, 59, 59),
            ] {
                let index = try #require(buckets.index(containing: date), "\(interval)")
                let bucket = try #require(buckets.bucket(at: index))
                #expect(bucket.start <= date && date < bucket.end, "\(interval) \(date)")
            }
        }
        let daily = try StatisticsBuckets(anchor: anchor, interval: DateComponents(day: 1), calendar: calendar)
        #expect(daily.index(containing: anchor) == 0)
        #expect(daily.index(containing: anchor.addingTimeInterval(-1)) == -1)
        #expect(
            daily.bucket(containing: Fixtures.date(2024, 5, 5, 12))?.start
                == Fixtures.date(2024, 5, 5, 3, 34, in: calendar))
    }

    @Test func enumerationCoversFromThrough() throws {
        let utc = Fixtures.calendar()
        let hours = try StatisticsBuckets(
            anchor: Fixtures.date(2024, 1, 1), interval: DateComponents(hour: 1), calendar: utc)
        let buckets = hours.buckets(from: Fixtures.date(2024, 1, 15, 9, 30), through: Fixtures.date(2024, 1, 15, 12))
        #expect(buckets.map(\.start) == (9...12).map { Fixtures.date(2024, 1, 15, $0) })
        #expect(
            hours.boundaries(from: Fixtures.date(2024, 1, 15, 9, 30), through: Fixtures.date(2024, 1, 15, 12)).count
                == 5)
        #expect(hours.buckets(from: Fixtures.date(2024, 1, 15, 12), through: Fixtures.date(2024, 1, 15, 9)).isEmpty)
        #expect(hours.indices(from: Fixtures.date(2024, 1, 1), through: Fixtures.date(2024, 1, 1, 0, 59)) == 0...0)
    }

    @Test func enumerationIncludesEmptyBuckets() throws {
        let computation = try StatisticsComputation(
            type: .stepCount, options: .cumulativeSum, sourceOrder: SourceOrder())
        let inputs = [StatsFixture.input(Src.watch, "09:50", "10:10", 1200, id: 1)]
        let rows = computation.statistics(
            of: inputs, buckets: try StatsFixture.hourly(), from: StatsFixture.time("08:00"),
            through: StatsFixture.time("11:30"))
        #expect(rows.count == 4)
        #expect(rows.map { $0.statistics?.merged.sum } == [nil, 600, 600, nil])
    }

    static let invalidIntervals: [DateComponents] = [
        DateComponents(), DateComponents(day: 0), DateComponents(day: -1), DateComponents(day: 1, hour: -1),
        DateComponents(weekday: 2), DateComponents(era: 1, day: 1), DateComponents(quarter: 1),
    ]

    @Test(arguments: invalidIntervals)
    func invalidIntervalsThrow(_ interval: DateComponents) {
        #expect {
            _ = try StatisticsBuckets(anchor: StatsFixture.day, interval: interval, calendar: StatsFixture.utc)
        } throws: { error in
            (error as? StatisticsError)?.code == .invalidInterval
        }
    }

    @Test func invalidBoundariesThrow() {
        let merge = CumulativeMerge(order: SourceOrder())
        #expect(throws: StatisticsError.self) { _ = try merge.sums(of: [], boundaries: [StatsFixture.day]) }
        #expect(throws: StatisticsError.self) {
            _ = try merge.sums(of: [], boundaries: [StatsFixture.day, StatsFixture.day])
        }
    }
}
