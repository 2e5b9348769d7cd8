import Foundation
import HealthCore
import HealthQuery
import MCP

/// `log_sample`: saves one quantity sample (a glass of water, a weight) through HealthStore's validation. Offered
/// only when the caller may share at least one type; the save itself is refused for types it may not share.
struct LogSampleTool: HealthTool {
    let definition = Tool(
        name: "log_sample",
        title: "Log a sample",
        description: """
            Saves one measurement the person tells you about: a quantity type (water, weight, caffeine, \
            mindful minutes as exercise…), a value, its unit (default: the type's own unit, e.g. kg for weight, \
            mL for water), and optionally when (default: now). It is validated as HealthKit validates a save (a \
            unit that does not fit the type, a negative count, a date in the future are refused) and saved only \
            if this app may write the type. Answers the saved sample's uuid.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type, "value": Schema.number("The value, in `unit`"),
                "unit": Schema.string("The unit (kg, lb, mL, fl_oz_us, count, kcal…); default the type's own"),
                "time": Schema.string("When, ISO 8601 with time zone (default: now)"),
            ], required: ["type", "value"]),
        annotations: Tool.Annotations(
            title: "Log a sample", readOnlyHint: false, destructiveHint: false, idempotentHint: false,
            openWorldHint: false),
        outputSchema: Schema.output(
            ["saved": ["type": "string"], "type": Schema.text, "value": Schema.quantity],
            required: ["saved", "type", "value"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type", "value", "unit", "time"])
        let type = try arguments.quantityType()
        guard let value = try arguments.number("value") else { throw ToolError("'value' is required") }
        let canonical = Answer.unit(of: type)
        var unit = canonical
        if let text = try arguments.string("unit") {
            guard let parsed = try? HealthUnit(from: text) else { throw ToolError("'unit': '\(text)' is not a unit") }
            guard parsed.isCompatible(with: canonical) else {
                throw ToolError(
                    "'unit': \(text) does not measure \(TypeNames.displayName(.quantity(type))) (its unit is \(canonical.unitString))"
                )
            }
            unit = parsed
        }
        var time = context.now
        if let text = try arguments.string("time") {
            guard let parsed = ISO8601DateFormatter().date(from: text) else {
                throw ToolError("'time' must be ISO 8601 with a time zone, e.g. 2025-06-01T08:30:00+02:00")
            }
            time = parsed
        }
        guard time <= context.now.addingTimeInterval(60) else { throw ToolError("'time' is in the future") }
        let sample = QuantitySample(
            uuid: context.store.nextObjectID(), type: type, quantity: Quantity(unit: unit, doubleValue: value),
            start: time, end: time)
        // The answer is made before the save and nothing can fail after it: an answer is either an error with
        // nothing saved or a success (an agent that retries an error must not save twice).
        let answer: Value = [
            "saved": .string(sample.uuid.uuidString), "type": .string(TypeNames.displayName(.quantity(type))),
            "value": Answer.quantity(sample.quantity, in: unit),
        ]
        guard let text = Answer.encode(answer), text.count <= Answer.maxCharacters else {
            throw ToolError("not saved: the value cannot be answered as JSON")
        }
        do {
            try await context.store.save(sample)
        } catch let error as HealthError
            where error.code == .authorizationDenied || error.code == .authorizationNotDetermined
        {
            throw ToolError("this app may not save \(TypeNames.displayName(.quantity(type))) (not authorized)")
        } catch let error as HealthError where error.code != .databaseInaccessible {
            throw ToolError("not saved: \(error.message)")
        }
        return answer
    }
}
