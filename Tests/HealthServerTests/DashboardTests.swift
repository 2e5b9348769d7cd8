import Foundation
import HTTPTypes
import HealthCore
import HealthQuery
import HealthRuntime
import HealthServer
import HealthTesting
import Testing

/// The dashboard in process: login and sessions, who sees what, the numbers against the API, the source order,
/// bad requests as pages. (The browser tests in IntegrationTests/dashboard drive the real thing.)
@Suite("Server: the dashboard")
struct DashboardTests {
    static let cookieHeader = HTTPField.Name("Cookie")!
    static let setCookie = HTTPField.Name("Set-Cookie")!

    /// Logs a token in; the session cookie ("ohk_dashboard=…").
    static func login(_ client: TestServer.Client, _ token: String) async throws -> String? {
        let answer = try await client.send(
            .post, "/dashboard/login", body: Array("token=\(token)&next=%2Fdashboard".utf8),
            headers: [.contentType: "application/x-www-form-urlencoded"])
        guard answer.status == 303, let cookie = answer.headers[setCookie] else { return nil }
        return cookie.split(separator: ";").first.map(String.init)
    }

    static func page(
        _ client: TestServer.Client, _ path: String, _ cookie: String?
    ) async throws
        -> TestServer.Client.Answer
    {
        var headers = HTTPFields()
        if let cookie { headers[cookieHeader] = cookie }
        return try await client.send(.get, path, headers: headers)
    }

    /// The `data-value` of the row of a day in a page's table.
    static func value(of day: String, in html: String, attribute: String = "data-value") -> Double? {
        guard let row = html.range(of: "data-bucket=\"\(day)\"") else { return nil }
        let rest = html[row.upperBound...].prefix(200)
        guard let start = rest.range(of: "\(attribute)=\""), let end = rest[start.upperBound...].firstIndex(of: "\"")
        else { return nil }
        return Double(rest[start.upperBound..<end])
    }

    static func withSource(_ json: String, _ bundle: String) -> String {
        String(json.dropLast()) + #","source":{"name":"\#(bundle)","bundleIdentifier":"\#(bundle)"}}"#
    }

    @Test("a page without a session redirects to the login; the login sets an HttpOnly SameSite cookie, not the token")
    func login() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let anonymous = try await Self.page(client, "/dashboard/trends?type=steps", nil)
            #expect(anonymous.status == 303)
            #expect(anonymous.headers[.location] == "/dashboard/login?next=%2Fdashboard%2Ftrends%3Ftype%3Dsteps")
            #expect(try await Self.page(client, "/dashboard/today.json", nil).status == 401, "JSON is not redirected")
            #expect(try await Self.page(client, "/dashboard/api/statistics?type=\(stepsType)", nil).status == 401)
            let form = try await Self.page(client, "/dashboard/login", nil)
            #expect(form.status == 200 && form.text.contains("name=\"token\""))
            let owner = server.token("owner")
            let answer = try await client.send(
                .post, "/dashboard/login", body: Array("token=\(owner)&next=%2Fdashboard%2Fsleep".utf8),
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(answer.status == 303)
            #expect(answer.headers[.location] == "/dashboard/sleep")
            let cookie = try #require(answer.headers[Self.setCookie])
            #expect(cookie.hasPrefix("ohk_dashboard="))
            #expect(
                cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/dashboard"))
            #expect(!cookie.contains(owner), "the cookie is a session id, never the token")
            #expect(!cookie.contains("Secure"), "plain HTTP on loopback: a Secure cookie would never come back")
            // Behind a TLS proxy that says so, the cookie is Secure as well.
            for forwarded in [
                ("X-Forwarded-Proto", "https"), ("Forwarded", "for=192.0.2.60;proto=https;by=203.0.113.43"),
            ] {
                var headers = HTTPFields()
                headers[.contentType] = "application/x-www-form-urlencoded"
                headers[HTTPField.Name(forwarded.0)!] = forwarded.1
                let proxied = try await client.send(
                    .post, "/dashboard/login", body: Array("token=\(owner)&next=%2Fdashboard".utf8), headers: headers)
                #expect(proxied.headers[Self.setCookie]?.contains("Secure") == true, "\(forwarded.0)")
            }
            let session = String(cookie.split(separator: ";")[0])
            let today = try await Self.page(client, "/dashboard", session)
            #expect(today.status == 200)
            #expect(today.contentType == "text/html; charset=utf-8")
            #expect(today.text.contains("<h1>Today</h1>") && today.text.contains("aria-current=\"page\""))
            // An open redirect is refused: `next` stays on the dashboard.
            let away = try await client.send(
                .post, "/dashboard/login", body: Array("token=\(owner)&next=https%3A%2F%2Fevil.example%2F".utf8),
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(away.headers[.location] == "/dashboard")
            // Logging out ends the session.
            var headers = HTTPFields()
            headers[Self.cookieHeader] = session
            #expect(try await client.send(.post, "/dashboard/logout", headers: headers).status == 303)
            #expect(try await Self.page(client, "/dashboard", session).status == 303)
        }
    }

