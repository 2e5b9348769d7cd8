import Foundation
import HealthCore
import HealthQuery
import MCP

/// `samples`: raw samples of a type, paged and capped.
struct SamplesTool: HealthTool {
    let definition = Tool(
        name: "samples",
        title: "Raw samples",
        description: """
            The raw samples of a type in a range of days, oldest first, as recorded (not merged: an iPhone's and \
            an Apple Watch's steps both appear — use the statistics tool for totals). Each with start, end, value \
            and unit (or the category's value name), and source. Paged: `limit` (default 20, at most 100) and \
            `offset`; `nextOffset` is set when more remain.
            """,
        inputSchema: Schema.object(
            [
                "type": Schema.type,
                "start": Schema.day("First day (default: 1 day before end)"),
                "end": Schema.day("Last day, inclusive (default: today)"),
                "limit": Schema.integer("Samples per page (default 20)", 1...100),
                "offset": Schema.integer(
                    "Samples to skip (default 0; at most 2,000: narrow the range instead)", 0...2_000),
            ], required: ["type"]),
        annotations: Schema.readOnly("Raw samples"),
        outputSchema: Schema.output(
            ["type": Schema.text, "samples": Schema.anyArray, "nextOffset": ["type": ["integer", "null"]]],
            required: ["type", "samples", "nextOffset"]))

    func run(_ arguments: ToolArguments, _ context: ToolContext) async throws -> Value {
        try arguments.allowOnly(["type", "start", "end", "limit", "offset"])
        let type = try arguments.type()
        guard type != .workoutRoute else {
            throw ToolError("routes are not listed as samples; workout_details gives a workout's route points")
        }
        let range = try arguments.dayRange(defaultDays: 1, now: context.now)
        let limit = try arguments.integer("limit", in: 1...100) ?? 20
        let offset = try arguments.integer("offset", in: 0...2_000) ?? 0
        let page = try await context.store.samples(
            of: type, predicate: .date(start: range.start, end: range.end), sort: [.startDate],
            limit: offset + limit + 1)
        let slice = page.dropFirst(offset).prefix(limit)
        return [
            "type": .string(TypeNames.displayName(type)),
            "samples": .array(slice.map { Self.encode($0, context.calendar) }),
            "nextOffset": page.count > offset + limit ? .int(offset + limit) : .null,
        ]
    }

    static func encode(_ sample: AnySample, _ calendar: Calendar) -> Value {
        var entry: [String: Value] = [
            "uuid": .string(sample.uuid.uuidString), "start": Answer.dateTime(sample.startDate, calendar),
            "end": Answer.dateTime(sample.endDate, calendar),
            "source": sample.sourceRevision.map { .string($0.source.name) } ?? .null,
        ]
        switch sample {
        case .quantity(let quantity):
            let unit = quantity.quantity.unit
            entry["value"] = Answer.optionalNumber(try? quantity.quantity.doubleValue(for: unit))
            entry["unit"] = .string(unit.unitString)
        case .category(let category):
            entry["value"] = .int(category.value)
            if let name = category.categoryType.typeDescription?.exportName(for: category.value) {
                entry["valueName"] = .string(name)
            }
        case .workout(let workout):
            entry["activity"] = .string(workout.activityType.name ?? String(workout.activityType.rawValue))
            entry["durationMinutes"] = Answer.minutes(workout.duration)
        case .correlation(let correlation):
            entry["members"] = .int(correlation.objects.count)
        case .workoutRoute(let route):
            entry["points"] = .int(route.count)
        case .payload(let payload):
            switch payload.payload {
            case .heartbeats(let beats):
                entry["beats"] = .int(beats.count)
            case .electrocardiogram(let recording):
                entry["voltageMeasurements"] = .int(recording.microvolts.count)
                entry["samplingFrequencyHz"] = Answer.optionalNumber(recording.samplingFrequency)
                entry["averageHeartRate"] = Answer.optionalNumber(recording.averageHeartRate)
            case .clinicalRecord(let record):
                entry["displayName"] = .string(record.displayName)
                entry["fhirResourceType"] = record.fhirResource.map { .string($0.resourceType) } ?? .null
            }
        }
        return .object(entry)
    }
}
