import Foundation
import Testing

/// `ohk stats` on a quickstart store (an iPhone and an Apple Watch that both count steps).
@Suite(.serialized) struct StatsTests {
    static let demo: Result<String, any Error> = Result {
        let store = try OHKProcess.temporaryStore()
        let created = try OHKProcess.run(["quickstart", "--store", store, "--days", "6", "--seed", "4"])
        guard created.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return store
    }

    /// Raw per-day sums of one source (or all) from `ohk samples`.
    static func rawDaily(_ store: String, source: String? = nil) throws -> [String: Double] {
        let samples = CSVRows(try OHKProcess.run(["samples", "steps", "--store", store, "--format", "csv"]).stdout)
        var totals: [String: Double] = [:]
        for row in samples.rows where source == nil || row[3].contains(source ?? "") {
            totals[String(row[0].prefix(10)), default: 0] += Double(row[5]) ?? .nan
        }
        return totals
    }

    @Test func dailyStepsAreMergedNotSummed() throws {
        let store = try Self.demo.get()
        let result = try OHKProcess.run(["stats", "steps", "--by", "day", "--store", store, "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let table = CSVRows(result.stdout)
        #expect(table.header == ["day", "unit", "sum"])
        #expect(table.rows.count >= 5)
        #expect(table.rows.allSatisfy { $0[0].wholeMatch(of: /\d{4}-\d{2}-\d{2}/) != nil && $0[1] == "count" })
        let merged = table.lastValueByFirstColumn
        let raw = try Self.rawDaily(store)
        let watch = try Self.rawDaily(store, source: "Watch")
        #expect(Set(merged.keys) == Set(raw.keys))
        for (day, value) in merged {
            #expect(value < (raw[day] ?? 0), "\(day): overlapping phone and watch minutes count once")
            #expect(value >= (watch[day] ?? 0) - 0.001, "\(day): the watch has priority, all its steps count")
        }
    }

    @Test func sourceOrderOverridesThePriorityForTheQueryOnly() throws {
        let store = try Self.demo.get()
        let before = try OHKProcess.run(["stats", "steps", "--store", store, "--format", "csv"]).stdout
        let sources = CSVRows(try OHKProcess.run(["sources", "--store", store, "--format", "csv"]).stdout)
        let phone = try #require(sources.rows.first { $0[0].contains("iPhone") })
        let watch = try #require(sources.rows.first { $0[0].contains("Watch") })
        // By name with a straight apostrophe and any case, and by bundle identifier.
        let phoneName = phone[0].replacingOccurrences(of: "\u{2019}", with: "'").uppercased()
        for order in ["\(phoneName),\(watch[0])", "\(phone[1]), \(watch[1])"] {
            let phoneFirst = try OHKProcess.run([
                "stats", "steps", "--store", store, "--format", "csv", "--source-order", order,
            ])
            #expect(phoneFirst.status == 0, "\(phoneFirst.stderr)")
            #expect(phoneFirst.stdout != before)
            let phoneDaily = try Self.rawDaily(store, source: "iPhone")
            for (day, value) in CSVRows(phoneFirst.stdout).lastValueByFirstColumn {
                #expect(value >= (phoneDaily[day] ?? 0) - 0.001, "\(day): the phone now has priority")
            }
        }
        let after = try OHKProcess.run(["stats", "steps", "--store", store, "--format", "csv"]).stdout
        #expect(after == before, "the store's own order is unchanged")
    }

    @Test func unitsConvertAndBucketsAddUp() throws {
        let store = try Self.demo.get()
        func values(_ arguments: [String]) throws -> [String: Double] {
            let result = try OHKProcess.run(["stats"] + arguments + ["--store", store, "--format", "csv"])
            #expect(result.status == 0, "\(result.stderr)")
            return CSVRows(result.stdout).lastValueByFirstColumn
        }
        let kilometres = try values(["distance", "--unit", "km"])
        let miles = try values(["distance", "--unit", "mi"])
        #expect(!kilometres.isEmpty)
        for (day, km) in kilometres {
            #expect(abs((miles[day] ?? 0) * 1.609344 - km) < 0.0001)
        }
        let days = try values(["steps", "--by", "day"])
        let hours = try values(["steps", "--by", "hour"])
        #expect(hours.keys.allSatisfy { $0.wholeMatch(of: /\d{4}-\d{2}-\d{2} \d{2}:00/) != nil })
        for (day, total) in days {
            let hourly = hours.filter { $0.key.hasPrefix(day) }.values.reduce(0, +)
            #expect(abs(hourly - total) < 0.01, "\(day): the hours add up to the day")
        }
        let years = try values(["steps", "--by", "year"])
        #expect(years.keys.allSatisfy { $0.wholeMatch(of: /\d{4}/) != nil })
        #expect(abs(years.values.reduce(0, +) - days.values.reduce(0, +)) < 0.01)
    }

    @Test func fromAndToAreLocalDaysWithAnExclusiveEnd() throws {
        let store = try Self.demo.get()
        let all = CSVRows(try OHKProcess.run(["stats", "steps", "--store", store, "--format", "csv"]).stdout)
        let days = all.column("day").sorted()
        try #require(days.count >= 4)
        let window = try OHKProcess.run([
            "stats", "steps", "--store", store, "--format", "csv", "--from", days[1], "--to", days[3],
        ])
        let windowDays = CSVRows(window.stdout).column("day")
        #expect(windowDays == [days[1], days[2]])
        // The same instant is another day in another time zone.
        let tokyo = try OHKProcess.run(
            ["samples", "steps", "--store", store, "--limit", "1", "--format", "csv"],
            environment: ["TZ": "Asia/Tokyo"])
        let newYork = try OHKProcess.run(
            ["samples", "steps", "--store", store, "--limit", "1", "--format", "csv"],
            environment: ["TZ": "America/New_York"])
        #expect(tokyo.stdout != newYork.stdout)
    }

    @Test func discreteTypesGiveMinMaxAndAverage() throws {
        let store = try Self.demo.get()
        let result = try OHKProcess.run(["stats", "heart-rate", "--by", "day", "--store", store, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        // Parsed by a JSON library: the statistics are JSON numbers, the unit and the day text.
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty)
        for row in rows {
            let low = try #require(row["min"] as? Double)
            let high = try #require(row["max"] as? Double)
            let mean = try #require(row["average"] as? Double)
            #expect(low <= mean && mean <= high)
            #expect(row["unit"] as? String == "count/min")
            #expect(row["day"] is String)
        }
        func means(_ extra: [String]) throws -> [String: Double] {
            let arguments = ["stats", "heart-rate", "--by", "day", "--store", store, "--format", "csv"] + extra
            return CSVRows(try OHKProcess.run(arguments).stdout).lastValueByFirstColumn
        }
        let perMinute = try means([])
        let perSecond = try means(["--unit", "count/s"])
        #expect(perMinute.count == rows.count)
        for (day, mean) in perMinute {
            #expect(abs((perSecond[day] ?? 0) * 60 - mean) < 0.001, "\(day)")
        }
    }

    @Test func badArgumentsAreUsageErrors() throws {
        let store = try Self.demo.get()
        let cases: [([String], String)] = [
            (["stats", "steps", "--unit", "kg"], "--unit 'kg' does not measure steps"),
            (["stats", "steps", "--unit", "furlongs/"], "--unit 'furlongs/' is not a unit"),
            (["stats", "sleep"], "'sleep' is not a quantity type"),
            (["stats", "nope"], "unknown type 'nope'"),
            (["stats", "steps", "--by", "fortnight"], "fortnight"),
            (["stats", "steps", "--from", "2025-13-01"], "--from '2025-13-01' is not a date"),
            (["stats", "steps", "--from", "2025-06-02", "--to", "2025-06-01"], "--to must be after --from"),
            (["stats", "steps", "--source-order", "Nobody's Phone"], "no source 'Nobody's Phone'"),
            (["workouts", "--activity", "sofa"], "unknown activity 'sofa'"),
            (["stats", "steps", "--frm", "2025-06-01"], "--frm"),
        ]
        for (arguments, message) in cases {
            let result = try OHKProcess.run(arguments + ["--store", store])
            #expect(result.status == 64, "\(arguments): \(result.status)")
            #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}