    @Test("app and mirror tokens, revoked and made-up tokens and forged sessions do not log in")
    func refusedLogins() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            for name in ["stepsApp", "reader", "revoked", "phone"] {
                #expect(try await Self.login(client, server.token(name)) == nil, "\(name) must not log in")
            }
            #expect(try await Self.login(client, "ohk_" + String(repeating: "A", count: 43)) == nil)
            #expect(try await Self.login(client, "") == nil)
            #expect(try await Self.page(client, "/dashboard", "ohk_dashboard=forged").status == 303)
            let refused = try await client.send(
                .post, "/dashboard/login", body: Array("token=\(server.token("stepsApp"))".utf8),
                headers: [.contentType: "application/x-www-form-urlencoded"])
            #expect(refused.status == 401)
            #expect(refused.text.contains("role=\"alert\""))
        }
    }

    @Test("a one-time login link works once")
    func oneTimeLink() async throws {
        let server = try await TestServer.make()
        let token = try #require(AccessToken(presented: server.token("owner")))
        let path = server.server.dashboardLoginPath(for: token)
        try await server.run { client in
            let first = try await Self.page(client, path, nil)
            #expect(first.status == 303)
            #expect(first.headers[Self.setCookie]?.hasPrefix("ohk_dashboard=") == true)
            let second = try await Self.page(client, path, nil)
            #expect(second.status == 401)
            #expect(second.headers[Self.setCookie] == nil)
        }
    }

    @Test("a form from another origin is refused (the cookie is SameSite=Strict as well)")
    func crossOrigin() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let cookie = try #require(try await Self.login(client, server.token("owner")))
            var headers = HTTPFields()
            headers[Self.cookieHeader] = cookie
            headers[.origin] = "http://evil.example"
            headers[HTTPField.Name("Host")!] = "127.0.0.1:8787"
            headers[.contentType] = "application/x-www-form-urlencoded"
            let answer = try await client.send(
                .post, "/dashboard/sources", body: Array("type=steps&reset=true".utf8), headers: headers)
            #expect(answer.status == 403)
            headers[.origin] = "http://127.0.0.1:8787"
            let same = try await client.send(
                .post, "/dashboard/sources", body: Array("type=steps&reset=true".utf8), headers: headers)
            #expect(same.status == 303)
        }
    }

    @Test("each person sees only their own data; Today's figures are the merged sums")
    func people() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            // Today is 2025-06-10 in the test clock; two sources count the same ten minutes.
            let start = Fixtures.date(2025, 6, 10, 8)
            func steps(_ value: Int, _ bundle: String) -> String {
                let formatter = Date.ISO8601FormatStyle()
                let json =
                    #"{"type":"\#(stepsType)","startDate":"\#(start.formatted(formatter))","#
                    + #""endDate":"\#(start.addingTimeInterval(600).formatted(formatter))","#
                    + #""quantity":{"value":\#(value),"unit":"count"}}"#
                return Self.withSource(json, bundle)
            }
            let saved = try await client.send(
                .post, "/v1/samples", token: server.token("owner"),
                json:
                    #"{"samples":[\#(steps(1000, "com.apple.health.watch")),\#(steps(600, "com.apple.health.phone"))]}"#
            )
            #expect(saved.status == 201)
            let ana = try #require(try await Self.login(client, server.token("owner")))
            let ben = try #require(try await Self.login(client, server.token("benOwner")))
            let anaToday = try await Self.page(client, "/dashboard/today.json", ana)
            let steps = anaToday.json?["figures"]?["steps"]?["value"]?.number
            #expect(steps == 1000 || steps == 600, "merged, never 1,600")
            let anaPage = try await Self.page(client, "/dashboard", ana)
            #expect(
                anaPage.text.contains("data-figure=\"steps\" data-value=\"\(String(format: "%.6f", steps ?? -1))\""))
            let benToday = try await Self.page(client, "/dashboard/today.json", ben)
            #expect(benToday.json?["figures"]?["steps"]?["value"] == .null, "Ben sees none of Ana's steps")
            let benSources = try await Self.page(client, "/dashboard/sources?type=steps&all=true", ben)
            #expect(benSources.status == 200)
            #expect(!benSources.text.contains("com.apple.health.watch"))
            let trends = "/dashboard/trends?type=steps&from=2025-06-01&to=2025-06-11"
            let benTrends = try await Self.page(client, trends, ben)
            #expect(benTrends.status == 200)
            #expect(Self.value(of: "2025-06-10", in: benTrends.text) == nil)
            let anaTrends = try await Self.page(client, trends, ana)
            #expect(Self.value(of: "2025-06-10", in: anaTrends.text) == steps, "the control: Ana sees her day")
        }
    }

    @Test("Trends shows the API's merged numbers and the naive sum beside them; reordering sources changes them")
    func trendsAndSources() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            // Watch 08:00–08:10 1000 steps; phone 08:05–08:15 600 steps on 2025-06-01.
            let watch = Self.withSource(stepsJSON(1000, minute: 0), "com.apple.health.watch")
            let phone = Self.withSource(stepsJSON(600, minute: 5), "com.apple.health.phone")
            #expect(
                try await client.send(.post, "/v1/samples", token: owner, json: #"{"samples":[\#(phone),\#(watch)]}"#)
                    .status == 201)
            let cookie = try #require(try await Self.login(client, owner))
            let path = "/dashboard/trends?type=steps&from=2025-05-30&to=2025-06-03&naive=true"
            let api = try await client.send(
                .get,
                "/v1/statistics/collection?type=\(stepsType)&start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&interval=day",
                token: owner)
            let apiSum = try #require(api.json?["buckets"]?.array.first?["sum"]?.number)
            let before = try await Self.page(client, path, cookie)
            #expect(before.status == 200)
            #expect(Self.value(of: "2025-06-01", in: before.text) == apiSum)
            #expect(Self.value(of: "2025-06-01", in: before.text, attribute: "data-naive") == 1600)
            #expect(before.text.contains("<svg") && before.text.contains("Naive sum of every source"))
            // Move the phone first on Sources: the merged number follows, on Trends and in the API.
            let sources = try await Self.page(client, "/dashboard/sources?type=steps", cookie)
            let watchFirst = try #require(sources.text.range(of: "com.apple.health.watch")).lowerBound
            let phoneAt = try #require(sources.text.range(of: "com.apple.health.phone")).lowerBound
            let phoneIsFirst = phoneAt < watchFirst
            var headers = HTTPFields()
            headers[Self.cookieHeader] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"
            let bundle = phoneIsFirst ? "com.apple.health.watch" : "com.apple.health.phone"
            let moved = try await client.send(
                .post, "/dashboard/sources", body: Array("type=steps&bundle=\(bundle)&move=up".utf8), headers: headers)
            #expect(moved.status == 303)
            #expect(moved.headers[.location] == "/dashboard/sources?type=steps")
            let after = try await Self.page(client, path, cookie)
            let merged = try #require(Self.value(of: "2025-06-01", in: after.text))
            #expect(merged != apiSum)
            #expect(Set([apiSum, merged]) == [1300, 1100])
            let apiAfter = try await client.send(
                .get,
                "/v1/statistics/collection?type=\(stepsType)&start=2025-06-01T00:00:00Z&end=2025-06-02T00:00:00Z&interval=day",
                token: owner)
            #expect(apiAfter.json?["buckets"]?.array.first?["sum"]?.number == merged)
        }
    }

    @Test("Sources counts the past year unless asked for all time")
    func sourcesWindow() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            // The test clock is 2025-06-10: one source recorded last week, one two years ago.
            let recent = Self.withSource(stepsJSON(100, minute: 0), "com.example.recent")
            let old = Self.withSource(
                stepsJSON(100, minute: 0).replacingOccurrences(of: "2025-06-01", with: "2023-06-01"), "com.example.old")
            #expect(
                try await client.send(.post, "/v1/samples", token: owner, json: #"{"samples":[\#(recent),\#(old)]}"#)
                    .status == 201)
            let cookie = try #require(try await Self.login(client, owner))
            let year = try await Self.page(client, "/dashboard/sources?type=steps", cookie)
            #expect(year.text.contains("data-bundle=\"com.example.recent\""))
            #expect(!year.text.contains("data-bundle=\"com.example.old\""))
            let all = try await Self.page(client, "/dashboard/sources?type=steps&all=true", cookie)
            #expect(all.text.contains("data-bundle=\"com.example.recent\""))
            #expect(all.text.contains("data-bundle=\"com.example.old\""))
            #expect(all.text.contains("Sample counts are of all time."))
        }
    }

    @Test("Trends: a range too long for the interval steps up; months are calendar months; percentages in percent")
    func trendsBuckets() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            // Blood oxygen 0.97 (HealthKit keeps percentages as fractions) on 2025-06-01.
            let start = "2025-06-01T08:00:00Z"
            let spo2 =
                #"{"type":"HKQuantityTypeIdentifierOxygenSaturation","startDate":"\#(start)","#
                + #""endDate":"\#(start)","quantity":{"value":0.97,"unit":"%"}}"#
            let saved = try await client.send(
                .post, "/v1/samples", token: owner, json: #"{"samples":[\#(stepsJSON(500, minute: 0)),\#(spo2)]}"#)
            #expect(saved.status == 201, "\(saved.text)")
            let cookie = try #require(try await Self.login(client, owner))
            let long = try await Self.page(
                client, "/dashboard/trends?type=steps&interval=day&range=10y&to=2025-06-10", cookie)
            #expect(long.status == 200)
            #expect(long.text.contains("Steps per week"), "3,650 days by day are too many buckets: weeks instead")
            let months = try await Self.page(
                client, "/dashboard/trends?type=steps&interval=month&range=1y&to=2025-06-10", cookie)
            #expect(months.status == 200)
            #expect(Self.value(of: "2025-06-01", in: months.text) == 500, "June is 1–30 June, holding the 500 steps")
            #expect(!months.text.contains("data-bucket=\"2025-06-10\""))
            let oxygen = try await Self.page(
                client, "/dashboard/trends?type=spo2&from=2025-06-01&to=2025-06-02", cookie)
            #expect(oxygen.status == 200)
            let value = try #require(Self.value(of: "2025-06-01", in: oxygen.text))
            #expect(abs(value - 97) < 1e-9, "97 %, not 0.97 %")
            // Weight shows in the person's preferred unit (the Health app's setting, kept in their store) unless
            // the page asks for another.
            let weight =
                #"{"type":"HKQuantityTypeIdentifierBodyMass","startDate":"\#(start)","endDate":"\#(start)","#
                + #""quantity":{"value":70,"unit":"kg"}}"#
            #expect(
                try await client.send(.post, "/v1/samples", token: owner, json: #"{"samples":[\#(weight)]}"#).status
                    == 201)
            let weightPage = "/dashboard/trends?type=weight&from=2025-06-01&to=2025-06-02"
            let inKilograms = try #require(
                Self.value(of: "2025-06-01", in: try await Self.page(client, weightPage, cookie).text))
            #expect(abs(inKilograms - 70) < 1e-9)
            let ana = try server.server.people.database(of: "ana")
            try await ana.makeStore(for: .healthApp, policy: .grantAll).setPreferredUnit(.pound(), for: .bodyMass)
            let inPounds = try #require(
                Self.value(of: "2025-06-01", in: try await Self.page(client, weightPage, cookie).text))
            #expect(abs(inPounds - 70 / 0.45359237) < 1e-6, "\(inPounds)")
            let asked = try #require(
                Self.value(of: "2025-06-01", in: try await Self.page(client, weightPage + "&unit=kg", cookie).text))
            #expect(abs(asked - 70) < 1e-9)
        }
    }

    @Test("moving a source keeps the sources the page did not show in the stored order")
    func reorderKeepsHiddenSources() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            let recentA = Self.withSource(stepsJSON(100, minute: 0), "com.example.a")
            let recentB = Self.withSource(stepsJSON(100, minute: 30), "com.example.b")
            let old = Self.withSource(
                stepsJSON(100, minute: 0).replacingOccurrences(of: "2025-06-01", with: "2023-06-01"), "com.example.old")
            let saved = try await client.send(
                .post, "/v1/samples", token: owner, json: #"{"samples":[\#(recentA),\#(recentB),\#(old)]}"#)
            #expect(saved.status == 201)
            _ = try await client.send(
                .put, "/v1/source-order/\(stepsType)", token: owner,
                json: #"{"order":["com.example.old","com.example.a","com.example.b"]}"#)
            let cookie = try #require(try await Self.login(client, owner))
            var headers = HTTPFields()
            headers[Self.cookieHeader] = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"
            let moved = try await client.send(
                .post, "/dashboard/sources", body: Array("type=steps&bundle=com.example.b&move=up".utf8),
                headers: headers)
            #expect(moved.status == 303)
            let order = try await client.send(.get, "/v1/source-order/\(stepsType)", token: owner)
            let bundles = order.json?["order"]?.array.compactMap(\.string) ?? []
            #expect(Array(bundles.prefix(3)) == ["com.example.old", "com.example.b", "com.example.a"])
        }
    }

    @Test("the hypnogram draws the stages of the source that staged the night, not an app's unstaged sleep")
    func hypnogramSource() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let owner = server.token("owner")
            func sleep(_ value: Int, _ start: String, _ end: String, _ bundle: String) -> String {
                Self.withSource(
                    #"{"type":"HKCategoryTypeIdentifierSleepAnalysis","startDate":"2025-06-0\#(start)","#
                        + #""endDate":"2025-06-0\#(end)","value":\#(value)}"#, bundle)
            }
            // The night to 2025-06-09: an app's eight hours of unstaged sleep; a watch's one hour of deep sleep.
            let samples = [
                sleep(0, "8T22:00:00Z", "9T07:00:00Z", "com.example.phone"),
                sleep(1, "8T22:30:00Z", "9T06:30:00Z", "com.example.sleepapp"),
                sleep(4, "8T23:00:00Z", "9T00:00:00Z", "com.example.watch"),
            ]
            let saved = try await client.send(
                .post, "/v1/samples", token: owner, json: #"{"samples":[\#(samples.joined(separator: ","))]}"#)
            #expect(saved.status == 201, "\(saved.text)")
            let cookie = try #require(try await Self.login(client, owner))
            let page = try await Self.page(client, "/dashboard/sleep?weeks=1&to=2025-06-10&night=2025-06-09", cookie)
            #expect(page.status == 200)
            #expect(page.text.contains("class=\"stage deep\""), "the watch's deep sleep is drawn")
            #expect(!page.text.contains("class=\"stage unspecified\""), "the app's unstaged sleep is not")
            #expect(page.text.contains("class=\"stage in-bed\""))
        }
    }

    @Test("every page renders, with one h1, a main landmark and text alternatives for its charts; bad input is a page")
    func pages() async throws {
        let server = try await TestServer.make()
        try await server.run { client in
            let cookie = try #require(try await Self.login(client, server.token("owner")))
            for path in [
                "/dashboard", "/dashboard/trends", "/dashboard/trends?type=heart-rate&range=1y",
                "/dashboard/trends?type=weight&unit=lb&range=90d", "/dashboard/sleep?weeks=2", "/dashboard/workouts",
                "/dashboard/sources", "/dashboard/import",
            ] {
                let answer = try await Self.page(client, path, cookie)
                #expect(answer.status == 200, "\(path)")
                #expect(answer.text.components(separatedBy: "<h1>").count == 2, "\(path): one h1")
                #expect(answer.text.contains("<main id=\"main\""), "\(path)")
                #expect(answer.text.contains("lang=\"en\""), "\(path)")
                if answer.text.contains("<svg") {
                    #expect(answer.text.contains("role=\"img\"") && answer.text.contains("<desc"), "\(path)")
                }
            }
            for (path, status) in [
                ("/dashboard/trends?type=nonsense", 400), ("/dashboard/trends?range=3w", 400),
                ("/dashboard/trends?type=heart-rate&from=2025-06-02&to=2025-06-01", 400),
                ("/dashboard/sleep?weeks=99", 400),
                ("/dashboard/workouts/not-a-uuid", 400),
                ("/dashboard/workouts/00000000-0000-0000-0000-000000000001", 404),
            ] {
                let answer = try await Self.page(client, path, cookie)
                #expect(answer.status == status, "\(path)")
                #expect(answer.contentType == "text/html; charset=utf-8", "\(path)")
                #expect(answer.text.contains("role=\"alert\""), "\(path)")
            }
            let css = try await Self.page(client, "/dashboard/assets/dashboard.css", nil)
            #expect(css.status == 200 && css.contentType == "text/css; charset=utf-8")
            #expect(try await Self.page(client, "/dashboard/assets/dashboard.js", nil).status == 200)
            #expect(try await Self.page(client, "/dashboard/assets/..%2Fopenapi.json", nil).status == 404)
        }
    }
}
