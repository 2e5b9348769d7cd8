import Foundation
import HealthCore
import HealthQuery
import HealthStorage
import Synchronization

/// Builds the route of a workout from locations: HealthKit's `HKWorkoutRouteBuilder`.
///
/// ```swift
/// let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
/// try await routeBuilder.insertRouteData(locations)
/// let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
/// ```
///
/// Locations are kept in timestamp order; finishing saves the route and associates it with the (saved) workout in
/// one commit. Calls after `finishRoute` or `discard` fail with `HKError(.errorInvalidArgument)`.
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private struct State {
        var locations: [RouteLocation] = []
        var metadata = Metadata()
        var closed: String?
    }

    private let store: HKHealthStore
    private let device: HKDevice?
    private let state = Mutex(State())

    /// Creates a builder.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.store = healthStore
        self.device = device
    }

    /// Adds locations (any order; kept sorted by timestamp).
    public func insertRouteData(_ routeData: [CLLocation]) async throws {
        let locations = routeData.map {
            RouteLocation(
                timestamp: $0.timestamp, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                altitude: $0.altitude, horizontalAccuracy: $0.horizontalAccuracy,
                verticalAccuracy: $0.verticalAccuracy, course: $0.course, speed: $0.speed)
        }
        try mutate("insertRouteData") { state in
            state.locations = (state.locations + locations).sorted { $0.timestamp < $1.timestamp }
        }
    }

    /// Adds locations (completion form).
    public func insertRouteData(_ routeData: [CLLocation], completion: @escaping @Sendable (Bool, (any Error)?) -> Void)
    {
        let box = LocationsBox(routeData)
        Task.detached { [self] in
            do {
                try await insertRouteData(box.locations)
                completion(true, nil)
            } catch {
                completion(false, error)
            }
        }
    }

    /// Merges metadata into the route's.
    public func addMetadata(_ metadata: [String: Any]) async throws {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError.programmerError(problem) }
        try mutate("addMetadata") { $0.metadata.merge(engineMetadata) }
    }

    /// Saves the route, associated with a saved workout.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError.programmerError(problem) }
        let engine = try store.checkedEngine()
        let snapshot = state.withLock { $0 }
        if let closed = snapshot.closed {
            throw HKError(.errorInvalidArgument, "HKWorkoutRouteBuilder.finishRoute: the builder was \(closed)")
        }
        var routeMetadata = snapshot.metadata
        routeMetadata.merge(engineMetadata)
        let route = WorkoutRoute(
            uuid: engine.nextObjectID(), workoutUUID: workout.uuid, locations: snapshot.locations,
            device: device?.engineValue, metadata: routeMetadata)
        try await store.perform {
            _ = try await $0.save(
                [.workoutRoute(route)], associations: [WorkoutAssociation(sample: route.uuid, workout: workout.uuid)])
        }
        state.withLock { $0.closed = "finished" }
        return HKWorkoutRoute(value: .workoutRoute(route))
    }

    /// Saves the route (completion form).
    public func finishRoute(
        with workout: HKWorkout, metadata: [String: Any]?,
        completion: @escaping @Sendable (HKWorkoutRoute?, (any Error)?) -> Void
    ) {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        let box = MetadataBox(engineMetadata)
        Task.detached { [self] in
            do {
                if let problem { throw HKError.programmerError(problem) }
                completion(try await finishRoute(with: workout, metadata: MetadataBridge.dictionary(box.metadata)), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Abandons the route.
    public override func discard() {
        state.withLock { $0.closed = "discarded" }
    }

    private func mutate(_ call: String, _ change: (inout State) -> Void) throws(HKError) {
        try state.withLock { (state: inout State) throws(HKError) in
            if let closed = state.closed {
                throw HKError(.errorInvalidArgument, "HKWorkoutRouteBuilder.\(call): the builder was \(closed)")
            }
            change(&state)
        }
    }
}

/// Carries locations into a background task (they are immutable).
private struct LocationsBox: @unchecked Sendable {
    let locations: [CLLocation]
    init(_ locations: [CLLocation]) { self.locations = locations }
}

/// Carries metadata into a background task.
private struct MetadataBox: Sendable {
    let metadata: Metadata
    init(_ metadata: Metadata) { self.metadata = metadata }
}
