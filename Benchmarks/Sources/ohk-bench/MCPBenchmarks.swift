import Foundation
import HealthCore
import HealthMCP
import HealthQuery
import HealthSimulation
import HealthStorage
import HealthStorageSQLite
import MCP

/// A phone + watch person simulated a year at a time (the quickstart's simulation: steps and distance from an
/// iPhone and an Apple Watch, heart rate, sleep stages, workouts with routes, weight), for the benchmarks that
/// need years of realistic data: the agent tools and the dashboard.
enum SimulatedPerson {
    struct Span {
        var calendar: Calendar
        var first: Date
        var last: Date
        /// 20:00 on the last day: "now" for the benchmarks.
        var now: Date
    }

    static func fill(_ storage: SQLiteStorage, years: Int) async throws -> Span {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC") ?? utc.timeZone
        let first = Date(timeIntervalSince1970: 1_420_070_400)  // 2015-01-01
        var total = 0
        var workouts = 0
        for year in 0..<years {
            var generator = SplitMix64(seed: UInt64(100 + year))
            let start = utc.date(byAdding: .year, value: year, to: first) ?? first
            let data = Simulation(calendar: utc).demoMonth(
                days: 365, startingOn: start, using: &generator, makeUUID: { UUID() })
            for chunk in stride(from: 0, to: data.samples.count, by: 20_000) {
                _ = try await storage.commit(
                    StorageCommit(inserts: Array(data.samples[chunk..<min(chunk + 20_000, data.samples.count)])))
            }
            total += data.samples.count
            workouts += data.workouts.count
        }
        let last = utc.date(byAdding: .day, value: 365 * years - 1, to: first) ?? first
        print("store: \(total) samples, \(workouts) workouts over \(years) years")
        return Span(calendar: utc, first: first, last: last, now: last.addingTimeInterval(20 * 3_600))
    }
}

/// The agent tools on ten years of a phone + watch person (issue 15): each tool's latency (median of 5 after a
/// warm-up, called in process through `HealthTools`, as both transports call it) and the size of its answer,
/// which must stay under the bound. Data: the quickstart's simulation (steps and distance from an iPhone and an
/// Apple Watch, heart rate, sleep stages, workouts with routes, weight), generated a year at a time.
enum MCPBenchmarks {
    static func run(years: Int) async throws {
        let dir = try temporaryDirectory("mcp")
        defer { removeUnlessKept(dir) }
        let storage = try SQLiteStorage(path: dir.appendingPathComponent("person.sqlite").path)
        let person = try await SimulatedPerson.fill(storage, years: years)
        let (utc, first, last, now) = (person.calendar, person.first, person.last, person.now)
        let store = HealthStore(
            storage: storage, app: .owner(bundleIdentifier: "org.openhealthkit.bench", name: "bench"),
            clock: ClosureClock { now }, calendar: utc, uuids: { UUID() })
        try await store.prepareStatistics(for: [.stepCount, .distanceWalkingRunning, .activeEnergyBurned])
        let tools = HealthTools(context: ToolContext(store: store), allowsLogging: false)

        func day(_ date: Date) -> Value { .string(ISO8601DateFormatter.day(date, utc)) }
        let lastDay = day(last)
        let yearAgo = day(utc.date(byAdding: .day, value: -364, to: last) ?? last)
        let tenYears = day(first)
        let monthAgo = day(utc.date(byAdding: .day, value: -29, to: last) ?? last)
        let list = await tools.call("workouts", arguments: ["start": yearAgo, "end": lastDay, "limit": 100])
        let workoutID =
            list.structuredContent?.objectValue?["workouts"]?.arrayValue?.first?.objectValue?["uuid"]
            ?? .string("")
        let cases: [(String, [String: Value], Bool)] = [
            ("overview", [:], true),
            ("statistics", ["type": "steps", "start": yearAgo, "end": lastDay, "interval": "day"], true),
            ("statistics", ["type": "steps", "start": tenYears, "end": lastDay, "interval": "month"], true),
            ("statistics", ["type": "steps", "start": tenYears, "end": lastDay], true),
            (
                "statistics",
                [
                    "type": "heart-rate", "start": yearAgo, "end": lastDay, "interval": "week",
                    "by_source": true,
                ], true
            ),
            ("statistics", ["type": "heart-rate", "start": yearAgo, "end": lastDay, "interval": "week"], true),
            ("statistics", ["type": "heart-rate", "start": monthAgo, "end": lastDay, "interval": "day"], true),
            ("statistics", ["type": "heart-rate", "start": tenYears, "end": lastDay, "interval": "month"], true),
            ("statistics", ["type": "heart-rate", "start": tenYears, "end": lastDay], true),
            ("statistics", ["type": "steps", "start": tenYears, "end": lastDay, "interval": "hour"], false),
            ("day_summary", ["day": lastDay], true),
            ("sleep", ["start": day(utc.date(byAdding: .day, value: -61, to: last) ?? last), "end": lastDay], true),
            ("workouts", ["start": yearAgo, "end": lastDay, "limit": 100], true),
            ("workout_details", ["uuid": workoutID], true),
            (
                "compare_periods",
                [
                    "type": "steps", "first_start": tenYears, "first_end": yearAgo,
                    "second_start": yearAgo, "second_end": lastDay,
                ], true
            ),
            ("day_vs_baseline", ["type": "steps", "day": lastDay, "weeks": 26], true),
            ("samples", ["type": "steps", "start": lastDay, "end": lastDay, "limit": 100], true),
            ("sources", ["type": "steps"], true),
        ]
        print("| tool | arguments | first call | median | answer | ≈ tokens |")
        print("|---|---|---:|---:|---:|---:|")
        var failed = false
        for (name, arguments, succeeds) in cases {
            let start = ContinuousClock.now
            var result = await tools.call(name, arguments: arguments)
            let firstCall = Self.milliseconds(ContinuousClock.now - start)
            var times: [Double] = []
            for _ in 0..<5 {
                let clock = ContinuousClock.now
                result = await tools.call(name, arguments: arguments)
                times.append(Self.milliseconds(ContinuousClock.now - clock))
            }
            times.sort()
            let text: String
            if case .text(let body, _, _)? = result.content.first { text = body } else { text = "" }
            let ok = (result.isError != true) == succeeds && text.count <= HealthTools.maxAnswerCharacters
            if !ok { failed = true }
            let shown = arguments.keys.sorted().map { "\($0)=\(Self.short(arguments[$0]))" }.joined(separator: " ")
            print(
                "| \(name) | \(shown)\(succeeds ? "" : " (refused)") | \(String(format: "%.1f", firstCall)) ms | "
                    + "\(String(format: "%.1f", times[2])) ms | "
                    + "\(text.count) chars | \(text.count / 4) |\(ok ? "" : " **FAILED**")")
        }
        if failed {
            print("an answer was over the bound or did not succeed/refuse as expected")
            exit(1)
        }
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
    }

    private static func short(_ value: Value?) -> String {
        switch value {
        case .string(let text)? where text.count == 36: String(text.prefix(8)) + "…"
        case .string(let text)?: text
        case .int(let number)?: String(number)
        case .bool(let flag)?: String(flag)
        default: "…"
        }
    }
}

extension ISO8601DateFormatter {
    static func day(_ date: Date, _ calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
