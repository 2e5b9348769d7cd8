import Foundation
import HealthCore
import Hummingbird

/// `GET /v1/types`: the quantity and category types the server knows, with what a client needs to use them.
enum TypeRoutes {
    static func add(to group: RouterGroup<ServerContext>) {
        group.get("/types") { _, context -> Response in
            _ = try context.requireCaller()
            var types: [JSONValue] = QuantityTypeCatalog.all.map { row in
                .object([
                    "identifier": .string(row.identifier.rawValue), "kind": .string("quantity"),
                    "aggregationStyle": .string(row.aggregationStyle.description),
                    "canonicalUnit": .string(row.canonicalUnitString),
                    "appleComputed": .bool(row.isAppleComputed),
                ])
            }
            types += CategoryTypeCatalog.all.map { row in
                .object(["identifier": .string(row.identifier.rawValue), "kind": .string("category")])
            }
            types += [SampleType.workout, .workoutRoute].map { type in
                .object(["identifier": .string(type.identifier), "kind": .string(type.kind.rawValue)])
            }
            return Requests.json(.object(["types": .array(types)]))
        }
    }
}
