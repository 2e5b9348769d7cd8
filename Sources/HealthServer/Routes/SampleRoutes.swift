import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// Samples: save in batches (all or nothing), read with HealthKit's predicates and cursor paging, delete.
///
/// - `POST /v1/samples` `{"samples": [...]}` → `{"saved": [uuid…], "anchor": N}`; a bad sample is named by index and
///   rule, and nothing is saved. Needs the app's write grant for every type (403 with HealthKit's code otherwise).
/// - `GET /v1/samples?type=…[&type=…]&start=&end=&strictStart=&strictEnd=&source=…&sort=&limit=&cursor=`: the
///   samples the app may read (a read-denied type: only its own, with no error), `startDate` order by default;
///   `nextCursor` continues in that order.
/// - `GET /v1/samples/{uuid}`, `DELETE /v1/samples/{uuid}` (the app's own samples only), and
///   `POST /v1/samples/delete` `{"type", "start", "end"}` (the app's own samples of a type in a window).
enum SampleRoutes {
    struct SaveRequest: Decodable {
        var samples: [APISampleInput]
    }

    struct DeleteRequest: Decodable {
        var type: String
        var start: String?
        var end: String?
    }

    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.post("/samples") { request, context -> Response in
            let caller = try context.requireCaller()
            let body = try await Requests.decode(SaveRequest.self, from: request, limits: services.limits)
            guard !body.samples.isEmpty else { throw APIError.badRequest("samples is empty") }
            guard body.samples.count <= services.limits.maxBatchSamples else {
                throw APIError.badRequest(
                    "samples holds \(body.samples.count) samples; at most \(services.limits.maxBatchSamples) per request"
                )
            }
            let store = caller.store
            var samples: [AnySample] = []
            for (index, input) in body.samples.enumerated() {
                samples.append(
                    try input.sample(
                        path: "samples[\(index)]", keepSource: caller.isOwner, makeUUID: store.nextObjectID))
            }
            let anchor = try await store.save(samples)
            return Requests.json(
                .object([
                    "saved": .array(samples.map { .string($0.uuid.uuidString) }), "anchor": .number(Double(anchor)),
                ]), status: .created)
        }

        group.get("/samples") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let types = try query.sampleTypes()
            guard !types.isEmpty else { throw APIError.badRequest("type is missing (a HealthKit type identifier)") }
            var predicate = try window(query)
            let sources = query.list("source")
            if !sources.isEmpty { predicate = predicate && .or(sources.map { .source(bundleIdentifier: $0) }) }
            let limit =
                try query.integer("limit", in: 1...services.limits.maxPageSize) ?? services.limits.defaultPageSize
            let sort = try Self.sort(try query.string("sort"))
            let key = try await services.cursorKey()
            var cursor = try query.string("cursor").map { (text: String) throws(APIError) in
                try PageCursor(text: text, key: key, token: caller.token.hash)
            }
            if cursor != nil, sort != [.startDate] {
                throw APIError.badRequest("cursor pages samples in startDate order only; drop sort")
            }
            if let cursor {
                predicate = predicate && .date(start: cursor.after, end: nil, options: .strictStartDate)
            }
            let skip = cursor?.skip ?? 0
            let found = try await caller.store.samples(
                of: Set(types), predicate: predicate, sort: sort, limit: limit + skip + 1)
            let page = Array(found.dropFirst(skip).prefix(limit))
            let hasMore = found.count > skip + limit
            var document: [String: JSONValue] = ["samples": .array(page.map { APISampleCodec.encode($0) })]
            if hasMore, sort == [.startDate], let last = page.last {
                let ties = page.reversed().prefix { $0.startDate == last.startDate }.count
                let carried = page.count == ties && cursor?.after == last.startDate ? skip : 0
                cursor = PageCursor(after: last.startDate, skip: ties + carried)
                document["nextCursor"] = .string(cursor?.text(key: key, token: caller.token.hash) ?? "")
            }
            document["hasMore"] = .bool(hasMore)
            return Requests.json(.object(document))
        }

        group.get("/samples/:uuid") { request, context -> Response in
            let caller = try context.requireCaller()
            let uuid = try Self.uuid(context)
            guard let sample = try await caller.store.sample(withUUID: uuid) else {
                throw APIError.notFound("no sample \(uuid.uuidString) this token may read")
            }
            return Requests.json(APISampleCodec.encode(sample))
        }

        group.delete("/samples/:uuid") { request, context -> Response in
            let caller = try context.requireCaller()
            let uuid = try Self.uuid(context)
            guard let sample = try await caller.store.sample(withUUID: uuid) else {
                throw APIError.notFound("no sample \(uuid.uuidString) this token may read")
            }
            try await caller.store.delete([sample])
            return Response(status: .noContent)
        }

        group.post("/samples/delete") { request, context -> Response in
            let caller = try context.requireCaller()
            let body = try await Requests.decode(DeleteRequest.self, from: request, limits: services.limits)
            let type = try Query.sampleType(body.type, field: "type")
            let start = try body.start.map { (text: String) throws(APIError) -> Date in
                try APIDates.required(text, "start")
            }
            let end = try body.end.map { (text: String) throws(APIError) -> Date in try APIDates.required(text, "end") }
            let predicate: SamplePredicate = start == nil && end == nil ? .all : .date(start: start, end: end)
            let deleted = try await caller.store.deleteObjects(of: type, predicate: predicate)
            return Requests.json(.object(["deleted": .number(Double(deleted))]))
        }
    }

    /// The date window of `start`, `end`, `strictStart`, `strictEnd` (HealthKit's `predicateForSamples`).
    static func window(_ query: Query) throws(APIError) -> SamplePredicate {
        let start = try query.date("start")
        let end = try query.date("end")
        if let start, let end, end < start { throw APIError.badRequest("end is before start") }
        var options: DateOptions = []
        if try query.bool("strictStart") { options.insert(.strictStartDate) }
        if try query.bool("strictEnd") { options.insert(.strictEndDate) }
        guard start != nil || end != nil else { return .all }
        return .date(start: start, end: end, options: options)
    }

    static func sort(_ text: String?) throws(APIError) -> [SampleSortOrder] {
        switch text ?? "startDate" {
        case "startDate": [.startDate]
        case "-startDate": [SampleSortOrder(.startDate, ascending: false)]
        case "endDate": [SampleSortOrder(.endDate, ascending: true)]
        case "-endDate": [.endDateDescending]
        default: throw APIError.badRequest("sort must be startDate, -startDate, endDate or -endDate")
        }
    }

    static func uuid(_ context: ServerContext) throws(APIError) -> UUID {
        guard let text = context.parameters.get("uuid"), let uuid = UUID(uuidString: text) else {
            throw APIError.badRequest("the path does not name a UUID")
        }
        return uuid
    }
}
