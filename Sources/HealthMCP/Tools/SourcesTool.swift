import Foundation
import HealthCore
import HealthQuery
import MCP

/// `sources`: who recorded a type, and the priority that decides which overlapping samples count.
struct SourcesTool: HealthTool {
    let definition = Tool(
        name: "sources",
        title: "Sources and their priority",
        description: """
            The apps and devices that recorded a type, with how many samples each, and — for quantity types — the \
            priority order the merged statistics follow (the person's order from Data Sources & Access, else \
            HealthKit's default: manual entries, watches, phones, other apps). When samples of several sources \
            overlap, only the highest-priority source's count; this is why totals here are not double-counted.
            """,
        inputSchema: Schema.object(["type": Schema.type], required: ["type"]),
        annotations: Schema.readOnly("Sources and their priority"),
        outputSchema: Schema.output(
            ["type": Schema.text, "sources": Schema.anyArray, "priority": Schema.anyArray],
            required: ["type", "sources", "priority"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type"])
        let type = try arguments.type()
        let counts = try await context.store.sourceCounts(of: [type])
        var names: [String: String] = [:]
        for entry in counts { names[entry.record.source.bundleIdentifier] = entry.record.source.name }
        var priority: [Value] = []
        if let quantity = type.quantityIdentifier {
            let order = try await context.store.sourceOrder(for: quantity)
            priority = order.bundleIdentifiers.filter { names[$0] != nil }.enumerated().map { index, bundle in
                [
                    "rank": .int(index + 1), "source": .string(names[bundle] ?? bundle),
                    "bundleIdentifier": .string(bundle),
                ]
            }
        }
        return [
            "type": .string(TypeNames.displayName(type)),
            "sources": .array(
                counts.map { entry in
                    var source: [String: Value] = [
                        "name": .string(entry.record.source.name),
                        "bundleIdentifier": .string(entry.record.source.bundleIdentifier),
                        "samples": .int(entry.count),
                    ]
                    if let product = entry.record.productType { source["device"] = .string(product) }
                    return .object(source)
                }),
            "priority": .array(priority),
        ]
    }
}
