import Foundation
import HealthCore
import HealthStorage

extension StorageConformance {
    static let relationChecks: [Check] = [
        Check(name: "correlationMembersAreSamplesLinkedToTheirCorrelation") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let mmHg = (try? HealthUnit(from: "mmHg")) ?? .count()
            let systolic = m.build.quantity(.bloodPressureSystolic, 120, mmHg, start: m.t0, source: Fixtures.app)
            let diastolic = m.build.quantity(.bloodPressureDiastolic, 80, mmHg, start: m.t0, source: Fixtures.app)
            let reading = Correlation(
                uuid: m.build.uuids.next(), type: .bloodPressure, start: m.t0, end: m.t0,
                quantitySamples: [systolic, diastolic], sourceRevision: SourceRevision(source: Fixtures.app))
            let loose = m.build.quantity(.bloodPressureSystolic, 130, mmHg, start: m.t0, source: Fixtures.app)
            let result = try await storage.commit(StorageCommit(inserts: [.correlation(reading), .quantity(loose)]))
            try require(
                result.anchor == 4, "correlationMembersAreSamplesLinkedToTheirCorrelation", "anchor \(result.anchor)")
            let systolics = try await storage.samples(
                matching: SampleRequest(predicate: .type(.quantity(.bloodPressureSystolic))))
            try require(
                systolics.count == 2, "correlationMembersAreSamplesLinkedToTheirCorrelation", "members are samples")
            let unlinked = try await storage.samples(
                matching: SampleRequest(predicate: .type(.quantity(.bloodPressureSystolic)) && .noCorrelation))
            try require(
                unlinked.map(\.sample.uuid) == [loose.uuid], "correlationMembersAreSamplesLinkedToTheirCorrelation",
                "noCorrelation")
            let stored = try await storage.samples(matching: SampleRequest(predicate: .uuid(reading.uuid)))
            try require(
                stored.first?.sample.correlation?.quantitySamples.map(\.uuid) == [systolic.uuid, diastolic.uuid],
                "correlationMembersAreSamplesLinkedToTheirCorrelation", "members kept with the correlation")
            let deleted = try await storage.commit(StorageCommit(deletions: [reading.uuid]))
            try require(
                Set(deleted.deleted.map(\.uuid)) == [reading.uuid, systolic.uuid, diastolic.uuid],
                "correlationMembersAreSamplesLinkedToTheirCorrelation", "deleting the correlation deletes its members")
        },
        Check(name: "workoutAssociationsAndRoutes") { subject in
            let m = Material()
            let storage = try await subject.makeStorage()
            let workout = Workout(
                uuid: m.build.uuids.next(), activityType: .running, start: m.t0, end: m.at(30),
                events: [WorkoutEvent(type: .pause, date: m.at(10)), WorkoutEvent(type: .resume, date: m.at(12))],
                sourceRevision: SourceRevision(source: Fixtures.app))
            let during = m.steps(500, 0, 10, Fixtures.app)
            let other = m.steps(500, 40, 50, Fixtures.app)
            let route = WorkoutRoute(
                uuid: m.build.uuids.next(), workoutUUID: workout.uuid,
                locations: [RouteLocation(timestamp: m.at(1), latitude: 52.5, longitude: 13.4)],
                sourceRevision: SourceRevision(source: Fixtures.app))
            _ = try await storage.commit(
                StorageCommit(
                    inserts: [.workout(workout), during, other, .workoutRoute(route)],
                    associations: [WorkoutAssociation(sample: during.uuid, workout: workout.uuid)]))
            let associated = try await storage.samples(
                matching: SampleRequest(predicate: .associated(withWorkout: workout.uuid)))
            try require(
                Set(associated.map(\.sample.uuid)) == [during.uuid, route.uuid], "workoutAssociationsAndRoutes",
                "associated set")
            let back = try await storage.samples(matching: SampleRequest(predicate: .uuid(workout.uuid)))
            try require(back.first?.sample.workout == workout, "workoutAssociationsAndRoutes", "workout round trip")
            do {
                _ = try await storage.commit(
                    StorageCommit(associations: [WorkoutAssociation(sample: other.uuid, workout: other.uuid)]))
                throw ConformanceFailure(
                    check: "workoutAssociationsAndRoutes", message: "association to a non-workout accepted")
            } catch let error as StorageError {
                try require(error.code == .unknownObject, "workoutAssociationsAndRoutes", "code \(error.code)")
            }
        },
    ]

    static let restartChecks: [Check] = [
        Check(name: "anchorsAndTombstonesSurviveReopen") { subject in
            let m = Material()
            var storage = try await subject.makeStorage()
            let a = m.steps(1, 0, 1)
            let b = m.steps(2, 1, 2)
            _ = try await storage.commit(StorageCommit(inserts: [a, b]))
            let saved = try await storage.changes(after: nil, matching: ChangeRequest()).newAnchor
            _ = try await storage.commit(StorageCommit(inserts: [m.steps(3, 2, 3)], deletions: [a.uuid]))
            try await storage.setSourceOrder([Fixtures.phone.bundleIdentifier], for: .quantity(.stepCount))
            storage = try await subject.reopen(storage)
            let after = try await storage.changes(after: saved, matching: ChangeRequest())
            try require(
                after.changes.map(\.anchor) == [3, 4], "anchorsAndTombstonesSurviveReopen",
                "changes after reopen \(after.changes.map(\.anchor))")
            let more = m.steps(4, 3, 4)
            let result = try await storage.commit(StorageCommit(inserts: [more]))
            try require(result.anchor == 5, "anchorsAndTombstonesSurviveReopen", "anchors continue after reopen")
            let order = try await storage.sourceOrder(for: .quantity(.stepCount))
            try require(
                order == [Fixtures.phone.bundleIdentifier], "anchorsAndTombstonesSurviveReopen", "order survives")
        }
    ]
}
