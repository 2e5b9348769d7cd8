public import Foundation
public import HealthCore

/// Builds a workout's route from locations through a ``HealthStore``: the engine behind HealthKit's
/// `HKWorkoutRouteBuilder`.
///
/// Locations are kept in timestamp order; ``finish(workout:metadata:)`` saves the route and associates it with
/// the (saved) workout in one commit. Calls after finishing or discarding throw ``HealthError``
/// `.invalidArgument`.
///
/// ```swift
/// let routeBuilder = WorkoutRouteBuilder(store: store)
/// try routeBuilder.insert(locations)
/// let route = try await routeBuilder.finish(workout: workout.uuid)
/// ```
public final class WorkoutRouteBuilder: Sendable {
    private struct State {
        var locations: [RouteLocation] = []
        var metadata = Metadata()
        var closed: String?
    }

    /// The store the route is saved through.
    public let store: HealthStore
    /// The device recording the route.
    public let device: Device?
    private let state = Locked(State())

    /// Creates a builder.
    public init(store: HealthStore, device: Device? = nil) {
        self.store = store
        self.device = device
    }

    /// Adds locations (any order; kept sorted by timestamp).
    /// - Throws: ``HealthError`` `.invalidArgument` after the route was finished or discarded.
    public func insert(_ locations: [RouteLocation]) throws(HealthError) {
        try mutate("insertRouteData") { state in
            state.locations = (state.locations + locations).sorted { $0.timestamp < $1.timestamp }
        }
    }

    /// Merges metadata into the route's.
    /// - Throws: ``HealthError`` `.invalidArgument` after the route was finished or discarded.
    public func add(metadata: Metadata) throws(HealthError) {
        try mutate("addMetadata") { $0.metadata.merge(metadata) }
    }

    /// Saves the route, associated with a saved workout, with more metadata merged in.
    /// - Returns: The saved route.
    /// - Throws: ``HealthError``: `.invalidArgument` after finishing or discarding; the store's save errors.
    public func finish(workout: UUID, metadata: Metadata = [:]) async throws -> WorkoutRoute {
        let snapshot = state.withLock { $0 }
        if let closed = snapshot.closed {
            throw HealthError(.invalidArgument, "HKWorkoutRouteBuilder.finishRoute: the builder was \(closed)")
        }
        var routeMetadata = snapshot.metadata
        routeMetadata.merge(metadata)
        let route = WorkoutRoute(
            uuid: store.nextObjectID(), workoutUUID: workout, locations: snapshot.locations, device: device,
            metadata: routeMetadata)
        try await store.save(
            [.workoutRoute(route)], associations: [WorkoutAssociation(sample: route.uuid, workout: workout)])
        state.withLock { $0.closed = "finished" }
        return route
    }

    /// Abandons the route.
    public func discard() {
        state.withLock { $0.closed = "discarded" }
    }

    private func mutate(_ call: String, _ change: (inout State) -> Void) throws(HealthError) {
        try state.withLock { (state: inout State) throws(HealthError) in
            if let closed = state.closed {
                throw HealthError(.invalidArgument, "HKWorkoutRouteBuilder.\(call): the builder was \(closed)")
            }
            change(&state)
        }
    }
}
