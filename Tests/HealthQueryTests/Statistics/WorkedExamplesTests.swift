import Foundation
import HealthCore
import HealthQuery
import HealthTesting
import Testing

/// One row of §6.5.
struct WorkedExample: Sendable, CustomTestStringConvertible {
    var id: String
    var inputs: [StatisticsInput]
    var order: [String]
    var window: DateInterval = StatsFixture.all
    var merged: Double
    var perSource: [String: Double] = [:]
    /// Hour label ("09:00") → merged value of that hourly bucket.
    var hourly: [String: Double] = [:]
    var testDescription: String { id }
}

extension WorkedExample {
    typealias F = StatsFixture

    static let e1Inputs = [
        F.input(Src.watch, "09:00", "09:10", 1000, id: 1), F.input(Src.phone, "09:05", "09:15", 600, id: 2),
    ]
    static let e6Inputs = [
        F.input(Src.watch, "13:24", "14:36", 80, id: 1), F.input(Src.watch, "13:57", "14:02", 100, id: 2),
        F.input(Src.watch, "14:30", "14:42", 200, id: 3), F.input(Src.watch, "14:55", "15:07", 120, id: 4),
    ]
    static let e10Inputs = [
        F.input(Src.appA, "10:00", "10:00", 50, id: 1), F.input(Src.watch, "09:55", "10:05", 1000, id: 2),
    ]

    static let all: [WorkedExample] = [
        WorkedExample(
            id: "E1", inputs: e1Inputs, order: [Src.watch, Src.phone], merged: 1300,
            perSource: [Src.watch: 1000, Src.phone: 600], hourly: ["09:00": 1300]),
        WorkedExample(
            id: "E2", inputs: e1Inputs, order: [Src.phone, Src.watch], merged: 1100,
            perSource: [Src.watch: 1000, Src.phone: 600], hourly: ["09:00": 1100]),
        WorkedExample(
            id: "E3", inputs: [F.input(Src.watch, "09:50", "10:10", 1200, id: 1)], order: [], merged: 1200,
            perSource: [Src.watch: 1200], hourly: ["09:00": 600, "10:00": 600]),
        WorkedExample(
            id: "E4",
            inputs: [
                F.input(Src.manual, "12:00", "13:00", 5000, id: 1), F.input(Src.watch, "12:10", "12:20", 800, id: 2),
                F.input(Src.appA, "11:30", "12:30", 3000, id: 3),
            ],
            order: [Src.manual, Src.watch, Src.appA], merged: 6500,
            perSource: [Src.manual: 5000, Src.watch: 800, Src.appA: 3000], hourly: ["11:00": 1500, "12:00": 5000]),
        WorkedExample(
            id: "E5",
            inputs: [
                F.input(Src.appA, "09:00", "10:00", 1000, id: 1), F.input(Src.appA, "09:00", "10:00", 1000, id: 2),
            ],
            order: [], merged: 2000, perSource: [Src.appA: 2000], hourly: ["09:00": 2000]),
        WorkedExample(
            id: "E6", inputs: e6Inputs, order: [], window: F.window("14:00", "15:00"), merged: 330,
            perSource: [Src.watch: 330], hourly: ["13:00": 100, "14:00": 330, "15:00": 70]),
        WorkedExample(
            id: "E7",
            inputs: [
                F.input(Src.watch, "08:00", "08:30", 300, id: 1), F.input(Src.watch, "09:00", "09:30", 300, id: 2),
                F.input(Src.phone, "08:00", "10:00", 2400, id: 3),
            ],
            order: [Src.watch, Src.phone], merged: 1800, perSource: [Src.watch: 600, Src.phone: 2400],
            hourly: ["08:00": 900, "09:00": 900]),
        WorkedExample(
            id: "E8",
            inputs: [
                F.input(Src.watch, "09:00", "09:10", 500, id: 1), F.input(Src.watch, "09:05", "09:15", 500, id: 2),
                F.input(Src.phone, "09:00", "09:15", 900, id: 3),
            ],
            order: [Src.watch, Src.phone], merged: 1000, perSource: [Src.watch: 1000, Src.phone: 900],
            hourly: ["09:00": 1000]),
        WorkedExample(
            id: "E9",
            inputs: [
                F.input(Src.watch, "09:50", "10:10", 1200, id: 1), F.input(Src.phone, "09:40", "10:00", 400, id: 2),
            ],
            order: [Src.watch, Src.phone], merged: 1400, perSource: [Src.watch: 1200, Src.phone: 400],
            hourly: ["09:00": 800, "10:00": 600]),
        WorkedExample(
            id: "E10", inputs: e10Inputs, order: [Src.watch, Src.appA], merged: 1000,
            perSource: [Src.watch: 1000, Src.appA: 50], hourly: ["09:00": 500, "10:00": 500]),
        WorkedExample(
            id: "E11", inputs: e10Inputs, order: [Src.appA, Src.watch], merged: 1050,
            perSource: [Src.watch: 1000, Src.appA: 50], hourly: ["09:00": 500, "10:00": 550]),
    ]
}

