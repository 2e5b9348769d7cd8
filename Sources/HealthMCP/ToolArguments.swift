import Foundation
import HealthCore
import HealthQuery
import MCP

/// A tool call's arguments, read strictly: a wrong type, an unknown name or a bad date is a ``ToolError`` naming the
/// argument and what it accepts.
struct ToolArguments: Sendable {
    let values: [String: Value]
    let calendar: Calendar

    init(_ values: [String: Value]?, calendar: Calendar) {
        self.values = values ?? [:]
        self.calendar = calendar
    }

    /// Refuses arguments the tool does not take (a misspelled name would otherwise be ignored silently).
    func allowOnly(_ names: Set<String>) throws(ToolError) {
        if let unknown = values.keys.sorted().first(where: { !names.contains($0) }) {
            throw ToolError("unknown argument '\(unknown)'; this tool takes \(names.sorted().joined(separator: ", "))")
        }
    }

    func string(_ name: String) throws(ToolError) -> String? {
        guard let value = values[name], value != .null else { return nil }
        guard case .string(let text) = value else { throw ToolError("'\(name)' must be a string") }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ToolError("'\(name)' is empty; leave it out instead") }
        guard trimmed.utf8.count <= 200 else { throw ToolError("'\(name)' is longer than 200 bytes") }
        return trimmed
    }

    func requiredString(_ name: String) throws(ToolError) -> String {
        guard let text = try string(name) else { throw ToolError("'\(name)' is required") }
        return text
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(ToolError) -> Int? {
        guard let value = values[name], value != .null else { return nil }
        let number: Int
        switch value {
        case .int(let integer): number = integer
        case .double(let double) where double.rounded() == double && abs(double) < 1e9: number = Int(double)
        default: throw ToolError("'\(name)' must be a whole number")
        }
        guard range.contains(number) else {
            throw ToolError("'\(name)' must be between \(range.lowerBound) and \(range.upperBound)")
        }
        return number
    }

    func number(_ name: String) throws(ToolError) -> Double? {
        guard let value = values[name], value != .null else { return nil }
        switch value {
        case .int(let integer): return Double(integer)
        case .double(let double) where double.isFinite: return double
        default: throw ToolError("'\(name)' must be a number")
        }
    }

    func bool(_ name: String) throws(ToolError) -> Bool? {
        guard let value = values[name], value != .null else { return nil }
        guard case .bool(let flag) = value else { throw ToolError("'\(name)' must be true or false") }
        return flag
    }

    /// A sample type by everyday name (`steps`, `heart-rate`, `weight`) or HealthKit identifier.
    func type(_ name: String = "type") throws(ToolError) -> SampleType {
        let text = try requiredString(name)
        guard let type = TypeNames.resolve(text), Self.isKnown(type) else {
            throw ToolError(
                "'\(name)': '\(text)' is not a type; use an everyday name (steps, heart-rate, weight, sleep, "
                    + "distance, active-energy) or a HealthKit identifier (the overview tool lists the types with data)"
            )
        }
        return type
    }

    /// A quantity type (statistics, trends, comparisons, logging).
    func quantityType(_ name: String = "type") throws(ToolError) -> QuantityTypeIdentifier {
        let type = try type(name)
        guard let identifier = type.quantityIdentifier, identifier.typeDescription != nil else {
            throw ToolError("'\(name)': \(TypeNames.displayName(type)) is not a quantity type; statistics need one")
        }
        return identifier
    }

    /// A day (`YYYY-MM-DD`) in the person's time zone, as its first instant.
    func day(_ name: String) throws(ToolError) -> Date? {
        guard let text = try string(name) else { return nil }
        guard let day = CalendarDay(text), let date = calendar.date(from: day.components) else {
            throw ToolError("'\(name)' must be a day, YYYY-MM-DD (in the person's time zone)")
        }
        return date
    }

    func requiredDay(_ name: String) throws(ToolError) -> Date {
        guard let date = try day(name) else { throw ToolError("'\(name)' is required (YYYY-MM-DD)") }
        return date
    }

    /// An inclusive range of days: `[start of first, start of the day after last)`; `defaultDays` back from today
    /// when neither is given.
    func dayRange(
        from startName: String = "start", to endName: String = "end", defaultDays: Int, now: Date
    ) throws(ToolError) -> DateInterval {
        let today = calendar.startOfDay(for: now)
        let end = try day(endName).map { next($0) } ?? next(today)
        let start = try day(startName) ?? calendar.date(byAdding: .day, value: -defaultDays, to: end) ?? end
        guard start < end else { throw ToolError("'\(startName)' must not be after '\(endName)'") }
        return DateInterval(start: start, end: end)
    }

    private func next(_ day: Date) -> Date {
        calendar.date(byAdding: .day, value: 1, to: day) ?? day.addingTimeInterval(86_400)
    }

    private static func isKnown(_ type: SampleType) -> Bool {
        switch type.kind {
        case .quantity: type.quantityIdentifier?.typeDescription != nil
        case .category: type.categoryIdentifier?.typeDescription != nil
        case .correlation, .workout, .workoutRoute: true
        default: false
        }
    }
}

extension CalendarDay {
    var components: DateComponents { DateComponents(year: year, month: month, day: day) }
}
