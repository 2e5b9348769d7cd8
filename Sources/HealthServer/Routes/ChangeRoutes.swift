import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// `GET /v1/changes?type=…[&type=…]&anchor=N&limit=L`: what was added and deleted after an anchor, in commit
/// order — HealthKit's `HKAnchoredObjectQuery` and Health Connect's changes token in one. Anchors follow commit
/// order, never sample dates, so a sample written late (a watch's resting heart rate) is never missed. Without an
/// anchor: every matching sample and no deletions. `hasMore`: ask again from `anchor`.
enum ChangeRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/changes") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let types = try query.sampleTypes()
            guard !types.isEmpty else { throw APIError.badRequest("type is missing (a HealthKit type identifier)") }
            let anchor = try query.integer("anchor", in: 0...Int(Int64.max)).map { QueryAnchor(Int64($0)) }
            let limit =
                try query.integer("limit", in: 1...services.limits.maxPageSize) ?? services.limits.defaultPageSize
            let result = try await caller.store.anchoredChanges(of: Set(types), anchor: anchor, limit: limit)
            return Requests.json(document(result))
        }
    }

    static func document(_ result: AnchoredResult) -> JSONValue {
        .object([
            "added": .array(result.added.map { APISampleCodec.encode($0) }),
            "deleted": .array(result.deleted.map(APISampleCodec.encode)),
            "anchor": .number(Double(result.newAnchor.value)), "hasMore": .bool(result.hasMore),
        ])
    }
}