@Suite struct WorkedExamplesTests {
    static func computation(_ order: [String]) throws -> StatisticsComputation {
        try StatisticsComputation(
            type: .stepCount, options: [.cumulativeSum, .separateBySource], sourceOrder: SourceOrder(order))
    }

    @Test(arguments: WorkedExample.all)
    func singleWindowMerge(_ example: WorkedExample) throws {
        let merge = CumulativeMerge(order: SourceOrder(example.order))
        #expect(close(merge.sum(of: example.inputs, in: example.window), example.merged))
        let bySource = merge.sumsBySource(of: example.inputs, in: example.window)
        #expect(Set(bySource.keys) == Set(example.perSource.keys))
        for (source, expected) in example.perSource { #expect(close(bySource[source], expected), "\(source)") }
    }

    @Test(arguments: WorkedExample.all)
    func singleWindowStatistics(_ example: WorkedExample) throws {
        let result = try #require(
            try Self.computation(example.order).statistics(of: example.inputs, in: example.window))
        #expect(close(try result.sumQuantity()?.doubleValue(for: .count()), example.merged))
        #expect(result.startDate == example.window.start && result.endDate == example.window.end)
        #expect(result.sources == SourceOrder(example.order).sorted(example.perSource.keys))
        for (source, expected) in example.perSource {
            #expect(close(try result.sumQuantity(for: source)?.doubleValue(for: .count()), expected), "\(source)")
        }
    }

    /// The same examples through one all-covering bucket and through hourly buckets.
    @Test(arguments: WorkedExample.all)
    func bucketed(_ example: WorkedExample) throws {
        let merge = CumulativeMerge(order: SourceOrder(example.order))
        let one = try merge.sums(of: example.inputs, boundaries: [example.window.start, example.window.end])
        #expect(one.count == 1 && close(one[0], example.merged))

        let computation = try Self.computation(example.order)
        let hourly = computation.collection(of: example.inputs, buckets: try StatsFixture.hourly())
        let byHour = Dictionary(
            uniqueKeysWithValues: hourly.map { (Int($0.startDate.timeIntervalSince(StatsFixture.day) / 3600), $0) })
        #expect(byHour.count == example.hourly.count)
        for (label, expected) in example.hourly {
            let hour = Int(StatsFixture.time(label).timeIntervalSince(StatsFixture.day) / 3600)
            #expect(close(byHour[hour]?.merged.sum, expected), "\(label)")
            #expect(byHour[hour].map { $0.endDate.timeIntervalSince($0.startDate) } == 3600)
        }
        if example.id != "E6" {
            let total = hourly.reduce(0.0) { $0 + ($1.merged.sum ?? 0) }
            #expect(close(total, example.merged))
        }
    }

    @Test func e6PredicateSelectsButCollectionDoesNotClip() throws {
        // The 15:44–15:51 sample is not selected by the 14:00–15:00 predicate: the store never passes it.
        let computation = try Self.computation([])
        let hourly = computation.collection(of: WorkedExample.e6Inputs, buckets: try StatsFixture.hourly())
        #expect(hourly.map(\.merged.sum).count == 3)
        #expect(close(hourly[0].merged.sum, 100) && close(hourly[1].merged.sum, 330) && close(hourly[2].merged.sum, 70))
        let window = try #require(
            computation.statistics(of: WorkedExample.e6Inputs, in: StatsFixture.window("14:00", "15:00")))
        #expect(close(window.merged.sum, 330))
    }

    @Test func e9RangeAdditivity() throws {
        let inputs = WorkedExample.all[8].inputs
        let merge = CumulativeMerge(order: SourceOrder([Src.watch, Src.phone]))
        #expect(close(merge.sum(of: inputs, in: StatsFixture.window("09:00", "11:00")), 1400))
        let sums = try merge.sums(
            of: inputs,
            boundaries: [StatsFixture.time("09:00"), StatsFixture.time("10:00"), StatsFixture.time("11:00")])
        #expect(close(sums[0], 800) && close(sums[1], 600))
    }

    @Test func e12SpringForwardDay() throws {
        let newYork = Fixtures.calendar("America/New_York")
        let midnight = Fixtures.date(2024, 3, 10, in: newYork)
        let nextMidnight = Fixtures.date(2024, 3, 11, in: newYork)
        let input = StatisticsInput(
            sourceBundleIdentifier: Src.watch, start: midnight, end: nextMidnight, value: 2300,
            uuid: UUIDSequence.uuid(1))
        let days = try StatisticsBuckets(
            anchor: Fixtures.date(2024, 1, 1, in: newYork), interval: DateComponents(day: 1), calendar: newYork)
        let collection = try Self.computation([]).collection(of: [input], buckets: days)
        #expect(collection.count == 1)
        let bucket = try #require(collection.first)
        #expect(bucket.startDate == midnight)
        #expect(bucket.endDate.timeIntervalSince(bucket.startDate) == 82_800)
        #expect(close(bucket.merged.sum, 2300))
        let window = try Self.computation([]).statistics(
            of: [input], in: DateInterval(start: midnight, end: nextMidnight))
        #expect(close(window?.merged.sum, 2300))
        let sums = try CumulativeMerge(order: SourceOrder()).sums(of: [input], boundaries: [midnight, nextMidnight])
        #expect(close(sums[0], 2300))
    }
}
