import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// Statistics, merged as the Health app shows them.
///
/// - `GET /v1/statistics?type=…&start=&end=&options=&separateBySource=&sourceOrder=…`: one window
///   (`HKStatisticsQuery`); 404 `no-data` when nothing matches.
/// - `GET /v1/statistics/collection?type=…&start=&end=&interval=day&anchor=&timeZone=&options=&separateBySource=`:
///   calendar buckets (`HKStatisticsCollectionQuery`) from `start` to `end` in the time zone (UTC by default), on the
///   grid of `anchor` (by default the start's midnight, or its hour for hourly buckets).
///
/// `options`: `sum`, `average`, `min`, `max`, `mostRecent`, `duration` (default: `sum` for cumulative types, `min`,
/// `max`, `average` for discrete ones). Sums merge overlapping sources by the type's source order (or
/// `sourceOrder`, bundle identifiers highest first, for this query only).
enum StatisticsRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/statistics") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let (type, options, order) = try parameters(query)
            let predicate = try SampleRoutes.window(query)
            return try await Requests.cachedJSON(request, caller: caller, services: services) {
                let result = try await caller.store.statistics(
                    of: type, predicate: predicate, options: options, sourceOrder: order)
                let names = try await caller.store.statisticsSources(of: type, bundleIdentifiers: result.sources ?? [])
                return .object(["statistics": encode(result, sourceNames: names)])
            }
        }

        group.get("/statistics/collection") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let (type, options, order) = try parameters(query)
            guard let start = try query.date("start"), let end = try query.date("end") else {
                throw APIError.badRequest("start and end are required for a collection")
            }
            guard end > start else { throw APIError.badRequest("end must be after start") }
            let interval = try interval(try query.string("interval") ?? "day")
            var calendar = Calendar(identifier: .gregorian)
            if let zoneName = try query.string("timeZone") {
                guard let zone = TimeZone(identifier: zoneName) else {
                    throw APIError.badRequest("timeZone is not an IANA time zone (e.g. Europe/Berlin)")
                }
                calendar.timeZone = zone
            } else {
                calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            }
            let estimated = end.timeIntervalSince(start) / interval.approximateSeconds
            guard estimated <= Double(services.limits.maxBuckets) else {
                throw APIError.badRequest(
                    "that is about \(Int(estimated)) \(interval.rawValue) buckets; at most \(services.limits.maxBuckets): "
                        + "narrow the range or use a longer interval")
            }
            var components = interval.components
            components.calendar = calendar
            let anchor = try query.date("anchor") ?? interval.defaultAnchor(for: start, in: calendar)
            return try await Requests.cachedJSON(request, caller: caller, services: services) {
                let collection = try await caller.store.statisticsCollection(
                    of: type, predicate: .date(start: start, end: end), options: options, anchorDate: anchor,
                    intervalComponents: components, sourceOrder: order)
                let names = try await caller.store.statisticsSources(
                    of: type, bundleIdentifiers: collection.sources())
                let buckets = collection.statistics().filter { $0.startDate < end && $0.endDate > start }
                return .object([
                    "type": .string(type.rawValue), "unit": .string(collection.unit.unitString),
                    "interval": .string(interval.rawValue), "timeZone": .string(calendar.timeZone.identifier),
                    "buckets": .array(buckets.map { encode($0, sourceNames: names) }),
                ])
            }
        }
    }

    /// The type, options and source order of a statistics request.
    static func parameters(
        _ query: Query
    ) throws(APIError) -> (QuantityTypeIdentifier, StatisticsOptions, SourceOrder?) {
        guard let text = try query.string("type") else { throw APIError.badRequest("type is missing") }
        let type = try Query.quantityType(text, field: "type")
        guard let description = type.typeDescription else { throw APIError.badRequest("type is not in the catalog") }
        var options: StatisticsOptions = []
        let names = query.list("options")
        if names.isEmpty {
            options =
                description.aggregationStyle == .cumulative
                ? .cumulativeSum : [.discreteMin, .discreteMax, .discreteAverage]
        }
        for name in names {
            switch name {
            case "sum": options.insert(.cumulativeSum)
            case "average": options.insert(.discreteAverage)
            case "min": options.insert(.discreteMin)
            case "max": options.insert(.discreteMax)
            case "mostRecent": options.insert(.mostRecent)
            case "duration": options.insert(.duration)
            default:
                throw APIError.badRequest(
                    "options: '\(name.prefix(40))' is not sum, average, min, max, mostRecent or duration")
            }
        }
        guard description.allowedStatistics.isSuperset(of: options) else {
            throw APIError.badRequest(
                "options: \(type.rawValue) is \(description.aggregationStyle.description); "
                    + (description.aggregationStyle == .cumulative
                        ? "use sum, mostRecent or duration" : "sum is not allowed"))
        }
        if try query.bool("separateBySource") { options.insert(.separateBySource) }
        let order = query.list("sourceOrder")
        return (type, options, order.isEmpty ? nil : SourceOrder(order))
    }

    static func encode(_ result: StatisticsResult, sourceNames: [String: Source]) -> JSONValue {
        var object: [String: JSONValue] = [
            "startDate": .string(APIDates.format(result.startDate)),
            "endDate": .string(APIDates.format(result.endDate)),
            "unit": .string(result.unit.unitString),
        ]
        object.merge(values(result.merged)) { $1 }
        if let sources = result.sources {
            object["sources"] = .array(
                sources.map { bundle in
                    var entry: [String: JSONValue] = ["bundleIdentifier": .string(bundle)]
                    if let name = sourceNames[bundle]?.name { entry["name"] = .string(name) }
                    if let values = result.bySource[bundle] { entry.merge(Self.values(values)) { $1 } }
                    return .object(entry)
                })
        }
        return .object(object)
    }

    static func values(_ values: StatisticsValues) -> [String: JSONValue] {
        var object: [String: JSONValue] = [:]
        if let sum = values.sum { object["sum"] = .number(sum) }
        if let average = values.average { object["average"] = .number(average) }
        if let minimum = values.minimum { object["min"] = .number(minimum) }
        if let maximum = values.maximum { object["max"] = .number(maximum) }
        if let recent = values.mostRecent { object["mostRecent"] = .number(recent) }
        if let duration = values.duration { object["duration"] = .number(duration) }
        return object
    }

    /// A bucket length from `interval=`.
    static func interval(_ text: String) throws(APIError) -> StatisticsInterval {
        guard let interval = StatisticsInterval(rawValue: text) else {
            throw APIError.badRequest("interval must be hour, day, week, month or year")
        }
        return interval
    }
}
