import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// Workouts.
///
/// - `GET /v1/workouts?start=&end=&activityType=&limit=`: workouts in start order.
/// - `GET /v1/workouts/{uuid}`: one workout with its events, activities and statistics.
/// - `GET /v1/workouts/{uuid}/route`: its route as GeoJSON (`FeatureCollection` of `LineString`s, coordinates
///   `[longitude, latitude, altitude]`, with the points' times in `properties.times`).
enum WorkoutRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/workouts") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            let window = try SampleRoutes.window(query)
            let limit =
                try query.integer("limit", in: 1...services.limits.maxPageSize) ?? services.limits.defaultPageSize
            let activity = try query.string("activityType").map {
                (name: String) throws(APIError) -> WorkoutActivityType in
                guard let type = WorkoutActivityType(name: name) ?? WorkoutActivityType(exportName: name) else {
                    throw APIError.badRequest("activityType is not a HealthKit activity (e.g. running)")
                }
                return type
            }
            // The storage applies the activity and the limit (one more than the page, to know whether more follow):
            // never every workout of the window in memory.
            let predicate = activity.map { window && .workoutActivityType($0) } ?? window
            let workouts = try await caller.store.samples(
                of: .workout, predicate: predicate, sort: [.startDate], limit: limit + 1
            ).compactMap(\.workout)
            let page = workouts.prefix(limit)
            return Requests.json(
                .object([
                    "workouts": .array(page.map { APISampleCodec.encode(.workout($0)) }),
                    "hasMore": .bool(workouts.count > limit),
                ]))
        }

        group.get("/workouts/:uuid") { request, context -> Response in
            let caller = try context.requireCaller()
            let workout = try await Self.workout(caller, context)
            guard case .object(var object) = APISampleCodec.encode(.workout(workout)) else {
                return Requests.json(APISampleCodec.encode(.workout(workout)))
            }
            object["activities"] = .array(
                workout.activities.map { activity in
                    var entry: [String: JSONValue] = [
                        "uuid": .string(activity.uuid.uuidString),
                        "activityType": .string(activity.configuration.activityType.name ?? ""),
                        "startDate": .string(APIDates.format(activity.startDate)),
                    ]
                    if let end = activity.endDate { entry["endDate"] = .string(APIDates.format(end)) }
                    if let duration = activity.duration { entry["duration"] = .number(duration) }
                    return .object(entry)
                })
            let routes = try await caller.store.samples(
                of: .workoutRoute, predicate: .associated(withWorkout: workout.uuid))
            object["routes"] = .array(routes.map { .string($0.uuid.uuidString) })
            return Requests.json(.object(object))
        }

        group.get("/workouts/:uuid/route") { request, context -> Response in
            let caller = try context.requireCaller()
            let workout = try await Self.workout(caller, context)
            let routes = try await caller.store.samples(
                of: .workoutRoute, predicate: .associated(withWorkout: workout.uuid), sort: [.startDate]
            ).compactMap(\.workoutRoute)
            var headers = HTTPFields()
            headers[.contentType] = "application/geo+json"
            let features: [JSONValue] = routes.map { route in
                .object([
                    "type": .string("Feature"),
                    "geometry": .object([
                        "type": .string("LineString"),
                        "coordinates": .array(
                            route.locations.map { point in
                                .array([.number(point.longitude), .number(point.latitude), .number(point.altitude)])
                            }),
                    ]),
                    "properties": .object([
                        "route": .string(route.uuid.uuidString),
                        "times": .array(route.locations.map { .string(APIDates.format($0.timestamp)) }),
                    ]),
                ])
            }
            var response = Requests.json(.object(["type": .string("FeatureCollection"), "features": .array(features)]))
            response.headers[.contentType] = "application/geo+json"
            return response
        }
    }

    static func workout(_ caller: Caller, _ context: ServerContext) async throws -> Workout {
        let uuid = try SampleRoutes.uuid(context)
        guard let workout = try await caller.store.sample(withUUID: uuid)?.workout else {
            throw APIError.notFound("no workout \(uuid.uuidString) this token may read")
        }
        return workout
    }
}
