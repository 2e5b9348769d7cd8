import Foundation
import HealthCore
import HealthQuery
import Hummingbird

/// `GET /v1/activity-summaries?from=YYYY-MM-DD&to=YYYY-MM-DD` (the rings; empty without read access) and
/// `GET /v1/characteristics` (each field only when readable).
enum SummaryRoutes {
    static func add(to group: RouterGroup<ServerContext>, services: ServerServices) {
        group.get("/activity-summaries") { request, context -> Response in
            let caller = try context.requireCaller()
            let query = Query(request)
            func day(_ name: String) throws(APIError) -> CalendarDay? {
                guard let text = try query.string(name) else { return nil }
                guard let day = CalendarDay(text) else { throw APIError.badRequest("\(name) is not a YYYY-MM-DD day") }
                return day
            }
            let summaries = try await caller.store.activitySummaries(from: try day("from"), through: try day("to"))
            return Requests.json(
                .object([
                    "activitySummaries": .array(
                        summaries.prefix(services.limits.maxPageSize * 10).map { summary in
                            var object: [String: JSONValue] = [
                                "day": .string(summary.day.description), "paused": .bool(summary.isPaused),
                            ]
                            let fields: [(String, Quantity?)] = [
                                ("activeEnergyBurned", summary.activeEnergyBurned),
                                ("activeEnergyBurnedGoal", summary.activeEnergyBurnedGoal),
                                ("appleExerciseTime", summary.appleExerciseTime),
                                ("appleExerciseTimeGoal", summary.appleExerciseTimeGoal),
                                ("appleStandHours", summary.appleStandHours),
                                ("appleStandHoursGoal", summary.appleStandHoursGoal),
                                ("appleMoveTime", summary.appleMoveTime),
                                ("appleMoveTimeGoal", summary.appleMoveTimeGoal),
                            ]
                            for (key, value) in fields { if let value { object[key] = APISampleCodec.encode(value) } }
                            return .object(object)
                        })
                ]))
        }

        group.get("/characteristics") { _, context -> Response in
            let caller = try context.requireCaller()
            let me = try await caller.store.characteristics()
            var object: [String: JSONValue] = [:]
            if let value = me.biologicalSex { object["biologicalSex"] = .string("\(value)") }
            if let value = me.bloodType { object["bloodType"] = .string("\(value)") }
            if let value = me.dateOfBirth { object["dateOfBirth"] = .string(value.description) }
            if let value = me.fitzpatrickSkinType { object["fitzpatrickSkinType"] = .string("\(value)") }
            if let value = me.wheelchairUse { object["wheelchairUse"] = .string("\(value)") }
            if let value = me.activityMoveMode { object["activityMoveMode"] = .string("\(value)") }
            return Requests.json(.object(object))
        }
    }
}
