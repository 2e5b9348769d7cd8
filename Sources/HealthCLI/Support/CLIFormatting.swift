import Foundation
import HealthCore

/// Formatting of dates and values for command output.
enum CLIFormatting {
    /// `YYYY-MM-DD HH:MM:SS` in the calendar's time zone.
    static func dateTime(_ date: Date, in calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0,
            c.minute ?? 0, c.second ?? 0)
    }

    /// `YYYY-MM-DD` in the calendar's time zone.
    static func day(_ date: Date, in calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// A number without trailing zeros, at most 6 decimals.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Parses `YYYY-MM-DD` or `YYYY-MM-DD HH:MM[:SS]` / `YYYY-MM-DDTHH:MM[:SS]` in the calendar's time zone.
    static func parseDate(_ text: String, in calendar: Calendar) -> Date? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard let dayPart = parts.first, let day = CalendarDay(String(dayPart)), parts.count <= 2 else { return nil }
        var components = DateComponents(year: day.year, month: day.month, day: day.day, hour: 0, minute: 0, second: 0)
        if parts.count == 2 {
            let time = parts[1].split(separator: ":").map { Int($0) }
            guard (2...3).contains(time.count), time.allSatisfy({ $0 != nil }) else { return nil }
            components.hour = time[0]
            components.minute = time[1]
            components.second = time.count == 3 ? time[2] : 0
        }
        return calendar.date(from: components)
    }

    /// The value and unit of a sample for display: quantities in their own unit, category values by export name.
    static func valueAndUnit(_ sample: AnySample) -> (String, String) {
        switch sample {
        case .quantity(let quantity):
            let unit = quantity.quantity.unit
            let value = (try? quantity.quantity.doubleValue(for: unit)) ?? .nan
            return (number(value), unit.unitString)
        case .category(let category):
            let name = category.categoryType.typeDescription?.exportName(for: category.value)
            return (name ?? String(category.value), "")
        case .workout(let workout):
            return (number(workout.duration / 60), "min")
        case .correlation(let correlation):
            return (String(correlation.objects.count), "members")
        case .workoutRoute(let route):
            return (String(route.count), "locations")
        case .payload(let payload):
            switch payload.payload {
            case .heartbeats(let beats): return (String(beats.count), "beats")
            case .electrocardiogram(let recording): return (String(recording.microvolts.count), "voltages")
            case .clinicalRecord(let record): return (record.displayName, record.fhirResource?.resourceType ?? "")
            }
        }
    }
}
