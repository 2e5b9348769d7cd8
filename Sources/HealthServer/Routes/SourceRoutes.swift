import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// Sources and their priority.
///
/// - `GET /v1/sources?type=…`: the apps and devices that saved samples of the types (all catalogued types when
///   none is named), with how many each, as the app may see them.
/// - `GET /v1/source-order/{type}`: the merge order of a quantity type (the person's, else HealthKit's default).
/// - `PUT /v1/source-order/{type}` `{"order": [bundle identifiers, highest first]}` or `{"order": null}` (back to the
///   default): the person's own token only — "Data Sources & Access".
enum SourceRoutes {
    struct OrderRequest: Decodable {
        var order: [String]?
    }

    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/sources") { request, context -> Response in
            let caller = try context.requireCaller()
            var types = Set(try Query(request).sampleTypes())
            if types.isEmpty {
                types = Set(QuantityTypeCatalog.all.map { .quantity($0.identifier) })
                    .union(CategoryTypeCatalog.all.map { .category($0.identifier) }).union([.workout])
            }
            let counts = try await caller.store.sourceCounts(of: types)
            return Requests.json(
                .object([
                    "sources": .array(
                        counts.map { entry in
                            var object: [String: JSONValue] = [
                                "name": .string(entry.record.source.name),
                                "bundleIdentifier": .string(entry.record.source.bundleIdentifier),
                                "samples": .number(Double(entry.count)),
                            ]
                            if let product = entry.record.productType { object["productType"] = .string(product) }
                            return .object(object)
                        })
                ]))
        }

        group.get("/source-order/:type") { request, context -> Response in
            let caller = try context.requireCaller()
            let type = try Query.quantityType(context.parameters.get("type") ?? "", field: "type")
            let order = try await caller.store.sourceOrder(for: type)
            return Requests.json(
                .object([
                    "type": .string(type.rawValue), "order": .array(order.bundleIdentifiers.map(JSONValue.string)),
                ]))
        }

        group.put("/source-order/:type") { request, context -> Response in
            let caller = try context.requireCaller()
            guard caller.isOwner else {
                throw APIError.forbidden("only the person's own token changes the source order")
            }
            let type = try Query.quantityType(context.parameters.get("type") ?? "", field: "type")
            let body = try await Requests.decode(OrderRequest.self, from: request, limits: services.limits)
            if let order = body.order, order.count > 500 {
                throw APIError.badRequest("order lists more than 500 sources")
            }
            if let index = body.order?.firstIndex(where: { $0.isEmpty || $0.utf8.count > 200 }) {
                throw APIError.badRequest("order[\(index)] must be a bundle identifier of 1–200 bytes")
            }
            try await caller.store.setSourceOrder(body.order, for: type)
            let order = try await caller.store.sourceOrder(for: type)
            return Requests.json(
                .object([
                    "type": .string(type.rawValue), "order": .array(order.bundleIdentifiers.map(JSONValue.string)),
                ]))
        }
    }
}
