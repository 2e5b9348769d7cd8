import Foundation
import HTTPTypes
import HealthQuery
import HealthRuntime
import HealthServer
import HealthStorageSQLite
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

/// The dashboard's page budgets (issue 14) on ten years of a phone + watch person: each page's server time
/// (median of 5 after a warm-up, through the server's router in process — no socket, so the time is the
/// server's) and its size with the stylesheet and script. Targets: under 50 ms and under 200 KB per page.
enum DashboardBenchmarks {
    static func run(years: Int) async throws {
        let dir = try temporaryDirectory("dashboard")
        defer { removeUnlessKept(dir) }
        let path = dir.appendingPathComponent("person.sqlite").path
        let span: SimulatedPerson.Span
        do {
            let storage = try SQLiteStorage(path: path)
            span = try await SimulatedPerson.fill(storage, years: years)
        }
        let now = span.now
        var configuration = ServerConfiguration(
            data: .personal(.sqlite(path)),
            environment: RuntimeEnvironment(clock: ClosureClock { now }, calendar: span.calendar, uuids: { UUID() }),
            random: { count in (0..<count).map { _ in UInt8.random(in: 0...255) } })
        configuration.limits.requestsPerSecond = 1_000_000
        configuration.limits.burst = 1_000_000
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        let server = try HealthServer(configuration: configuration, runtime: HealthRuntime(), logger: logger)
        try await server.registry.addPerson("me", policy: .grantAll)
        let (token, _) = try await server.registry.issueToken(
            person: "me", app: nil, appName: nil, label: "bench", random: configuration.random)
        let login = server.dashboardLoginPath(for: token)
        let to = ISO8601DateFormatter.day(span.last.addingTimeInterval(86_400), span.calendar)
        let app = Application(router: server.router(), logger: logger)
        try await app.test(.router) { client in
            let answer = try await client.execute(uri: login, method: .get)
            guard let cookie = answer.headers[HTTPField.Name("Set-Cookie")!]?.split(separator: ";").first else {
                print("login failed: \(answer.status)")
                exit(1)
            }
            var headers = HTTPFields()
            headers[HTTPField.Name("Cookie")!] = String(cookie)
            func get(_ uri: String) async throws -> (Int, Int) {
                try await client.execute(uri: uri, method: .get, headers: headers) { response in
                    (Int(response.status.code), response.body.readableBytes)
                }
            }
            let assets = try await get("/dashboard/assets/dashboard.css").1 + get("/dashboard/assets/dashboard.js").1
            let workouts = try await client.execute(uri: "/dashboard/workouts", method: .get, headers: headers) {
                String(buffer: $0.body)
            }
            let workout =
                workouts.range(of: "/dashboard/workouts/").map {
                    "/dashboard/workouts/" + workouts[$0.upperBound...].prefix(36)
                } ?? "/dashboard/workouts"
            let pages: [(String, String)] = [
                ("Today", "/dashboard"),
                (
                    "Trends: steps per day, 30 days, with the naive sum",
                    "/dashboard/trends?type=steps&range=30d&to=\(to)&naive=true"
                ),
                ("Trends: steps per week, 1 year", "/dashboard/trends?type=steps&range=1y&to=\(to)"),
                (
                    "Trends: steps per day, 90 days, with the naive sum",
                    "/dashboard/trends?type=steps&range=90d&to=\(to)&naive=true"
                ),
                ("Trends: steps per month, 10 years", "/dashboard/trends?type=steps&range=10y&to=\(to)"),
                (
                    "Trends: distance per month, 10 years (mi)",
                    "/dashboard/trends?type=distance&range=10y&to=\(to)&unit=mi"
                ),
                (
                    "Trends: heart rate per day, 30 days (band, average, resting)",
                    "/dashboard/trends?type=heart-rate&range=30d&to=\(to)"
                ),
                ("Trends: heart rate per week, 1 year", "/dashboard/trends?type=heart-rate&range=1y&to=\(to)"),
                ("Trends: weight per month, 10 years (lb)", "/dashboard/trends?type=weight&range=10y&to=\(to)&unit=lb"),
                ("Sleep: 4 weeks with the last night's stages", "/dashboard/sleep?weeks=4&to=\(to)"),
                ("Workouts (the 100 most recent)", "/dashboard/workouts"),
                ("A workout (route, splits, heart rate)", workout),
                ("Sources (steps), counts of the past year", "/dashboard/sources?type=steps"),
                ("Sources (steps), counts of all time", "/dashboard/sources?type=steps&all=true"),
                ("Import", "/dashboard/import"),
            ]
            print("| page | first request | server time (median of 5) | size with CSS + JS | status |")
            print("|---|---:|---:|---:|---|")
            var failed = false
            for (name, uri) in pages {
                let begun = ContinuousClock.now
                var (status, size) = try await get(uri)
                let first = ContinuousClock.now - begun
                let firstTime = Double(first.components.attoseconds) / 1e15 + Double(first.components.seconds) * 1e3
                var times: [Double] = []
                for _ in 0..<5 {
                    let started = ContinuousClock.now
                    (status, size) = try await get(uri)
                    let elapsed = ContinuousClock.now - started
                    times.append(
                        Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
                }
                times.sort()
                let total = size + assets
                let ok = status == 200 && times[2] < 50 && total < 200 * 1024
                if !ok { failed = true }
                print(
                    "| \(name) | \(String(format: "%.1f", firstTime)) ms | \(String(format: "%.1f", times[2])) ms | \(String(format: "%.1f", Double(total) / 1024)) KB "
                        + "| \(status)\(ok ? "" : " **over budget**") |")
            }
            if failed { print("a page was over its budget") }
        }
    }
}
