import Foundation
import HealthCore
import HealthQuery
import MCP

/// How answers are written: compact JSON, units always named, dates in the person's time zone, and a size bound.
enum Answer {
    /// The most characters an answer's JSON may have: about 8,000 tokens, far below the 25,000 that agents allow
    /// a tool's answer; a question whose answer would be larger is refused with a hint to narrow it.
    static let maxCharacters = 32_000

    /// The result of a successful call: the JSON text (for clients that read text) and the same value as
    /// structured content, or a tool error when it is too large.
    static func result(_ value: Value) -> CallTool.Result {
        guard let text = encode(value) else { return error(ToolError("the answer could not be written as JSON")) }
        guard text.count <= maxCharacters else {
            return error(
                ToolError(
                    "the answer would be \(text.count / 1_000)k characters (at most \(maxCharacters / 1_000)k): "
                        + "narrow the range, use a longer interval, or page with a smaller limit"))
        }
        return CallTool.Result(
            content: [.text(text: text, annotations: nil, _meta: nil)], structuredContent: Optional(value),
            isError: false)
    }

    /// A tool error: what is wrong and how to ask instead.
    static func error(_ error: ToolError) -> CallTool.Result {
        CallTool.Result(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
    }

    static func encode(_ value: Value) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A number rounded for reading (at most 3 decimals; whole numbers stay whole).
    static func number(_ value: Double) -> Value {
        guard value.isFinite else { return .null }
        let scaled = value * 1_000
        // Past about 1.8e305 the scaling overflows: such a value has no digits below the thousandth to round.
        let rounded = scaled.isFinite ? scaled.rounded() / 1_000 : value
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return .int(Int(rounded)) }
        return .double(rounded)
    }

    static func optionalNumber(_ value: Double?) -> Value { value.map(number) ?? .null }

    /// A quantity in a unit, as `{value, unit}`.
    static func quantity(_ quantity: Quantity?, in unit: HealthUnit) -> Value {
        guard let quantity, let value = try? quantity.doubleValue(for: unit) else { return .null }
        return ["value": number(value), "unit": .string(unit.unitString)]
    }

    /// A date and time in the person's time zone (`2025-06-01T08:00:00+02:00`).
    static func dateTime(_ date: Date, _ calendar: Calendar) -> Value {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = calendar.timeZone
        formatter.formatOptions = [.withInternetDateTime]
        return .string(formatter.string(from: date))
    }

    /// The day of a date in the person's time zone (`2025-06-01`).
    static func day(_ date: Date, _ calendar: Calendar) -> Value {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return .string(String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0))
    }

    /// Minutes, rounded to one decimal.
    static func minutes(_ seconds: TimeInterval) -> Value {
        number((seconds / 6).rounded() / 10)
    }

    /// The unit a type's values are given in: the one people read — beats per minute for heart rates, kilometres
    /// for distances — else the type's canonical unit (count, kg, kcal, mL…).
    static func unit(of type: QuantityTypeIdentifier) -> HealthUnit {
        let canonical = type.typeDescription?.canonicalUnit ?? .count()
        let perMinute = HealthUnit.count().unitDivided(by: .minute())
        let kilometre = HealthUnit.meterUnit(with: .kilo)
        if canonical.isCompatible(with: perMinute) { return perMinute }
        if canonical.isCompatible(with: kilometre), type.rawValue.hasPrefix("HKQuantityTypeIdentifierDistance") {
            return kilometre
        }
        return canonical
    }

    /// A statistics number (in `from`, the result's unit) in `to`.
    static func convert(_ value: Double?, _ from: HealthUnit, _ to: HealthUnit) -> Double? {
        guard let value else { return nil }
        return try? from.convert(value, to: to)
    }
}
