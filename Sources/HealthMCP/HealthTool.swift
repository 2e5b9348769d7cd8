import Foundation
import MCP

/// One tool an agent can call: its definition (name, description, input and output schemas, annotations) and what
/// it does. Every tool reaches the data through the context's HealthStore, under the calling app's grants.
protocol HealthTool: Sendable {
    /// The definition `tools/list` returns.
    var definition: Tool { get }
    /// Runs the call; a ``ToolError`` becomes a tool error the agent can read and correct.
    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value
}

extension HealthTool {
    var name: String { definition.name }
}

/// JSON Schema fragments for the tools' definitions.
enum Schema {
    static func object(_ properties: [String: Value], required: [String] = []) -> Value {
        var schema: [String: Value] = [
            "type": "object", "properties": .object(properties), "additionalProperties": false,
        ]
        if !required.isEmpty { schema["required"] = .array(required.map(Value.string)) }
        return .object(schema)
    }

    static func string(_ description: String) -> Value {
        ["type": "string", "description": .string(description)]
    }

    static func day(_ description: String) -> Value {
        [
            "type": "string", "description": .string(description + " (YYYY-MM-DD, the person's time zone)"),
            "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
        ]
    }

    static func integer(_ description: String, _ range: ClosedRange<Int>) -> Value {
        [
            "type": "integer", "description": .string(description), "minimum": .int(range.lowerBound),
            "maximum": .int(range.upperBound),
        ]
    }

    static func boolean(_ description: String) -> Value {
        ["type": "boolean", "description": .string(description)]
    }

    static func number(_ description: String) -> Value {
        ["type": "number", "description": .string(description)]
    }

    static func choice(_ description: String, _ values: [String]) -> Value {
        ["type": "string", "description": .string(description), "enum": .array(values.map(Value.string))]
    }

    static let type = string(
        "The data type: an everyday name (steps, distance, active-energy, heart-rate, resting-heart-rate, weight, "
            + "sleep, exercise) or a HealthKit identifier (HKQuantityTypeIdentifierStepCount)")

    /// An output schema: an object with these top-level properties (each loosely typed) always present.
    static func output(_ properties: [String: Value], required: [String]) -> Value {
        [
            "type": "object", "properties": .object(properties),
            "required": .array(required.map(Value.string)),
        ]
    }

    static let anyArray: Value = ["type": "array"]
    static let anyObject: Value = ["type": "object"]
    static let text: Value = ["type": "string"]
    static let nullableNumber: Value = ["type": ["number", "null"]]
    static let quantity: Value = [
        "type": ["object", "null"], "properties": ["value": ["type": "number"], "unit": ["type": "string"]],
    ]

    /// Read-only annotations with a title.
    static func readOnly(_ title: String) -> Tool.Annotations {
        Tool.Annotations(
            title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true,
            openWorldHint: false)
    }
}
