import Foundation
import HealthCharts
import Testing

@Suite("Charts: time axes")
struct TimeScaleTests {
    func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        calendar.firstWeekday = 2
        return calendar
    }

    func date(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    @Test("daily ticks fall on local midnights across the spring-forward day (a 23-hour day)")
    func springForward() {
        let berlin = calendar("Europe/Berlin")
        // 2026-03-29 is 23 hours long in Berlin.
        let domain = DateInterval(start: date("2026-03-27T23:00:00Z"), end: date("2026-04-01T22:00:00Z"))
        let scale = TimeScale(domain: domain, start: 0, end: 500, calendar: berlin)
        let ticks = scale.ticks(maxCount: 7)
        #expect(ticks.map(\.label) == ["Mar 28", "Mar 29", "Mar 30", "Mar 31", "Apr 1", "Apr 2"])
        for tick in ticks {
            let parts = berlin.dateComponents([.hour, .minute], from: tick.date)
            #expect(parts.hour == 0 && parts.minute == 0, "\(tick.label) is at local midnight")
        }
        #expect(ticks[2].date.timeIntervalSince(ticks[1].date) == 23 * 3_600)
        #expect(ticks[3].date.timeIntervalSince(ticks[2].date) == 24 * 3_600)
    }

    @Test("the fall-back day (25 hours) and hourly ticks of a night")
    func fallBack() {
        let newYork = calendar("America/New_York")
        // 2026-11-01: clocks go back at 02:00 in New York.
        let night = DateInterval(start: date("2026-11-01T03:00:00Z"), end: date("2026-11-01T13:00:00Z"))
        let ticks = TimeScale(domain: night, start: 0, end: 600, calendar: newYork).ticks(maxCount: 5)
        #expect(!ticks.isEmpty)
        for pair in zip(ticks, ticks.dropFirst()) { #expect(pair.1.date > pair.0.date) }
        #expect(ticks.allSatisfy { night.contains($0.date) })
        let days = DateInterval(start: date("2026-10-31T04:00:00Z"), end: date("2026-11-03T05:00:00Z"))
        let dayTicks = TimeScale(domain: days, start: 0, end: 600, calendar: newYork).ticks(maxCount: 4)
        #expect(dayTicks.map(\.label) == ["Oct 31", "Nov 1", "Nov 2", "Nov 3"])
        #expect(dayTicks[2].date.timeIntervalSince(dayTicks[1].date) == 25 * 3_600)
        let halves = TimeScale(domain: days, start: 0, end: 600, calendar: newYork).ticks(maxCount: 7)
        #expect(halves.map(\.label) == ["00:00", "12:00", "00:00", "12:00", "00:00", "12:00", "00:00"])
    }

    @Test("months and years: a label per boundary, January named with its year")
    func longRanges() {
        let utc = calendar("UTC")
        let year = DateInterval(start: date("2025-11-15T00:00:00Z"), end: date("2026-05-20T00:00:00Z"))
        let months = TimeScale(domain: year, start: 0, end: 700, calendar: utc).ticks(maxCount: 7)
        #expect(months.map(\.label) == ["Dec", "Jan 2026", "Feb", "Mar", "Apr", "May"])
        let decade = DateInterval(start: date("2016-03-01T00:00:00Z"), end: date("2026-03-01T00:00:00Z"))
        let years = TimeScale(domain: decade, start: 0, end: 700, calendar: utc).ticks(maxCount: 6)
        #expect(years.map(\.label) == ["2018", "2020", "2022", "2024", "2026"])
    }

    @Test("positions are linear in time; an empty interval is widened")
    func positions() {
        let utc = calendar("UTC")
        let domain = DateInterval(start: date("2026-01-01T00:00:00Z"), duration: 86_400)
        let scale = TimeScale(domain: domain, start: 100, end: 200, calendar: utc)
        #expect(scale(domain.start) == 100)
        #expect(scale(domain.end) == 200)
        #expect(scale(domain.start.addingTimeInterval(21_600)) == 125)
        let point = TimeScale(domain: DateInterval(start: domain.start, duration: 0), start: 0, end: 100, calendar: utc)
        #expect(point(domain.start) == 50)
    }
}
