import Foundation
import HealthCore
import HealthQuery
import MCP

/// `overview`: which types have data, how many samples, the first and last dates, and the sources.
struct OverviewTool: HealthTool {
    let definition = Tool(
        name: "overview",
        title: "Health data overview",
        description: """
            What health data the person has: each type with data (its everyday name, identifier, number of \
            samples, first and last date) and the apps and devices (sources) that recorded it. Start here to learn \
            which types to ask about. Only types this app may read are shown.
            """,
        inputSchema: Schema.object([:]),
        annotations: Schema.readOnly("Health data overview"),
        outputSchema: Schema.output(
            ["timeZone": Schema.text, "types": Schema.anyArray, "sources": Schema.anyArray],
            required: ["timeZone", "types", "sources"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly([])
        let store = context.store
        var types: [Value] = []
        var withData: Set<SampleType> = []
        for entry in TypeNames.catalog {
            let count = try await store.count(of: [entry.type])
            guard count > 0 else { continue }
            withData.insert(entry.type)
            let first = try await store.samples(of: entry.type, sort: [SampleSortOrder(.startDate)], limit: 1).first
            let last = try await store.samples(
                of: entry.type, sort: [SampleSortOrder(.endDate, ascending: false)], limit: 1
            ).first
            types.append([
                "name": .string(entry.alias ?? entry.name), "identifier": .string(entry.type.identifier),
                "samples": .int(count),
                "first": first.map { Answer.day($0.startDate, context.calendar) } ?? .null,
                "last": last.map { Answer.day($0.endDate, context.calendar) } ?? .null,
            ])
        }
        var sources: [Value] = []
        if !withData.isEmpty {
            for entry in try await store.sourceCounts(of: withData) {
                var source: [String: Value] = [
                    "name": .string(entry.record.source.name),
                    "bundleIdentifier": .string(entry.record.source.bundleIdentifier),
                    "samples": .int(entry.count),
                ]
                if let product = entry.record.productType { source["device"] = .string(product) }
                sources.append(.object(source))
            }
        }
        return [
            "timeZone": .string(context.calendar.timeZone.identifier), "types": .array(types),
            "sources": .array(sources),
        ]
    }
}
