import Foundation
import HealthCore
import HealthQuery

/// Builds the route of a workout from locations: HealthKit's `HKWorkoutRouteBuilder`.
///
/// ```swift
/// let routeBuilder = HKWorkoutRouteBuilder(healthStore: store, device: nil)
/// try await routeBuilder.insertRouteData(locations)
/// let route = try await routeBuilder.finishRoute(with: workout, metadata: nil)
/// ```
///
/// Locations are kept in timestamp order; finishing saves the route and associates it with the (saved) workout in
/// one commit (HealthQuery's `WorkoutRouteBuilder` does the work). Calls after `finishRoute` or `discard` fail
/// with `HKError(.errorInvalidArgument)`.
public final class HKWorkoutRouteBuilder: HKSeriesBuilder, @unchecked Sendable {
    private let store: HKHealthStore
    private let builder: WorkoutRouteBuilder

    /// Creates a builder.
    public init(healthStore: HKHealthStore, device: HKDevice?) {
        self.store = healthStore
        self.builder = WorkoutRouteBuilder(store: healthStore.engine, device: device?.engineValue)
    }

    /// Adds locations (any order; kept sorted by timestamp).
    public func insertRouteData(_ routeData: [CLLocation]) async throws {
        let locations = routeData.map {
            RouteLocation(
                timestamp: $0.timestamp, latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude,
                altitude: $0.altitude, horizontalAccuracy: $0.horizontalAccuracy,
                verticalAccuracy: $0.verticalAccuracy, course: $0.course, speed: $0.speed)
        }
        do { try builder.insert(locations) } catch { throw HKError.from(error) }
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
        do { try builder.add(metadata: engineMetadata) } catch { throw HKError.from(error) }
    }

    /// Saves the route, associated with a saved workout.
    public func finishRoute(with workout: HKWorkout, metadata: [String: Any]?) async throws -> HKWorkoutRoute {
        let (engineMetadata, problem) = MetadataBridge.engine(metadata)
        if let problem { throw HKError.programmerError(problem) }
        _ = try store.checkedEngine()
        do {
            let route = try await builder.finish(workout: workout.uuid, metadata: engineMetadata)
            return HKWorkoutRoute(value: .workoutRoute(route))
        } catch {
            throw HKError.from(error)
        }
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
        builder.discard()
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
