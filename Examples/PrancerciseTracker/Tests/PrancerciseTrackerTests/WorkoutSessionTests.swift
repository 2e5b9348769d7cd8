import Foundation
import Testing

@testable import PrancerciseTracker

@Suite struct WorkoutSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_750_000_000)

    @Test func aSessionGoesFromNotStartedToActiveToFinished() {
        var session = WorkoutSession()
        #expect(session.state == .notStarted)
        #expect(session.completedWorkout == nil)
        session.end(at: t0)  // nothing running: ignored
        #expect(session.state == .notStarted)
        session.start(at: t0)
        #expect(session.state == .active)
        #expect(session.completedWorkout == nil)
        session.start(at: t0.addingTimeInterval(10))  // already running: ignored
        session.end(at: t0.addingTimeInterval(300))
        #expect(session.state == .finished)
        #expect(session.intervals == [PrancerciseInterval(start: t0, end: t0.addingTimeInterval(300))])
        session.clear()
        #expect(session == WorkoutSession())
    }

    @Test func theWorkoutCountsActiveTimeOnly() throws {
        var session = WorkoutSession()
        for (from, to) in [(0.0, 300.0), (420, 870), (930, 1_110)] {
            session.start(at: t0.addingTimeInterval(from))
            session.end(at: t0.addingTimeInterval(to))
        }
        let workout = try #require(session.completedWorkout)
        #expect(workout.intervals.count == 3)
        #expect(workout.start == t0)
        #expect(workout.end == t0.addingTimeInterval(1_110))
        #expect(workout.activeSeconds == 930)
        #expect(workout.kilocalories == 116.25)  // 450 kcal/h × 930 s
    }
}
